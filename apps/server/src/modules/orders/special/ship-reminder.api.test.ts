import { ORDER_PATHS, ORDER_TIMING, resolveMessageTarget } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  grabOrder,
  logOf,
  messagesOf,
  pushOrder,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';
import { createShipReminder } from './ship-reminder.js';

const HOUR_MS = 3_600_000;
let t: TestApp;
let store: OrderStore;
let taker: OrderStaff;
/** Staff of the same store who did not take the order: not reminded. */
let colleague: OrderStaff;
let reminder: ReturnType<typeof createShipReminder>;

const reminders = async (who: OrderStaff) =>
  (await messagesOf(t.db, who.id, store.id)).filter((m) => m.businessType === 2 && m.messageType === 7);

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db);
  taker = await addOrderStaff(t, [store]);
  colleague = await addOrderStaff(t, [store]);
  reminder = createShipReminder({ db: t.db, clock: t.clock, producer: t.app.messageCenter.producer });
});

afterAll(async () => {
  await t.close();
});

describe('taken, not shipped reminder (order and customer 7)', () => {
  it('reminds the taker once, only after shipReminderHours, and not for an order shipped meanwhile', async () => {
    const waiting = await pushOrder(t, [store]);
    const order = await grabOrder(t, taker, store, waiting.performancePlanOrderNo);
    const shippedPush = await pushOrder(t, [store]);
    const shipped = await grabOrder(t, taker, store, shippedPush.performancePlanOrderNo);
    const deliver = await staffPost(t, ORDER_PATHS.deliver, taker, {
      storeCode: store.code,
      performanceOrderNo: shipped.performanceOrderNo,
      courierCode: 'SF',
      trackingNo: 'SF1234567890125',
    });
    expect(deliver.statusCode).toBe(200);

    t.clock.advance(ORDER_TIMING.shipReminderHours * HOUR_MS - 60_000);
    expect(await reminder.remindDue()).toBe(0);
    expect(await reminders(taker)).toEqual([]);

    t.clock.advance(2 * 60_000);
    expect(await reminder.remindDue()).toBe(1);
    const sent = await reminders(taker);
    expect(sent).toEqual([
      expect.objectContaining({
        title: '您有已接单待发货的订单待处理',
        expandInfo: {
          performancePlanOrderNo: waiting.performancePlanOrderNo,
          omsOrderNo: order.omsOrderNo,
          performanceOrderNo: order.performanceOrderNo,
        },
      }),
    ]);
    expect(sent[0]!.text).toContain(order.performanceOrderNo);
    expect(resolveMessageTarget(2, { messageType: 7, expandInfo: sent[0]!.expandInfo })).toEqual({
      kind: 'route',
      name: 'robOrderDetail',
      query: { performancePlanOrderNo: waiting.performancePlanOrderNo },
    });
    expect(await reminders(colleague)).toEqual([]);
    expect((await logOf(t.db, order.omsOrderNo)).at(-1)).toMatchObject({
      action: 'ship_reminded',
      operatorId: null,
      operatorName: '系统',
    });

    t.clock.advance(24 * HOUR_MS);
    expect(await reminder.remindDue()).toBe(0);
    expect(await reminders(taker)).toHaveLength(1);
    expect((await logOf(t.db, shipped.omsOrderNo)).map((r) => r.action)).not.toContain('ship_reminded');
  });

  it('sends each order once when sweeps run at the same time', async () => {
    // Signed in now: the first test moved the clock past the first session's lifetime.
    const lateTaker = await addOrderStaff(t, [store]);
    const orders = 12;
    for (let i = 0; i < orders; i += 1) {
      const pushed = await pushOrder(t, [store]);
      await grabOrder(t, lateTaker, store, pushed.performancePlanOrderNo);
    }
    t.clock.advance(ORDER_TIMING.shipReminderHours * HOUR_MS + 1);
    // One sweep per order taken one at a time would leave the others nothing to race for; three at once do.
    const counts = await Promise.all([reminder.remindDue(), reminder.remindDue(), reminder.remindDue()]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(orders);
    expect(await reminders(lateTaker)).toHaveLength(orders);
    expect(await reminder.remindDue()).toBe(0);
  });
});
