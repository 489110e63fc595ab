import { pushOrderBodySchema } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { omsOrders, skus } from '../../../db/schema.js';
import { randomFor } from '../../../db/seed/prng.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addOrderStaff, addOrderStore, messagesOf, seedCatalogue } from '../orders-test-fixtures.js';
import { createDemoTraffic, demoOrder } from './demo-traffic.js';
import { createOrderIntake } from './integration.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

describe('demo order traffic', () => {
  it('generates orders the integration endpoint accepts', () => {
    const random = randomFor('demo-traffic-test');
    const store = {
      latitude: 39.7568,
      longitude: 116.553,
      shopCountyCode: '110112',
      regionName: '北京市通州区',
    };
    for (let i = 0; i < 50; i++) {
      const body = demoOrder(store, ['R1001', 'R1002', 'U3001'], new Date(), () => random.next());
      expect(pushOrderBodySchema.safeParse(body).success).toBe(true);
    }
  });

  it('pushes an order through the intake: it is offered to a staffed store and alerts its staff', async () => {
    const store = await addOrderStore(t.db);
    const staff = await addOrderStaff(t, [store]);
    const intake = createOrderIntake({ db: t.db, clock: t.clock, producer: t.app.messageCenter.producer });
    const traffic = createDemoTraffic({ db: t.db, clock: t.clock, intake });
    const omsOrderNo = await traffic.tick();
    expect(omsOrderNo).toMatch(/^OMS\d{20}$/);
    const [order] = await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, omsOrderNo!));
    expect(order).toMatchObject({ channel: 'online', status: 'open' });
    expect((await messagesOf(t.db, staff.id, store.id)).at(-1)).toMatchObject({
      businessType: 1,
      messageType: 1,
    });
  });

  it('does nothing without SKUs on sale', async () => {
    await t.db.update(skus).set({ enabled: false });
    const intake = createOrderIntake({ db: t.db, clock: t.clock, producer: t.app.messageCenter.producer });
    const traffic = createDemoTraffic({ db: t.db, clock: t.clock, intake });
    expect(await traffic.tick()).toBeNull();
  });
});
