import { ORDER_TIMING } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performancePlanOrders } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addOrderStore, logOf, pushOrder, seedCatalogue } from '../orders-test-fixtures.js';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

const statusOf = async (no: string) =>
  (
    await t.db
      .select({ status: performancePlanOrders.status })
      .from(performancePlanOrders)
      .where(eq(performancePlanOrders.performancePlanOrderNo, no))
  )[0]?.status;

describe('the offer expiry job', () => {
  it('expires the offers past their time, with a log row, and leaves the others offered', async () => {
    const store = await addOrderStore(t.db);
    const lapsed = await pushOrder(t, [store]);
    t.clock.advance((ORDER_TIMING.offerMinutes - 1) * MINUTE);
    const fresh = await pushOrder(t, [store]);
    t.clock.advance(2 * MINUTE);

    expect(await t.app.jobs.runNow('orders.offer-expiry')).toMatchObject({ ok: true, error: null });
    expect(await statusOf(lapsed.performancePlanOrderNo)).toBe('expired');
    expect(await statusOf(fresh.performancePlanOrderNo)).toBe('offering');
    expect((await logOf(t.db, lapsed.omsOrderNo)).at(-1)).toMatchObject({
      action: 'expired',
      operatorName: '系统',
    });
  });
});
