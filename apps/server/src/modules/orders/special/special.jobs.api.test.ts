import { ORDER_TIMING } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  grabOrder,
  messagesOf,
  pushOrder,
  seedCatalogue,
} from '../orders-test-fixtures.js';

const HOUR_MS = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

describe('the ship reminder job', () => {
  it('reminds the taker of an order still not shipped, once over two runs', async () => {
    const store = await addOrderStore(t.db);
    const taker = await addOrderStaff(t, [store]);
    const pushed = await pushOrder(t, [store]);
    await grabOrder(t, taker, store, pushed.performancePlanOrderNo);
    t.clock.advance(ORDER_TIMING.shipReminderHours * HOUR_MS + 1);

    expect(await t.app.jobs.runNow('orders.ship-reminder')).toMatchObject({ ok: true });
    expect(await t.app.jobs.runNow('orders.ship-reminder')).toMatchObject({ ok: true });
    const reminders = (await messagesOf(t.db, taker.id, store.id)).filter(
      (m) => m.businessType === 2 && m.messageType === 7,
    );
    expect(reminders).toHaveLength(1);
  });
});
