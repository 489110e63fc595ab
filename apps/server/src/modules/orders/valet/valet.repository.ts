import type { ValetKind, ValetStatus } from '@console/contract';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
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

export type ValetFilter = {
  status: 'all' | ValetStatus;
  keyword?: string | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
  pageNum: number;
  pageSize: number;
};

const DAY_MS = 86_400_000;
const dayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * DAY_MS).toISOString();

const summaryColumns = {
  order: valetOrders,
  memberName: members.name,
  memberPhone: members.phone,
  createdByName: users.nickName,
};
export type SummaryRow = {
  order: typeof valetOrders.$inferSelect;
  memberName: string;
  memberPhone: string;
  createdByName: string;
};

/** Every SQL statement of valet orders: the store's filtered page, one order with its upstream offer, the writes. */
export function createValetRepository(db: Database) {
  return {
    async list(storeId: number, kind: ValetKind, filter: ValetFilter) {
      const keyword = filter.keyword?.trim();
      const where = and(
        eq(valetOrders.storeId, storeId),
        eq(valetOrders.kind, kind),
        filter.status === 'all' ? undefined : eq(valetOrders.status, filter.status),
        filter.dateFrom
          ? sql`${valetOrders.createdAt} >= ${dayStart(filter.dateFrom)}::timestamptz`
          : undefined,
        filter.dateTo
          ? sql`${valetOrders.createdAt} < ${dayStart(filter.dateTo, 1)}::timestamptz`
          : undefined,
        keyword
          ? or(
              eq(valetOrders.valetOrderNo, keyword),
              eq(valetOrders.omsOrderNo, keyword),
              eq(members.phone, keyword),
              ilike(members.name, likeContains(keyword)),
            )
          : undefined,
      );
      return numberedPageOf(
        filter,
        db
          .select(summaryColumns)
          .from(valetOrders)
          .innerJoin(members, eq(members.id, valetOrders.memberId))
          .innerJoin(users, eq(users.id, valetOrders.createdByUserId))
          .where(where)
          .orderBy(desc(valetOrders.createdAt), desc(valetOrders.id)),
        db
          .select({ n: count() })
          .from(valetOrders)
          .innerJoin(members, eq(members.id, valetOrders.memberId))
          .where(where),
      );
    },

    /** Either kind, by number, of this store only. */
    async detail(storeId: number, valetOrderNo: string) {
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
        .leftJoin(memberAddresses, eq(memberAddresses.id, valetOrders.addressId))
        .where(and(eq(valetOrders.valetOrderNo, valetOrderNo), eq(valetOrders.storeId, storeId)))
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
