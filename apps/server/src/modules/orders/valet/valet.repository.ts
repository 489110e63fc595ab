import type { ValetKind, ValetStatus } from '@console/contract';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { numberedPageOf } from '../../../db/paged-query.js';
import {
  memberAddresses,
  members,
  omsOrders,
  performancePlanOrders,
  skus,
  stores,
  users,
  valetOrders,
} from '../../../db/schema.js';
import { likeContains } from '../../../db/like-pattern.js';
import { withinShanghaiDays } from '../../../db/shanghai-days.js';
import { storeInScope, type DataScope } from '../../roles/data-scope.js';

/** What a list of valet orders is filtered by; a page of it adds `pageNum` and `pageSize`. */
export type ValetFilters = {
  status?: 'all' | ValetStatus | null | undefined;
  keyword?: string | null | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
};
export type ValetFilter = ValetFilters & { pageNum: number; pageSize: number };

/**
 * Whose valet orders: one store's (the store's pages), or every store of a head-office data scope, optionally
 * narrowed to one store by code (积分订单).
 */
export type ValetStores = { storeId: number } | { scope: DataScope; storeCode?: string | null | undefined };

const summaryColumns = {
  order: valetOrders,
  memberName: members.name,
  memberPhone: members.phone,
  createdByName: users.nickName,
  storeCode: stores.shopCode,
  storeName: stores.shopName,
};
export type SummaryRow = {
  order: typeof valetOrders.$inferSelect;
  memberName: string;
  memberPhone: string;
  createdByName: string;
  storeCode: string;
  storeName: string;
};

/** Every SQL statement of valet orders: the store's filtered page, one order with its upstream offer, the writes. */
export function createValetRepository(db: Database) {
  /** The condition on `valet_orders` joined with `stores` for `whose`. */
  function storesCondition(whose: ValetStores): SQL | undefined {
    if ('storeId' in whose) return eq(valetOrders.storeId, whose.storeId);
    return and(
      storeInScope(db, whose.scope),
      whose.storeCode ? eq(stores.shopCode, whose.storeCode) : undefined,
    );
  }

  /** The filters of a list of one kind of these stores, on valet_orders joined with members and stores. */
  function listWhere(whose: ValetStores, kind: ValetKind, filter: ValetFilters) {
    const keyword = filter.keyword?.trim();
    return and(
      storesCondition(whose),
      eq(valetOrders.kind, kind),
      !filter.status || filter.status === 'all' ? undefined : eq(valetOrders.status, filter.status),
      ...withinShanghaiDays(valetOrders.createdAt, filter.dateFrom, filter.dateTo),
      keyword
        ? or(
            eq(valetOrders.valetOrderNo, keyword),
            eq(valetOrders.omsOrderNo, keyword),
            eq(members.phone, keyword),
            ilike(members.name, likeContains(keyword)),
          )
        : undefined,
    );
  }

  const summarySelect = () =>
    db
      .select(summaryColumns)
      .from(valetOrders)
      .innerJoin(members, eq(members.id, valetOrders.memberId))
      .innerJoin(users, eq(users.id, valetOrders.createdByUserId))
      .innerJoin(stores, eq(stores.id, valetOrders.storeId));

  return {
    async list(whose: ValetStores, kind: ValetKind, filter: ValetFilter) {
      const where = listWhere(whose, kind, filter);
      return numberedPageOf(
        filter,
        summarySelect().where(where).orderBy(desc(valetOrders.createdAt), desc(valetOrders.id)),
        db
          .select({ n: count() })
          .from(valetOrders)
          .innerJoin(members, eq(members.id, valetOrders.memberId))
          .innerJoin(stores, eq(stores.id, valetOrders.storeId))
          .where(where),
      );
    },

    /** The list's next `n` rows after `before` (newest first), for an export. */
    batch(
      whose: ValetStores,
      kind: ValetKind,
      filter: ValetFilters,
      before: { createdAt: Date; id: number } | null,
      n: number,
    ): Promise<SummaryRow[]> {
      const after = before
        ? sql`(${valetOrders.createdAt}, ${valetOrders.id}) < (${before.createdAt}, ${before.id})`
        : undefined;
      return summarySelect()
        .where(and(listWhere(whose, kind, filter), after))
        .orderBy(desc(valetOrders.createdAt), desc(valetOrders.id))
        .limit(n);
    },

    /** The list's rows counted up to `limit`. */
    async countUpTo(whose: ValetStores, kind: ValetKind, filter: ValetFilters, limit: number) {
      const capped = db
        .select({ id: valetOrders.id })
        .from(valetOrders)
        .innerJoin(members, eq(members.id, valetOrders.memberId))
        .innerJoin(stores, eq(stores.id, valetOrders.storeId))
        .where(listWhere(whose, kind, filter))
        .limit(limit)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return Number(row?.n ?? 0);
    },

    /** Either kind, by number, of these stores only. */
    async detail(whose: ValetStores, valetOrderNo: string) {
      const [row] = await db
        .select({
          ...summaryColumns,
          memberNo: members.memberNo,
          memberPublicId: members.publicId,
          memberPoints: members.points,
          address: {
            receiverName: memberAddresses.receiverName,
            receiverPhone: memberAddresses.receiverPhone,
            regionName: memberAddresses.regionName,
            detail: memberAddresses.detail,
          },
        })
        .from(valetOrders)
        .innerJoin(members, eq(members.id, valetOrders.memberId))
        .innerJoin(users, eq(users.id, valetOrders.createdByUserId))
        .innerJoin(stores, eq(stores.id, valetOrders.storeId))
        .leftJoin(memberAddresses, eq(memberAddresses.id, valetOrders.addressId))
        .where(and(eq(valetOrders.valetOrderNo, valetOrderNo), storesCondition(whose)))
        .limit(1);
      return row ?? null;
    },
    /** The upstream offer a confirmed valet order became. */
    async planOf(omsOrderNo: string) {
      const [plan] = await db
        .select({
          performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
          status: performancePlanOrders.status,
          takenStoreName: stores.shopName,
        })
        .from(omsOrders)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.omsOrderId, omsOrders.id))
        .leftJoin(stores, eq(stores.id, performancePlanOrders.takenStoreId))
        .where(eq(omsOrders.omsOrderNo, omsOrderNo))
        .limit(1);
      return plan ?? null;
    },

    async insert(values: typeof valetOrders.$inferInsert, tx: Database = db) {
      const [row] = await tx
        .insert(valetOrders)
        .values(values)
        .returning({ valetOrderNo: valetOrders.valetOrderNo, status: valetOrders.status });
      return row!;
    },

    /** An enabled uEnjoy SKU by code. */
    async uenjoySku(skuCode: string, tx: Database = db) {
      const [sku] = await tx
        .select()
        .from(skus)
        .where(and(eq(skus.skuCode, skuCode), eq(skus.kind, 'uenjoy'), eq(skus.enabled, true)))
        .limit(1);
      return sku ?? null;
    },

    /** Enabled SKUs by code. */
    enabledSkus(codes: string[], tx: Database = db) {
      return tx
        .select()
        .from(skus)
        .where(and(inArray(skus.skuCode, codes), eq(skus.enabled, true)));
    },

    /** The store's valet order of this kind, locked for the change. */
    async lock(tx: Database, storeId: number, kind: ValetKind, valetOrderNo: string) {
      const [row] = await tx
        .select()
        .from(valetOrders)
        .where(
          and(
            eq(valetOrders.valetOrderNo, valetOrderNo),
            eq(valetOrders.storeId, storeId),
            eq(valetOrders.kind, kind),
          ),
        )
        .for('update');
      return row ?? null;
    },

    async member(tx: Database, memberId: number) {
      const [member] = await tx.select().from(members).where(eq(members.id, memberId));
      return member!;
    },

    /** The store's valet order of this kind with the member whose points it spends (no lock). */
    async withMember(storeId: number, kind: ValetKind, valetOrderNo: string) {
      const [row] = await db
        .select({
          order: valetOrders,
          member: {
            id: members.id,
            publicId: members.publicId,
            phone: members.phone,
            points: members.points,
          },
        })
        .from(valetOrders)
        .innerJoin(members, eq(members.id, valetOrders.memberId))
        .where(
          and(
            eq(valetOrders.valetOrderNo, valetOrderNo),
            eq(valetOrders.storeId, storeId),
            eq(valetOrders.kind, kind),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Marks the member's address as last used now and answers it (none when it is gone). */
    async useAddress(tx: Database, addressId: number, now: Date) {
      const [row] = await tx
        .update(memberAddresses)
        .set({ lastUsedAt: now })
        .where(eq(memberAddresses.id, addressId))
        .returning();
      return row ?? null;
    },

    async store(tx: Database, storeId: number) {
      const [store] = await tx.select().from(stores).where(eq(stores.id, storeId));
      return store!;
    },

    async omsOrderId(tx: Database, omsOrderNo: string) {
      const [oms] = await tx
        .select({ id: omsOrders.id })
        .from(omsOrders)
        .where(eq(omsOrders.omsOrderNo, omsOrderNo));
      return oms!.id;
    },

    /** Moves the valet order on if it is still in `from`; the rows it changed. */
    setStatus(tx: Database, id: number, from: ValetStatus, change: Partial<typeof valetOrders.$inferInsert>) {
      return tx
        .update(valetOrders)
        .set(change)
        .where(and(eq(valetOrders.id, id), eq(valetOrders.status, from)))
        .returning({ id: valetOrders.id });
    },

    /** The valet orders behind these upstream orders (valet channels only), with their creators. */
    async behindUpstream(tx: Database, omsOrderIds: readonly number[]) {
      if (omsOrderIds.length === 0) return [];
      return tx
        .select({
          id: valetOrders.id,
          valetOrderNo: valetOrders.valetOrderNo,
          status: valetOrders.status,
          kind: valetOrders.kind,
          items: valetOrders.items,
          storeId: valetOrders.storeId,
          createdByUserId: valetOrders.createdByUserId,
          omsOrderNo: omsOrders.omsOrderNo,
        })
        .from(omsOrders)
        .innerJoin(valetOrders, eq(valetOrders.valetOrderNo, omsOrders.sourceOrderNo))
        .where(
          and(
            inArray(omsOrders.id, [...omsOrderIds]),
            inArray(omsOrders.channel, ['valet_integral', 'valet_uenjoy']),
          ),
        );
    },
  };
}

export type ValetRepository = ReturnType<typeof createValetRepository>;
