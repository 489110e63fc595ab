import type { OfferDetail, OfferPage } from '@console/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  omsOrderItems,
  omsOrders,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
} from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import { maskName, maskPhone, offerSummaryOf } from './offer-format.js';
import { mapPage, numberedPage } from '../../../db/paged-query.js';

export const PLAN_TEXT = { notFound: '订单不存在' };

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

/** Reads of plan orders as one candidate store sees them. */
export function createPlanQueries(db: Database) {
  const candidatePlans = () =>
    db
      .select(summaryColumns)
      .from(planCandidates)
      .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
      .innerJoin(omsOrders, eq(omsOrders.id, performancePlanOrders.omsOrderId));

  async function itemsOf(omsOrderIds: number[]) {
    if (omsOrderIds.length === 0) return new Map<number, (typeof omsOrderItems.$inferSelect)[]>();
    const rows = await db
      .select()
      .from(omsOrderItems)
      .where(inArray(omsOrderItems.omsOrderId, omsOrderIds))
      .orderBy(asc(omsOrderItems.id));
    const byOrder = new Map<number, (typeof omsOrderItems.$inferSelect)[]>();
    for (const row of rows) byOrder.set(row.omsOrderId, [...(byOrder.get(row.omsOrderId) ?? []), row]);
    return byOrder;
  }

  async function page(
    storeId: number,
    filter: SQL,
    order: SQL[],
    paging: { pageNum: number; pageSize: number },
    now: Date,
  ): Promise<OfferPage> {
    const where = and(eq(planCandidates.storeId, storeId), filter);
    const page = await numberedPage(paging, {
      rows: ({ limit, offset }) =>
        candidatePlans()
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      count: db
        .select({ n: count() })
        .from(planCandidates)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
        .where(where),
    });
    const items = await itemsOf(page.list.map((r) => r.omsOrderId));
    return mapPage(page, (row) => offerSummaryOf(row, items.get(row.omsOrderId) ?? [], now));
  }

  return {
    /** Offers the store can grab now, nearest first, then the oldest. */
    offers(storeId: number, paging: { pageNum: number; pageSize: number }, now: Date) {
      return page(
        storeId,
        grabbable(now),
        [
          asc(planCandidates.distanceMeters),
          asc(performancePlanOrders.offeredAt),
          asc(performancePlanOrders.id),
        ],
        paging,
        now,
      );
    },

    /** Offers nobody took in time, the most recently lapsed first. */
    untaken(storeId: number, paging: { pageNum: number; pageSize: number }, now: Date) {
      return page(
        storeId,
        untaken(now),
        [desc(performancePlanOrders.expiresAt), desc(performancePlanOrders.id)],
        paging,
        now,
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

    /** One plan in any state, for a store that is (or was) a candidate; 404 for any other store. */
    async detail(
      storeId: number,
      performancePlanOrderNo: string,
      now: Date,
      may: { rob: boolean; take: boolean },
    ): Promise<OfferDetail> {
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
      if (!row) throw notFound(PLAN_TEXT.notFound, 'ORDER_NOT_FOUND');
      const items = (await itemsOf([row.omsOrderId])).get(row.omsOrderId) ?? [];
      const summary = offerSummaryOf(row, items, now);
      const mine = row.status === 'taken' && row.takenStoreId === storeId;
      // Until this store has taken it, the customer's contact details stay masked.
      const contact = (phone: string) => (mine ? phone : maskPhone(phone));
      return {
        ...summary,
        customerName: mine ? row.customerName : summary.customerName,
        customerPhone: contact(row.customerPhone),
        receiverName: mine ? row.receiverName : maskName(row.receiverName),
        receiverPhone: contact(row.receiverPhone),
        addressDetail: row.addressDetail,
        freightCents: row.freightCents,
        discountCents: row.discountCents,
        buyerRemark: row.buyerRemark,
        invoiceType: row.invoiceType,
        invoiceTitle: row.invoiceTitle,
        sourceOrderNo: row.sourceOrderNo,
        items: items.map((i) => ({
          skuCode: i.skuCode,
          name: i.name,
          spec: i.spec,
          quantity: i.quantity,
          unitCents: i.unitCents,
          amountCents: i.amountCents,
          points: i.points,
        })),
        takenByThisStore: mine,
        performanceOrderNo: mine ? (row.performanceOrderNo ?? null) : null,
        takenAt: row.takenAt ? shanghaiDateTime(row.takenAt) : null,
        canGrab: may.rob && summary.status === 'offering',
        canTake: may.take && summary.status === 'expired',
      };
    },
  };
}

export type PlanQueries = ReturnType<typeof createPlanQueries>;
