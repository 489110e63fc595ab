import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  approvalTasks,
  stockBalances,
  stockTransfers,
  stockWarehouses,
  stores,
  userStores,
  users,
} from '../../db/schema.js';
import { batchesWithStock } from './stock-ledger.js';

/** The SQL of the inventory demo traffic: what is next to move, among the demo stores only. */
export function createDemoTrafficRepository(db: Database) {
  return {
    /** The demo stores that exist, by name, with their codes. */
    storesNamed: (names: readonly string[]) =>
      db
        .select({ id: stores.id, code: stores.shopCode, name: stores.shopName })
        .from(stores)
        .where(and(inArray(stores.shopName, [...names]), eq(stores.enabled, true)))
        .orderBy(asc(stores.id)),

    /** The enabled users with these usernames and the stores each is authorised for. */
    async usersNamed(usernames: readonly string[]) {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          nickName: users.nickName,
          storeId: userStores.storeId,
        })
        .from(users)
        .leftJoin(userStores, eq(userStores.userId, users.id))
        .where(and(inArray(users.username, [...usernames]), eq(users.enabled, true)));
      const byName = new Map<string, { id: number; nickName: string; storeIds: Set<number> }>();
      for (const row of rows) {
        const user = byName.get(row.username) ?? { id: row.id, nickName: row.nickName, storeIds: new Set() };
        if (row.storeId !== null) user.storeIds.add(row.storeId);
        byName.set(row.username, user);
      }
      return byName;
    },

    /** The oldest transfer in `status` between two of `storeIds`. */
    async oldestTransfer(status: string, storeIds: readonly number[]) {
      const [row] = await db
        .select({
          id: stockTransfers.id,
          fromStoreId: stockTransfers.fromStoreId,
          toStoreId: stockTransfers.toStoreId,
        })
        .from(stockTransfers)
        .where(
          and(
            eq(stockTransfers.status, status),
            inArray(stockTransfers.fromStoreId, [...storeIds]),
            inArray(stockTransfers.toStoreId, [...storeIds]),
          ),
        )
        .orderBy(asc(stockTransfers.updatedAt), asc(stockTransfers.id))
        .limit(1);
      return row;
    },

    /** The oldest pending task of the demo stores that `approverId` did not request. */
    async oldestPendingTask(storeIds: readonly number[], approverId: number) {
      const [row] = await db
        .select({ id: approvalTasks.id, storeId: approvalTasks.storeId })
        .from(approvalTasks)
        .where(
          and(
            eq(approvalTasks.status, 'pending'),
            ne(approvalTasks.requesterId, approverId),
            inArray(approvalTasks.storeId, [...storeIds]),
            or(
              sql`${approvalTasks.otherStoreId} is null`,
              inArray(approvalTasks.otherStoreId, [...storeIds]),
            ),
          ),
        )
        .orderBy(asc(approvalTasks.id))
        .limit(1);
      return row;
    },

    async warehouseId(): Promise<number | null> {
      const [row] = await db
        .select({ storeId: stockWarehouses.storeId })
        .from(stockWarehouses)
        .orderBy(asc(stockWarehouses.storeId))
        .limit(1);
      return row?.storeId ?? null;
    },

    /** The batch of a SKU at a store with the most available (what a clerk would ship from). */
    async fullestBatch(storeId: number, skuId: number) {
      const [row] = await batchesWithStock(db, storeId, skuId)
        .orderBy(desc(sql`${stockBalances.onHand} - ${stockBalances.reserved}`), asc(stockBalances.batchNo))
        .limit(1);
      return row;
    },

    /** SKUs the store has available, most first (what another store would ask it for). */
    skusAvailableAt: (storeId: number, limit: number) =>
      db
        .select({
          skuId: stockBalances.skuId,
          available: sql<number>`sum(${stockBalances.onHand} - ${stockBalances.reserved})`.mapWith(Number),
        })
        .from(stockBalances)
        .where(and(eq(stockBalances.storeId, storeId), gt(stockBalances.onHand, stockBalances.reserved)))
        .groupBy(stockBalances.skuId)
        .orderBy(
          desc(sql`sum(${stockBalances.onHand} - ${stockBalances.reserved})`),
          asc(stockBalances.skuId),
        )
        .limit(limit),
  };
}
