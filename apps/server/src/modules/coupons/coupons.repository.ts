import type { couponTemplateFilters, exchangeFilters, MemberCouponStatus } from '@console/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf } from '../../db/paged-query.js';
import { coupons, couponStores, memberCoupons, members, skus, stores, users } from '../../db/schema.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';

type TemplateFilter = z.output<typeof couponTemplateFilters.request>;
export type ExchangeFilter = z.output<typeof exchangeFilters.filters>;
export type CouponRecord = typeof coupons.$inferSelect;
export type MemberCouponRecord = typeof memberCoupons.$inferSelect;
type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'exchangedCount' | 'createdAt'>;

export const exchangeColumns = {
  id: memberCoupons.id,
  exchangeNo: memberCoupons.couponNo,
  couponId: memberCoupons.couponId,
  coupon: {
    kind: coupons.kind,
    name: coupons.name,
    valueCents: coupons.valueCents,
    thresholdCents: coupons.thresholdCents,
    discountRate: coupons.discountRate,
    maxDiscountCents: coupons.maxDiscountCents,
  },
  memberName: members.name,
  memberPhone: members.phone,
  points: memberCoupons.points,
  status: memberCoupons.status,
  clerkName: sql<string>`coalesce(${users.nickName}, '')`,
  exchangedAt: memberCoupons.createdAt,
  validTo: memberCoupons.validTo,
  cancelledAt: memberCoupons.cancelledAt,
  cancelReason: memberCoupons.cancelReason,
};

/** The shown status of a member coupon: an unused one past its validity reads as expired. */
export function shownStatus(status: string, validTo: Date, now: Date): MemberCouponStatus {
  if (status === 'unused' && validTo.getTime() <= now.getTime()) return 'expired';
  return status as MemberCouponStatus;
}

/** The condition of a shown status (expired and unused split on the validity). */
function statusCondition(status: MemberCouponStatus, now: Date): SQL {
  if (status === 'expired') return and(eq(memberCoupons.status, 'unused'), lte(memberCoupons.validTo, now))!;
  if (status === 'unused') return and(eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, now))!;
  return eq(memberCoupons.status, status);
}

/** Every SQL statement of coupons: templates, their stores, members' coupons and exchange records. */
export function createCouponsRepository(db: Database) {
  const exchangeWhere = (storeId: number, filter: ExchangeFilter, now: Date): SQL => {
    const where: SQL[] = [
      eq(memberCoupons.storeId, storeId),
      eq(memberCoupons.source, 'exchange'),
      ...withinShanghaiDays(memberCoupons.createdAt, filter.dateFrom, filter.dateTo),
    ];
    if (filter.status !== 'all') where.push(statusCondition(filter.status, now));
    if (filter.couponId) where.push(eq(memberCoupons.couponId, filter.couponId));
    if (filter.keyword)
      where.push(
        or(
          eq(memberCoupons.couponNo, filter.keyword),
          eq(members.phone, filter.keyword),
          eq(members.memberNo, filter.keyword),
        )!,
      );
    return and(...where)!;
  };
  const exchangeSelect = (tx: Database) =>
    tx
      .select(exchangeColumns)
      .from(memberCoupons)
      .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
      .innerJoin(members, eq(members.id, memberCoupons.memberId))
      .leftJoin(users, eq(users.id, memberCoupons.userId));

  return {
    async templatePage(filter: TemplateFilter) {
      const where: SQL[] = [];
      if (filter.keyword) where.push(sql`${coupons.name} like ${likeContains(filter.keyword)}`);
      if (filter.kind) where.push(eq(coupons.kind, filter.kind));
      if (filter.enabled != null) where.push(eq(coupons.enabled, filter.enabled));
      const condition = where.length > 0 ? and(...where) : undefined;
      return numberedPageOf(
        filter,
        db.select().from(coupons).where(condition).orderBy(desc(coupons.id)),
        db.select({ n: count() }).from(coupons).where(condition),
      );
    },

    async template(id: number, tx: Database = db): Promise<CouponRecord | null> {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).limit(1);
      return row ?? null;
    },

    /** The coupon, locked: exchanges of one coupon run one after another (stock, per-member limit). */
    async lockTemplate(tx: Database, id: number): Promise<CouponRecord | null> {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      return row ?? null;
    },

    async storeCodesOf(couponIds: readonly number[], tx: Database = db): Promise<Map<number, string[]>> {
      const byCoupon = new Map<number, string[]>();
      if (couponIds.length === 0) return byCoupon;
      const rows = await tx
        .select({ couponId: couponStores.couponId, code: stores.shopCode })
        .from(couponStores)
        .innerJoin(stores, eq(stores.id, couponStores.storeId))
        .where(inArray(couponStores.couponId, [...couponIds]))
        .orderBy(asc(stores.shopCode));
      for (const { couponId, code } of rows)
        byCoupon.set(couponId, [...(byCoupon.get(couponId) ?? []), code]);
      return byCoupon;
    },

    async knownSkuCodes(codes: readonly string[]): Promise<string[]> {
      if (codes.length === 0) return [];
      const rows = await db
        .select({ code: skus.skuCode })
        .from(skus)
        .where(inArray(skus.skuCode, [...codes]));
      return rows.map((r) => r.code);
    },

    async insertTemplate(tx: Database, values: CouponValues): Promise<CouponRecord> {
      const [row] = await tx.insert(coupons).values(values).returning();
      return row!;
    },

    async updateTemplate(tx: Database, id: number, values: CouponValues): Promise<CouponRecord | null> {
      const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
      return row ?? null;
    },

    async setStores(tx: Database, couponId: number, storeIds: readonly number[]): Promise<void> {
      await tx.delete(couponStores).where(eq(couponStores.couponId, couponId));
      if (storeIds.length > 0)
        await tx.insert(couponStores).values(storeIds.map((storeId) => ({ couponId, storeId })));
    },

    /**
     * The coupons a store may offer for points now: enabled, priced in points, inside the exchange window,
     * stock left, and the store in scope.
     */
    exchangeableAt(storeId: number, now: Date) {
      return db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.enabled, true),
            gt(coupons.points, 0),
            lte(coupons.exchangeFrom, now),
            gt(coupons.exchangeTo, now),
            sql`${coupons.exchangedCount} < ${coupons.stock}`,
            or(
              eq(coupons.storeScope, 'all'),
              sql`exists (select 1 from ${couponStores} where ${couponStores.couponId} = ${coupons.id}
                and ${couponStores.storeId} = ${storeId})`,
            ),
          ),
        )
        .orderBy(asc(coupons.points), asc(coupons.id));
    },

    async storeInScope(tx: Database, couponId: number, storeId: number): Promise<boolean> {
      const [row] = await tx
        .select({ couponId: couponStores.couponId })
        .from(couponStores)
        .where(and(eq(couponStores.couponId, couponId), eq(couponStores.storeId, storeId)))
        .limit(1);
      return row !== undefined;
    },

    /** Exchanges the member holds per coupon (undone ones do not count against the limit). */
    async heldByMember(memberId: number, couponIds: readonly number[], tx: Database = db) {
      const held = new Map<number, number>();
      if (couponIds.length === 0) return held;
      const rows = await tx
        .select({ couponId: memberCoupons.couponId, n: count() })
        .from(memberCoupons)
        .where(
          and(
            eq(memberCoupons.memberId, memberId),
            inArray(memberCoupons.couponId, [...couponIds]),
            eq(memberCoupons.source, 'exchange'),
            ne(memberCoupons.status, 'cancelled'),
          ),
        )
        .groupBy(memberCoupons.couponId);
      for (const { couponId, n } of rows) held.set(couponId, Number(n));
      return held;
    },

    /** Takes one from the coupon's stock if any is left; false when it is gone. */
    async takeStock(tx: Database, couponId: number): Promise<boolean> {
      const rows = await tx
        .update(coupons)
        .set({ exchangedCount: sql`${coupons.exchangedCount} + 1` })
        .where(and(eq(coupons.id, couponId), sql`${coupons.exchangedCount} < ${coupons.stock}`))
        .returning({ id: coupons.id });
      return rows.length > 0;
    },

    async returnStock(tx: Database, couponId: number): Promise<void> {
      await tx
        .update(coupons)
        .set({ exchangedCount: sql`greatest(${coupons.exchangedCount} - 1, 0)` })
        .where(eq(coupons.id, couponId));
    },

    async couponNoTaken(couponNo: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: memberCoupons.id })
        .from(memberCoupons)
        .where(eq(memberCoupons.couponNo, couponNo))
        .limit(1);
      return row !== undefined;
    },

    async insertMemberCoupon(tx: Database, values: typeof memberCoupons.$inferInsert) {
      const [row] = await tx.insert(memberCoupons).values(values).returning();
      return row!;
    },

    exchangePage(storeId: number, filter: z.output<typeof exchangeFilters.request>, now: Date) {
      const condition = exchangeWhere(storeId, filter, now);
      return numberedPageOf(
        filter,
        exchangeSelect(db).where(condition).orderBy(desc(memberCoupons.createdAt), desc(memberCoupons.id)),
        db
          .select({ n: count() })
          .from(memberCoupons)
          .innerJoin(members, eq(members.id, memberCoupons.memberId))
          .where(condition),
      );
    },

    /** Export pages of the same list, by id (newest first). */
    async exchangeBatch(
      storeId: number,
      filter: ExchangeFilter,
      now: Date,
      beforeId: number | null,
      n: number,
    ) {
      const where = [exchangeWhere(storeId, filter, now)];
      if (beforeId !== null) where.push(sql`${memberCoupons.id} < ${beforeId}`);
      return exchangeSelect(db)
        .where(and(...where))
        .orderBy(desc(memberCoupons.id))
        .limit(n);
    },

    async countExchanges(storeId: number, filter: ExchangeFilter, now: Date, limit: number) {
      const capped = db
        .select({ id: memberCoupons.id })
        .from(memberCoupons)
        .innerJoin(members, eq(members.id, memberCoupons.memberId))
        .where(exchangeWhere(storeId, filter, now))
        .limit(limit)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return Number(row?.n ?? 0);
    },

    /** The store's exchange record; null when missing or another store's. */
    async exchange(storeId: number, exchangeNo: string, tx: Database = db) {
      const [row] = await exchangeSelect(tx)
        .where(
          and(
            eq(memberCoupons.couponNo, exchangeNo),
            eq(memberCoupons.storeId, storeId),
            eq(memberCoupons.source, 'exchange'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async lockExchange(
      tx: Database,
      storeId: number,
      exchangeNo: string,
    ): Promise<MemberCouponRecord | null> {
      const [row] = await tx
        .select()
        .from(memberCoupons)
        .where(
          and(
            eq(memberCoupons.couponNo, exchangeNo),
            eq(memberCoupons.storeId, storeId),
            eq(memberCoupons.source, 'exchange'),
          ),
        )
        .for('update');
      return row ?? null;
    },

    cancelExchange(tx: Database, id: number, by: { userId: number; reason: string; at: Date }) {
      return tx
        .update(memberCoupons)
        .set({ status: 'cancelled', cancelledAt: by.at, cancelledBy: by.userId, cancelReason: by.reason })
        .where(and(eq(memberCoupons.id, id), eq(memberCoupons.status, 'unused')))
        .returning({ id: memberCoupons.id });
    },

    async memberPoints(memberId: number, tx: Database = db): Promise<number> {
      const [row] = await tx.select({ points: members.points }).from(members).where(eq(members.id, memberId));
      return row?.points ?? 0;
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
export type ExchangeRead = NonNullable<Awaited<ReturnType<CouponsRepository['exchange']>>>;
