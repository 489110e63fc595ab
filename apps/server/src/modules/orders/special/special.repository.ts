import type { ArriveAtStoreListBody, TeaTreeListBody } from '@console/contract';
import { TEA_TREE_ADOPTION_MARK } from '@console/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  lte,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { numberedPageOf, type Paging } from '../../../db/paged-query.js';
import {
  cyclePlans,
  deliveryCompanies,
  members,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  performancePlanOrders,
  skus,
} from '../../../db/schema.js';
import { filterConditions } from '../fulfilment/fulfilment.repository.js';

const pattern = `%${TEA_TREE_ADOPTION_MARK}%`;
/** An item named, or a SKU labelled, as a tea-tree adoption. */
const adoptionItem = or(ilike(omsOrderItems.name, pattern), ilike(skus.labelName, pattern));

export const SHIP_REMINDED = 'ship_reminded';

/** Every SQL statement of the special-order calls and of the taken-not-shipped reminder. */
export function createSpecialRepository(db: Database) {
  /** A page of the store's taken orders with their upstream order (one row each); exact count. */
  function takenOrdersPage(paging: Paging, where: SQL | undefined, order: SQL[]) {
    return numberedPageOf(
      paging,
      db
        .select({
          performanceOrderNo: performanceOrders.performanceOrderNo,
          status: performanceOrders.status,
          takenAt: performanceOrders.takenAt,
          omsOrderId: omsOrders.id,
          omsOrderNo: omsOrders.omsOrderNo,
          channel: omsOrders.channel,
          customerName: omsOrders.customerName,
          receiverName: omsOrders.receiverName,
          receiverPhone: omsOrders.receiverPhone,
          payCents: omsOrders.payCents,
        })
        .from(performanceOrders)
        .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
        .where(where)
        .orderBy(...order),
      db.select({ n: count() }).from(performanceOrders).where(where),
    );
  }

  return {
    /** Whether the order carries a uEnjoy subscription SKU. */
    async hasUEnjoyItem(omsOrderId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(omsOrderItems)
        .innerJoin(skus, eq(skus.skuCode, omsOrderItems.skuCode))
        .where(and(eq(omsOrderItems.omsOrderId, omsOrderId), eq(skus.kind, 'uenjoy')))
        .limit(1);
      return row !== undefined;
    },

    /** The store's pickup orders waiting for the customer, longest waiting first; exact count. */
    pickupWaitingPage(storeId: number, body: ArriveAtStoreListBody) {
      const where = and(
        ...filterConditions(storeId, {
          status: 'wait_ship',
          deliveryType: 'pickup',
          keyword: body.keyword ?? null,
        }),
      );
      return takenOrdersPage(body, where, [asc(performanceOrders.takenAt), asc(performanceOrders.id)]);
    },

    async courierName(code: string): Promise<string | null> {
      const [courier] = await db
        .select({ name: deliveryCompanies.name })
        .from(deliveryCompanies)
        .where(eq(deliveryCompanies.code, code));
      return courier?.name ?? null;
    },

    shippedPeriods(performanceOrderId: number) {
      return db
        .select({
          period: cyclePlans.period,
          plannedDate: cyclePlans.plannedDate,
          status: cyclePlans.status,
          trackingNo: cyclePlans.trackingNo,
        })
        .from(cyclePlans)
        .where(and(eq(cyclePlans.performanceOrderId, performanceOrderId), eq(cyclePlans.status, 'shipped')))
        .orderBy(asc(cyclePlans.period));
    },

    /** The store's orders with a tea-tree adoption item, newest first; exact count. */
    teaTreePage(storeId: number, body: TeaTreeListBody) {
      const adoption = exists(
        db
          .select({ one: sql`1` })
          .from(omsOrderItems)
          .leftJoin(skus, eq(skus.skuCode, omsOrderItems.skuCode))
          .where(and(eq(omsOrderItems.omsOrderId, performanceOrders.omsOrderId), adoptionItem)),
      );
      const where = and(
        eq(performanceOrders.storeId, storeId),
        body.status === 'all' ? undefined : eq(performanceOrders.status, body.status),
        adoption,
      );
      return takenOrdersPage(body, where, [desc(performanceOrders.takenAt), desc(performanceOrders.id)]);
    },

    /** The tea-tree adoption items of these orders. */
    async adoptionItems(omsOrderIds: number[]) {
      if (omsOrderIds.length === 0) return [];
      return db
        .select({
          omsOrderId: omsOrderItems.omsOrderId,
          name: omsOrderItems.name,
          quantity: omsOrderItems.quantity,
        })
        .from(omsOrderItems)
        .leftJoin(skus, eq(skus.skuCode, omsOrderItems.skuCode))
        .where(and(inArray(omsOrderItems.omsOrderId, omsOrderIds), adoptionItem))
        .orderBy(asc(omsOrderItems.id));
    },

    /** The member who placed the order, with their level; none for a non-member. */
    async memberOf(omsOrderId: number) {
      const [owner] = await db
        .select({ memberId: omsOrders.memberId, level: members.level })
        .from(omsOrders)
        .innerJoin(members, eq(members.id, omsOrders.memberId))
        .where(eq(omsOrders.id, omsOrderId));
      return owner ?? null;
    },

    /**
     * What the member paid since `since` on their other orders, counting neither the ones the customer
     * cancelled nor the ones the store that took them cancelled.
     */
    async paidSince(memberId: number, exceptOmsOrderId: number, since: Date): Promise<number> {
      const [paid] = await db
        .select({ cents: sql<number>`coalesce(sum(${omsOrders.payCents}), 0)::int` })
        .from(omsOrders)
        .where(
          and(
            eq(omsOrders.memberId, memberId),
            ne(omsOrders.id, exceptOmsOrderId),
            ne(omsOrders.status, 'customer_cancelled'),
            sql`${omsOrders.orderedAt} >= ${since.toISOString()}::timestamptz`,
            notExists(
              db
                .select({ one: sql`1` })
                .from(performanceOrders)
                .where(
                  and(
                    eq(performanceOrders.omsOrderId, omsOrders.id),
                    eq(performanceOrders.status, 'cancelled'),
                  ),
                ),
            ),
          ),
        );
      return paid?.cents ?? 0;
    },

    /** The detail of the order's latest `prescription_attached` log row. */
    async prescriptionOf(omsOrderId: number): Promise<unknown> {
      const [attached] = await db
        .select({ detail: orderLogs.detail })
        .from(orderLogs)
        .where(and(eq(orderLogs.omsOrderId, omsOrderId), eq(orderLogs.action, 'prescription_attached')))
        .orderBy(desc(orderLogs.id))
        .limit(1);
      return attached?.detail;
    },

    /**
     * Up to `batch` orders still `wait_ship` taken before `dueBefore` by a staff member and never reminded,
     * locked `skip locked` so two sweeps never take the same one.
     */
    dueShipReminders(tx: Database, dueBefore: Date, batch: number) {
      return tx
        .select({
          id: performanceOrders.id,
          performanceOrderNo: performanceOrders.performanceOrderNo,
          storeId: performanceOrders.storeId,
          takenByUserId: performanceOrders.takenByUserId,
          omsOrderId: performanceOrders.omsOrderId,
          omsOrderNo: omsOrders.omsOrderNo,
          performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
        })
        .from(performanceOrders)
        .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
        .leftJoin(performancePlanOrders, eq(performancePlanOrders.id, performanceOrders.planId))
        .where(
          and(
            eq(performanceOrders.status, 'wait_ship'),
            lte(performanceOrders.takenAt, dueBefore),
            isNotNull(performanceOrders.takenByUserId),
            // By oms_order_id first: the log's index is (oms_order_id, id).
            notExists(
              tx
                .select({ one: sql`1` })
                .from(orderLogs)
                .where(
                  and(
                    eq(orderLogs.omsOrderId, performanceOrders.omsOrderId),
                    eq(orderLogs.performanceOrderId, performanceOrders.id),
                    eq(orderLogs.action, SHIP_REMINDED),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(performanceOrders.takenAt), asc(performanceOrders.id))
        .limit(batch)
        .for('update', { of: performanceOrders, skipLocked: true });
    },

    /**
     * Of the locked orders, those already reminded. The locking select judged "never reminded" on the snapshot it
     * started with; a sweep that committed its reminder while this one waited for the lock is only seen by a new
     * statement, and the lock held now keeps any later sweep out until this one commits.
     */
    async remindedAmong(
      tx: Database,
      orders: readonly { id: number; omsOrderId: number }[],
    ): Promise<Set<number>> {
      if (orders.length === 0) return new Set();
      const rows = await tx
        .select({ performanceOrderId: orderLogs.performanceOrderId })
        .from(orderLogs)
        .where(
          and(
            inArray(orderLogs.omsOrderId, [...new Set(orders.map((o) => o.omsOrderId))]),
            inArray(
              orderLogs.performanceOrderId,
              orders.map((o) => o.id),
            ),
            eq(orderLogs.action, SHIP_REMINDED),
          ),
        );
      return new Set(rows.map((r) => r.performanceOrderId!));
    },
  };
}

export type SpecialRepository = ReturnType<typeof createSpecialRepository>;
