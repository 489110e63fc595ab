import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { approvalTasks, stockBalances } from '../../db/schema.js';
import type { TestApp } from '../../test/test-app.js';
import { staffPost, type OrderStaff, type OrderStore } from '../orders/orders-test-fixtures.js';
import { createStockLedger, keyOf } from './stock-ledger.js';

/** What the inventory API tests share: calls as a store's clerk, stock put in through the ledger, reads. */
export function inventoryTestKit(t: TestApp) {
  const post = (who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) =>
    staffPost(t, path, who, { storeCode: store.code, ...body });
  return {
    post,

    /** The call's data; anything but 200 fails the test with the answer. */
    async ok<T>(who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) {
      const response = await post(who, path, store, body);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json<{ data: T }>().data;
    },

    /** A receipt of `quantity` into the store's batch (expiring on `expiryDate`). */
    async receive(
      store: OrderStore,
      skuId: number,
      batchNo: string,
      quantity: number,
      expiryDate = '2027-10-01',
    ) {
      await t.db.transaction((tx) =>
        createStockLedger().increase(
          tx as unknown as Database,
          { storeId: store.id, skuId, batchNo },
          { productionDate: '2026-01-01', expiryDate },
          { onHand: quantity },
          'receipt',
          { type: 'receipt', id: 1, no: `RC${batchNo}`, userId: null },
        ),
      );
    },

    async onHand(store: OrderStore, skuId: number, batchNo: string): Promise<number> {
      const key = { storeId: store.id, skuId, batchNo };
      const [row] = await t.db.select({ onHand: stockBalances.onHand }).from(stockBalances).where(keyOf(key));
      return row?.onHand ?? 0;
    },

    /** The latest approval task of a document. */
    async taskOf(docId: number, busiType: number) {
      const [task] = await t.db
        .select()
        .from(approvalTasks)
        .where(and(eq(approvalTasks.docId, docId), eq(approvalTasks.busiType, busiType)))
        .orderBy(desc(approvalTasks.id))
        .limit(1);
      return task!;
    },
  };
}
