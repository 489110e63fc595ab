import type { IssueSchemeState, platformSchemeFilters, storeSchemeFilters } from '@console/contract';
import { and, asc, count, countDistinct, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf } from '../../db/paged-query.js';
import {
  coupons,
  issueSchemeCoupons,
  issueSchemes,
  issueSchemeStores,
  memberCoupons,
} from '../../db/schema.js';
import { linkedStoreCodes } from '../stores/stores-of-codes.js';

export type SchemeRecord = typeof issueSchemes.$inferSelect;
type SchemeValues = Omit<typeof issueSchemes.$inferInsert, 'id' | 'issuedCount' | 'createdAt' | 'schemeNo'>;

function stateCondition(state: IssueSchemeState, now: Date): SQL {
  if (state === 'not_started') return gt(issueSchemes.startAt, now);
  if (state === 'ended') return lte(issueSchemes.endAt, now);
  return and(lte(issueSchemes.startAt, now), gt(issueSchemes.endAt, now))!;
}

const inStoreScope = (storeId: number) =>
  or(
    eq(issueSchemes.storeScope, 'all'),
    sql`exists (select 1 from ${issueSchemeStores} where ${issueSchemeStores.schemeId} = ${issueSchemes.id}
      and ${issueSchemeStores.storeId} = ${storeId})`,
  )!;

/** Every SQL statement of issue schemes. */
export function createSchemesRepository(db: Database) {
  const page = (where: SQL[], paging: { pageNum: number; pageSize: number }) => {
    const condition = where.length > 0 ? and(...where) : undefined;
    return numberedPageOf(
      paging,
      db.select().from(issueSchemes).where(condition).orderBy(desc(issueSchemes.id)),
      db.select({ n: count() }).from(issueSchemes).where(condition),
    );
  };

  return {
    platformPage(filter: z.output<typeof platformSchemeFilters.request>, now: Date) {
      const where: SQL[] = [];
      if (filter.keyword) where.push(sql`${issueSchemes.name} like ${likeContains(filter.keyword)}`);
      if (filter.state !== 'all') where.push(stateCondition(filter.state, now));
      if (filter.channel)
        where.push(sql`${issueSchemes.channels} @> ${JSON.stringify([filter.channel])}::jsonb`);
      if (filter.visible != null) where.push(eq(issueSchemes.visible, filter.visible));
      return page(where, filter);
    },

    storePage(storeId: number, filter: z.output<typeof storeSchemeFilters.request>, now: Date) {
      const where: SQL[] = [eq(issueSchemes.visible, true), inStoreScope(storeId)];
      if (filter.keyword) where.push(sql`${issueSchemes.name} like ${likeContains(filter.keyword)}`);
      if (filter.state !== 'all') where.push(stateCondition(filter.state, now));
      return page(where, filter);
    },

    async scheme(id: number, tx: Database = db): Promise<SchemeRecord | null> {
      const [row] = await tx.select().from(issueSchemes).where(eq(issueSchemes.id, id)).limit(1);
      return row ?? null;
    },

    async lockScheme(tx: Database, id: number): Promise<SchemeRecord | null> {
      const [row] = await tx.select().from(issueSchemes).where(eq(issueSchemes.id, id)).for('update');
      return row ?? null;
    },

    async couponsOf(schemeId: number, tx: Database = db) {
      return tx
        .select({
          couponId: issueSchemeCoupons.couponId,
          count: issueSchemeCoupons.count,
          coupon: coupons,
        })
        .from(issueSchemeCoupons)
        .innerJoin(coupons, eq(coupons.id, issueSchemeCoupons.couponId))
        .where(eq(issueSchemeCoupons.schemeId, schemeId))
        .orderBy(asc(issueSchemeCoupons.couponId));
    },

    storeCodesOf: (schemeId: number, tx: Database = db) =>
      linkedStoreCodes(
        tx,
        { table: issueSchemeStores, parent: issueSchemeStores.schemeId, storeId: issueSchemeStores.storeId },
        schemeId,
      ),

    async existingCouponIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(inArray(coupons.id, [...ids]));
      return rows.map((r) => r.id);
    },

    async insert(tx: Database, values: SchemeValues & { schemeNo: string }): Promise<SchemeRecord> {
      const [row] = await tx.insert(issueSchemes).values(values).returning();
      return row!;
    },

    async update(tx: Database, id: number, values: SchemeValues): Promise<SchemeRecord> {
      const [row] = await tx.update(issueSchemes).set(values).where(eq(issueSchemes.id, id)).returning();
      return row!;
    },

    async setParts(
      tx: Database,
      schemeId: number,
      parts: { coupons: { couponId: number; count: number }[]; storeIds: number[] },
    ): Promise<void> {
      await tx.delete(issueSchemeCoupons).where(eq(issueSchemeCoupons.schemeId, schemeId));
      await tx.insert(issueSchemeCoupons).values(parts.coupons.map((c) => ({ schemeId, ...c })));
      await tx.delete(issueSchemeStores).where(eq(issueSchemeStores.schemeId, schemeId));
      if (parts.storeIds.length > 0)
        await tx.insert(issueSchemeStores).values(parts.storeIds.map((storeId) => ({ schemeId, storeId })));
    },

    setVisible(tx: Database, id: number, visible: boolean, at: Date) {
      return tx
        .update(issueSchemes)
        .set({ visible, updatedAt: at })
        .where(eq(issueSchemes.id, id))
        .returning();
    },

    /** Deletes the scheme if it is not running and never issued; the rows deleted. */
    deleteIfIdle(tx: Database, id: number, now: Date) {
      return tx
        .delete(issueSchemes)
        .where(
          and(
            eq(issueSchemes.id, id),
            eq(issueSchemes.issuedCount, 0),
            or(gt(issueSchemes.startAt, now), lte(issueSchemes.endAt, now)),
          ),
        )
        .returning({ id: issueSchemes.id });
    },

    /** One issue more, only while the quantity allows it: false when it is used up. */
    async takeIssue(tx: Database, id: number): Promise<boolean> {
      const rows = await tx
        .update(issueSchemes)
        .set({ issuedCount: sql`${issueSchemes.issuedCount} + 1` })
        .where(and(eq(issueSchemes.id, id), sql`${issueSchemes.issuedCount} < ${issueSchemes.quantity}`))
        .returning({ issuedCount: issueSchemes.issuedCount });
      return rows.length > 0;
    },

    /** Issues of the scheme a member received (each issue writes one row per coupon: count the distinct batches). */
    async issuesTo(tx: Database, schemeId: number, memberId: number): Promise<number> {
      const [row] = await tx
        .select({ n: countDistinct(sql`split_part(${memberCoupons.couponNo}, '-', 1)`) })
        .from(memberCoupons)
        .where(and(eq(memberCoupons.schemeId, schemeId), eq(memberCoupons.memberId, memberId)));
      return Number(row?.n ?? 0);
    },

    async memberCount(schemeId: number): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(memberCoupons.memberId) })
        .from(memberCoupons)
        .where(eq(memberCoupons.schemeId, schemeId));
      return Number(row?.n ?? 0);
    },

    async insertIssued(tx: Database, rows: (typeof memberCoupons.$inferInsert)[]) {
      await tx.insert(memberCoupons).values(rows);
    },

    inStoreScope: async (tx: Database, schemeId: number, storeId: number) => {
      const [row] = await tx
        .select({ id: issueSchemes.id })
        .from(issueSchemes)
        .where(and(eq(issueSchemes.id, schemeId), inStoreScope(storeId)));
      return row !== undefined;
    },
  };
}
