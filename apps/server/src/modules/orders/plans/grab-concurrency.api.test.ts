import { ORDER_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performanceOrders, performancePlanOrders } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  logOf,
  pushOrder,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

const STORES = 50;

let t: TestApp;
let candidates: { store: OrderStore; staff: OrderStaff }[];

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  candidates = [];
  for (let i = 0; i < STORES; i++) {
    const store = await addOrderStore(t.db);
    candidates.push({ store, staff: await addOrderStaff(t, [store], ['order:rob']) });
  }
}, 120_000);
afterAll(() => t.close());

describe('fifty stores grab the same plan order at once (issue 5 point 7)', () => {
  it('exactly one wins; the 49 others get 409 该订单已被其他门店接单; one performance order, one grabbed log', async () => {
    const pushed = await pushOrder(
      t,
      candidates.map((c) => c.store),
    );
    const answers = await Promise.all(
      candidates.map(({ store, staff }) =>
        staffPost(t, ORDER_PATHS.grab, staff, {
          storeCode: store.code,
          performancePlanOrderNo: pushed.performancePlanOrderNo,
        }),
      ),
    );
    const winners = answers.filter((a) => a.statusCode === 200);
    const losers = answers.filter((a) => a.statusCode !== 200);
    expect(winners).toHaveLength(1);
    expect(losers.map((a) => a.statusCode)).toEqual(Array(STORES - 1).fill(409));
    expect(new Set(losers.map((a) => errorOf(a).errorMsg))).toEqual(new Set(['该订单已被其他门店接单']));

    const winner = candidates[answers.indexOf(winners[0]!)]!;
    const [plan] = await t.db
      .select()
      .from(performancePlanOrders)
      .where(eq(performancePlanOrders.performancePlanOrderNo, pushed.performancePlanOrderNo));
    expect(plan).toMatchObject({
      status: 'taken',
      takenStoreId: winner.store.id,
      takenByUserId: winner.staff.id,
    });
    const orders = await t.db.select().from(performanceOrders).where(eq(performanceOrders.planId, plan!.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.storeId).toBe(winner.store.id);
    const grabbed = (await logOf(t.db, pushed.omsOrderNo)).filter((l) => l.action === 'grabbed');
    expect(grabbed).toEqual([expect.objectContaining({ operatorId: winner.staff.id })]);
  });
});
