import type { DeliveryType } from '@console/contract';
import { and, asc, count, desc, eq, exists, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { mapPage, numberedPageOf, type Paging } from '../../../db/paged-query.js';
import {
  cyclePlans,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
  skus,
  users,
} from '../../../db/schema.js';
import { withinShanghaiDays } from '../../../db/shanghai-days.js';
import { systemOperator } from '../order-log.js';

/** The untaken list's filters (`untakenFilters` of the contract) with its page. */
export type UntakenFilter = Paging & {
  deliveryType?: DeliveryType | null | undefined;
  keyword?: string | null | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
};

export type OrderItemRecord = typeof omsOrderItems.$inferSelect;

const summaryColumns = {
  planId: performancePlanOrders.id,
  performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
  status: performancePlanOrders.status,
  offeredAt: performancePlanOrders.offeredAt,
  expiresAt: performancePlanOrders.expiresAt,
  takenStoreId: performancePlanOrders.takenStoreId,
  takenAt: performancePlanOrders.takenAt,
  omsOrderId: omsOrders.id,
  omsOrderNo: omsOrders.omsOrderNo,
  channel: omsOrders.channel,
  deliveryType: omsOrders.deliveryType,
  customerName: omsOrders.customerName,
  regionName: omsOrders.regionName,
  goodsCents: omsOrders.goodsCents,
  payCents: omsOrders.payCents,
  pointsUsed: omsOrders.pointsUsed,
  distanceMeters: planCandidates.distanceMeters,
};

/** Still open to grab: offering and not past its expiry (by the app clock). */
export const grabbable = (now: Date): SQL =>
  and(eq(performancePlanOrders.status, 'offering'), gt(performancePlanOrders.expiresAt, now))!;

/** Nobody took it in time: expired, or offering past its expiry before the sweep wrote it. */
export const untaken = (now: Date): SQL =>
  or(
    eq(performancePlanOrders.status, 'expired'),
    and(eq(performancePlanOrders.status, 'offering'), lte(performancePlanOrders.expiresAt, now)),
  )!;

/** Every SQL statement of plan orders: the reads as one candidate store sees them, the grab and the expiry. */
export function createPlansRepository(db: Database) {
  const candidatePlans = () =>
    db
      .select(summaryColumns)
      .from(planCandidates)
      .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
      .innerJoin(omsOrders, eq(omsOrders.id, performancePlanOrders.omsOrderId));

  async function itemsOf(omsOrderIds: number[], tx: Database = db) {
    if (omsOrderIds.length === 0) return new Map<number, OrderItemRecord[]>();
    const rows = await tx
      .select()
      .from(omsOrderItems)
      .where(inArray(omsOrderItems.omsOrderId, omsOrderIds))
      .orderBy(asc(omsOrderItems.id));
    const byOrder = new Map<number, OrderItemRecord[]>();
    for (const row of rows) byOrder.set(row.omsOrderId, [...(byOrder.get(row.omsOrderId) ?? []), row]);
    return byOrder;
  }

  /** One page of the store's plans with the items of each. */
  async function page(storeId: number, filter: SQL, order: SQL[], paging: Paging) {
    const where = and(eq(planCandidates.storeId, storeId), filter);
    const page = await numberedPageOf(
      paging,
      candidatePlans()
        .where(where)
        .orderBy(...order),
      db
        .select({ n: count() })
        .from(planCandidates)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
        .innerJoin(omsOrders, eq(omsOrders.id, performancePlanOrders.omsOrderId))
        .where(where),
    );
    const items = await itemsOf(page.list.map((r) => r.omsOrderId));
    return mapPage(page, (row) => ({ row, items: items.get(row.omsOrderId) ?? [] }));
  }

  return {
    itemsOf,

    /** Offers the store can grab now, nearest first, then the oldest. */
    offers(storeId: number, paging: Paging, now: Date) {
      return page(
        storeId,
        grabbable(now),
        [
          asc(planCandidates.distanceMeters),
          asc(performancePlanOrders.offeredAt),
          asc(performancePlanOrders.id),
        ],
        paging,
      );
    },

    /** Offers nobody took in time, the most recently lapsed first, by the list's filters. */
    untaken(storeId: number, filter: UntakenFilter, now: Date) {
      const { deliveryType, keyword } = filter;
      return page(
        storeId,
        and(
          untaken(now),
          deliveryType ? eq(omsOrders.deliveryType, deliveryType) : undefined,
          keyword
            ? or(eq(performancePlanOrders.performancePlanOrderNo, keyword), eq(omsOrders.omsOrderNo, keyword))
            : undefined,
          ...withinShanghaiDays(performancePlanOrders.expiresAt, filter.dateFrom, filter.dateTo),
        )!,
        [desc(performancePlanOrders.expiresAt), desc(performancePlanOrders.id)],
        filter,
      );
    },

    /** How many offers the store can grab now (the dashboard card 待抢订单). */
    async grabbableCount(storeId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(planCandidates)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
        .where(and(eq(planCandidates.storeId, storeId), grabbable(now)));
      return Number(row?.total ?? 0);
    },

    /** One plan in any state, for a store that is (or was) a candidate. */
    async detail(storeId: number, performancePlanOrderNo: string) {
      const [row] = await db
        .select({
          ...summaryColumns,
          customerPhone: omsOrders.customerPhone,
          receiverName: omsOrders.receiverName,
          receiverPhone: omsOrders.receiverPhone,
          addressDetail: omsOrders.addressDetail,
          freightCents: omsOrders.freightCents,
          discountCents: omsOrders.discountCents,
          buyerRemark: omsOrders.buyerRemark,
          invoiceType: omsOrders.invoiceType,
          invoiceTitle: omsOrders.invoiceTitle,
          sourceOrderNo: omsOrders.sourceOrderNo,
          performanceOrderNo: performanceOrders.performanceOrderNo,
        })
        .from(planCandidates)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
        .innerJoin(omsOrders, eq(omsOrders.id, performancePlanOrders.omsOrderId))
        .leftJoin(performanceOrders, eq(performanceOrders.planId, performancePlanOrders.id))
        .where(
          and(
            eq(planCandidates.storeId, storeId),
            eq(performancePlanOrders.performancePlanOrderNo, performancePlanOrderNo),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * The one conditional UPDATE that decides who takes a plan: it matches only while the plan is in `state`
     * and the store is one of its candidates. Returns the plan taken, none when it was not this store's to take.
     */
    claim(
      tx: Database,
      input: {
        performancePlanOrderNo: string;
        state: SQL;
        storeId: number;
        userId: number;
        at: Date;
      },
    ) {
      const isCandidate = exists(
        tx
          .select({ one: sql`1` })
          .from(planCandidates)
          .where(
            and(
              eq(planCandidates.planId, performancePlanOrders.id),
              eq(planCandidates.storeId, input.storeId),
            ),
          ),
      );
      return tx
        .update(performancePlanOrders)
        .set({ status: 'taken', takenStoreId: input.storeId, takenByUserId: input.userId, takenAt: input.at })
        .where(
          and(
            eq(performancePlanOrders.performancePlanOrderNo, input.performancePlanOrderNo),
            input.state,
            isCandidate,
          ),
        )
        .returning({ id: performancePlanOrders.id, omsOrderId: performancePlanOrders.omsOrderId });
    },

    /** The plan as a candidate store sees its state; null when the store is not one of its candidates. */
    async candidatePlanState(tx: Database, storeId: number, performancePlanOrderNo: string) {
      const [plan] = await tx
        .select({
          status: performancePlanOrders.status,
          expiresAt: performancePlanOrders.expiresAt,
          takenStoreId: performancePlanOrders.takenStoreId,
          takenByName: users.nickName,
        })
        .from(performancePlanOrders)
        .innerJoin(
          planCandidates,
          and(eq(planCandidates.planId, performancePlanOrders.id), eq(planCandidates.storeId, storeId)),
        )
        .leftJoin(users, eq(users.id, performancePlanOrders.takenByUserId))
        .where(eq(performancePlanOrders.performancePlanOrderNo, performancePlanOrderNo))
        .limit(1);
      return plan ?? null;
    },

    async omsOrder(tx: Database, omsOrderId: number) {
      const [order] = await tx.select().from(omsOrders).where(eq(omsOrders.id, omsOrderId));
      return order!;
    },

    async insertPerformanceOrder(tx: Database, values: typeof performanceOrders.$inferInsert) {
      const [performance] = await tx
        .insert(performanceOrders)
        .values(values)
        .returning({ id: performanceOrders.id });
      return performance!;
    },

    /** The uEnjoy SKU among these with the most delivery periods, if any. */
    async longestSubscription(tx: Database, skuCodes: string[]) {
      const [plan] = await tx
        .select({ periods: skus.cyclePeriods, intervalDays: skus.cycleIntervalDays })
        .from(skus)
        .where(and(inArray(skus.skuCode, skuCodes), eq(skus.kind, 'uenjoy')))
        .orderBy(sql`${skus.cyclePeriods} desc`)
        .limit(1);
      return plan ?? null;
    },

    async insertCyclePlans(tx: Database, rows: (typeof cyclePlans.$inferInsert)[]) {
      await tx.insert(cyclePlans).values(rows);
    },

    /**
     * Marks up to `batch` offers past their expiry `expired` (skipping rows another sweep holds), each with an
     * `expired` log row; returns the plans it expired.
     */
    async expireDue(tx: Database, input: { now: Date; storeId?: number | undefined; batch: number }) {
      const { now, storeId, batch } = input;
      const due = tx
        .select({ id: performancePlanOrders.id })
        .from(performancePlanOrders)
        .where(
          and(
            eq(performancePlanOrders.status, 'offering'),
            lte(performancePlanOrders.expiresAt, now),
            storeId === undefined
              ? undefined
              : exists(
                  tx
                    .select({ one: sql`1` })
                    .from(planCandidates)
                    .where(
                      and(
                        eq(planCandidates.planId, performancePlanOrders.id),
                        eq(planCandidates.storeId, storeId),
                      ),
                    ),
                ),
          ),
        )
        .limit(batch)
        .for('update', { skipLocked: true });
      const expired = await tx
        .update(performancePlanOrders)
        .set({ status: 'expired' })
        .where(and(inArray(performancePlanOrders.id, due), eq(performancePlanOrders.status, 'offering')))
        .returning({
          omsOrderId: performancePlanOrders.omsOrderId,
          performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
        });
      if (expired.length > 0)
        await tx.insert(orderLogs).values(
          expired.map((plan) => ({
            omsOrderId: plan.omsOrderId,
            action: 'expired',
            fromStatus: 'offering',
            toStatus: 'expired',
            operatorId: systemOperator.id,
            operatorName: systemOperator.name,
            detail: { performancePlanOrderNo: plan.performancePlanOrderNo },
            createdAt: now,
          })),
        );
      return expired;
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
