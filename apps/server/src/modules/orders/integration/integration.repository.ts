import { and, asc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  customerIntentions,
  members,
  omsOrderItems,
  omsOrders,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
  skus,
  stores,
  users,
  userStores,
} from '../../../db/schema.js';
import type { Coordinates } from '../../stores/geo.js';

export type StoreLocation = { id: number; shopCode: string; latitude: number; longitude: number };
export type PerformanceOrderRecord = typeof performanceOrders.$inferSelect;

const storeLocation = {
  id: stores.id,
  shopCode: stores.shopCode,
  latitude: stores.latitude,
  longitude: stores.longitude,
};

/** Every SQL statement of the upstream intake, the candidate-store choice and the demo traffic. */
export function createIntegrationRepository(db: Database) {
  return {
    /** An order pushed before: its plan and its candidate stores, nearest first. */
    async existingPush(omsOrderNo: string, tx: Database = db) {
      const [row] = await tx
        .select({
          planId: performancePlanOrders.id,
          performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
          status: performancePlanOrders.status,
          expiresAt: performancePlanOrders.expiresAt,
        })
        .from(omsOrders)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.omsOrderId, omsOrders.id))
        .where(eq(omsOrders.omsOrderNo, omsOrderNo))
        .limit(1);
      if (!row) return null;
      const candidates = await tx
        .select({ shopCode: stores.shopCode })
        .from(planCandidates)
        .innerJoin(stores, eq(stores.id, planCandidates.storeId))
        .where(eq(planCandidates.planId, row.planId))
        .orderBy(asc(planCandidates.distanceMeters), asc(stores.shopCode));
      return { ...row, candidateStoreCodes: candidates.map((c) => c.shopCode) };
    },

    enabledSkus(codes: readonly string[], tx: Database = db) {
      return tx
        .select()
        .from(skus)
        .where(and(inArray(skus.skuCode, [...codes]), eq(skus.enabled, true)));
    },

    async enabledStoreId(shopCode: string, tx: Database = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.shopCode, shopCode), eq(stores.enabled, true)))
        .limit(1);
      return row?.id ?? null;
    },

    /** The member by number, else by phone; orders of non-members carry none. */
    async memberIdOf(customer: { phone: string; memberNo?: string | undefined }, tx: Database = db) {
      const [row] = await tx
        .select({ id: members.id })
        .from(members)
        .where(
          customer.memberNo ? eq(members.memberNo, customer.memberNo) : eq(members.phone, customer.phone),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /** The named stores that exist and are enabled. */
    namedStores(codes: readonly string[], tx: Database = db): Promise<StoreLocation[]> {
      return tx
        .select(storeLocation)
        .from(stores)
        .where(and(inArray(stores.shopCode, [...codes]), eq(stores.enabled, true)));
    },

    /** The `limit` enabled, located stores nearest to `address` (haversine, as the store list orders them). */
    nearestStores(address: Coordinates, limit: number, tx: Database = db): Promise<StoreLocation[]> {
      const lat = sql`${address.latitude}::double precision`;
      const lng = sql`${address.longitude}::double precision`;
      const distance = sql`asin(least(1, sqrt(
        power(sin(radians(${stores.latitude} - ${lat}) / 2), 2)
        + cos(radians(${lat})) * cos(radians(${stores.latitude})) * power(sin(radians(${stores.longitude} - ${lng}) / 2), 2)
      )))`;
      return tx
        .select(storeLocation)
        .from(stores)
        .where(and(eq(stores.enabled, true), or(ne(stores.latitude, 0), ne(stores.longitude, 0))))
        .orderBy(sql`${distance} asc`, asc(stores.shopCode))
        .limit(limit);
    },

    /** The new OMS order, or undefined when a concurrent push of the same number got there first. */
    async insertOmsOrder(values: typeof omsOrders.$inferInsert, tx: Database = db) {
      const [order] = await tx
        .insert(omsOrders)
        .values(values)
        .onConflictDoNothing({ target: omsOrders.omsOrderNo })
        .returning({ id: omsOrders.id });
      return order;
    },

    async insertOrderItems(rows: (typeof omsOrderItems.$inferInsert)[], tx: Database = db) {
      await tx.insert(omsOrderItems).values(rows);
    },

    async insertPlan(values: typeof performancePlanOrders.$inferInsert, tx: Database = db) {
      const [plan] = await tx
        .insert(performancePlanOrders)
        .values(values)
        .returning({ id: performancePlanOrders.id });
      return plan!;
    },

    async insertCandidates(rows: (typeof planCandidates.$inferInsert)[], tx: Database = db) {
      await tx.insert(planCandidates).values(rows);
    },

    /** Row locks, in the order every writer takes them (OMS order → plan → performance order). */
    async lockOrder(omsOrderNo: string, tx: Database) {
      const [order] = await tx
        .select()
        .from(omsOrders)
        .where(eq(omsOrders.omsOrderNo, omsOrderNo))
        .for('update');
      return order;
    },
    async lockPlanOf(omsOrderId: number, tx: Database) {
      const [plan] = await tx
        .select()
        .from(performancePlanOrders)
        .where(eq(performancePlanOrders.omsOrderId, omsOrderId))
        .for('update');
      return plan;
    },
    async lockPerformanceOf(planId: number, tx: Database) {
      const [performance] = await tx
        .select()
        .from(performanceOrders)
        .where(eq(performanceOrders.planId, planId))
        .for('update');
      return performance;
    },

    async cancelPlan(planId: number, tx: Database) {
      await tx
        .update(performancePlanOrders)
        .set({ status: 'cancelled' })
        .where(eq(performancePlanOrders.id, planId));
    },

    async markCustomerCancelled(omsOrderId: number, tx: Database) {
      await tx.update(omsOrders).set({ status: 'customer_cancelled' }).where(eq(omsOrders.id, omsOrderId));
    },

    /** The plan's candidate stores, nearest first. */
    async candidateStoreIds(planId: number, tx: Database = db): Promise<number[]> {
      const rows = await tx
        .select({ storeId: planCandidates.storeId })
        .from(planCandidates)
        .where(eq(planCandidates.planId, planId))
        .orderBy(asc(planCandidates.distanceMeters));
      return rows.map((r) => r.storeId);
    },

    /** Cancels the performance order if it is still in the status read. */
    async cancelPerformanceOrder(
      performance: PerformanceOrderRecord,
      change: { cancelledAt: Date; cancelReason: string },
      tx: Database,
    ) {
      await tx
        .update(performanceOrders)
        .set({ status: 'cancelled', ...change, version: performance.version + 1 })
        .where(
          and(eq(performanceOrders.id, performance.id), eq(performanceOrders.status, performance.status)),
        );
    },

    async intentionExists(omsConsultantsNo: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: customerIntentions.id })
        .from(customerIntentions)
        .where(eq(customerIntentions.omsConsultantsNo, omsConsultantsNo))
        .limit(1);
      return row !== undefined;
    },

    /** The new intention, or undefined when a concurrent push of the same number got there first. */
    async insertIntention(values: typeof customerIntentions.$inferInsert, tx: Database = db) {
      const [row] = await tx
        .insert(customerIntentions)
        .values(values)
        .onConflictDoNothing({ target: customerIntentions.omsConsultantsNo })
        .returning({ id: customerIntentions.id });
      return row;
    },

    /** A random enabled, located store with staff; `usernames` narrows the staff to these sign-ins. */
    async randomStaffedStore(usernames: readonly string[] | null, tx: Database = db) {
      const staffed = exists(
        tx
          .select({ one: sql`1` })
          .from(userStores)
          .innerJoin(users, eq(users.id, userStores.userId))
          .where(
            and(
              eq(userStores.storeId, stores.id),
              usernames ? inArray(users.username, [...usernames]) : undefined,
            ),
          ),
      );
      const [store] = await tx
        .select({
          latitude: stores.latitude,
          longitude: stores.longitude,
          shopCountyCode: stores.shopCountyCode,
          regionName: sql<string>`${stores.shopProvinceName} || ${stores.shopCityName} || ${stores.shopCountyName}`,
        })
        .from(stores)
        .where(and(eq(stores.enabled, true), or(ne(stores.latitude, 0), ne(stores.longitude, 0)), staffed))
        .orderBy(sql`random()`)
        .limit(1);
      return store ?? null;
    },

    /** The SKU codes an online order may carry (retail and uEnjoy, on sale). */
    async onlineSkuCodes(tx: Database = db): Promise<string[]> {
      const rows = await tx
        .select({ skuCode: skus.skuCode })
        .from(skus)
        .where(and(eq(skus.enabled, true), or(eq(skus.kind, 'retail'), eq(skus.kind, 'uenjoy'))));
      return rows.map((r) => r.skuCode);
    },
  };
}

export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
