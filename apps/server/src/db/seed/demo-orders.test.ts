import { MOBILE_PATTERN, TEA_TREE_ADOPTION_MARK } from '@console/contract';
import { and, eq, ilike, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../client.js';
import {
  cyclePlans,
  deliveryCompanies,
  memberAddresses,
  memberPointsLedger,
  members,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
  skus,
  stores,
} from '../schema.js';
import { createMessageProducer } from '../../modules/im/message-producer.js';
import { createShipReminder } from '../../modules/orders/special/ship-reminder.js';
import { createWakeBus } from '../../platform/wake-bus.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';
import { seedDemoData } from './index.js';

describe('demo orders', () => {
  let handle: DatabaseHandle;
  const now = new Date('2026-05-01T04:00:00Z');
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoData(handle.db, now);
  });
  afterAll(() => handle.close());

  it('seeds the catalogue: SKUs of the three kinds and the five couriers with tracking patterns', async () => {
    const kinds = await handle.db.selectDistinct({ kind: skus.kind }).from(skus);
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['retail', 'integral', 'uenjoy']));
    const couriers = await handle.db.select().from(deliveryCompanies);
    expect(couriers.map((c) => c.code).sort()).toEqual(['EMS', 'JD', 'SF', 'YTO', 'ZTO']);
    const sf = new RegExp(couriers.find((c) => c.code === 'SF')!.trackingPattern);
    expect(sf.test('SF1234567890123')).toBe(true);
    expect(sf.test('SF123')).toBe(false);
  });

  it('counts seeded overdue orders as already reminded, so a fresh demo starts without pop-ups of old news', async () => {
    const wakeBus = createWakeBus(null);
    const reminderAt = (at: Date) =>
      createShipReminder({
        db: handle.db,
        clock: () => at,
        producer: createMessageProducer({ db: handle.db, clock: () => at, wakeBus }),
      });
    expect(await reminderAt(now).remindDue()).toBe(0);
    // The order taken 40 minutes before the seed becomes due later, like any other.
    expect(await reminderAt(new Date(now.getTime() + 5 * 60 * 60_000)).remindDue()).toBeGreaterThan(0);
    await wakeBus.close();
  });

  it('gives every seeded order and member a valid mainland mobile number', async () => {
    const phones = [
      ...(await handle.db.select({ phone: omsOrders.customerPhone }).from(omsOrders)),
      ...(await handle.db.select({ phone: omsOrders.receiverPhone }).from(omsOrders)),
      ...(await handle.db.select({ phone: members.phone }).from(members)),
    ].map((row) => row.phone);
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.filter((phone) => !MOBILE_PATTERN.test(phone))).toEqual([]);
  });

  it('gives solo’s and staff’s stores orders in every plan and fulfilment state, each with its log', async () => {
    for (const name of DEMO_ORDER_STORES) {
      const [store] = await handle.db.select({ id: stores.id }).from(stores).where(eq(stores.shopName, name));
      const plans = await handle.db
        .select({
          status: performancePlanOrders.status,
          id: performancePlanOrders.id,
          omsOrderId: performancePlanOrders.omsOrderId,
        })
        .from(planCandidates)
        .innerJoin(performancePlanOrders, eq(performancePlanOrders.id, planCandidates.planId))
        .where(eq(planCandidates.storeId, store!.id));
      expect(new Set(plans.map((p) => p.status)), name).toEqual(
        new Set(['offering', 'expired', 'cancelled', 'taken']),
      );
      const orders = await handle.db
        .select({
          id: performanceOrders.id,
          status: performanceOrders.status,
          deliveryType: performanceOrders.deliveryType,
          writeOffCode: performanceOrders.writeOffCode,
        })
        .from(performanceOrders)
        .where(eq(performanceOrders.storeId, store!.id));
      expect(new Set(orders.map((o) => o.status)), name).toEqual(
        new Set(['wait_ship', 'shipped', 'completed', 'cancelled']),
      );
      expect(
        orders.filter((o) => o.deliveryType === 'pickup').every((o) => /^\d{6}$/.test(o.writeOffCode)),
      ).toBe(true);
      const periods = await handle.db
        .select({ id: cyclePlans.id })
        .from(cyclePlans)
        .where(
          inArray(
            cyclePlans.performanceOrderId,
            orders.map((o) => o.id),
          ),
        );
      expect(periods.length).toBeGreaterThan(0);
      const logged = await handle.db
        .selectDistinct({ omsOrderId: orderLogs.omsOrderId })
        .from(orderLogs)
        .where(
          inArray(
            orderLogs.omsOrderId,
            plans.map((p) => p.omsOrderId),
          ),
        );
      expect(logged).toHaveLength(plans.length);
    }
    const grabbed = await handle.db
      .select({ operatorName: orderLogs.operatorName })
      .from(orderLogs)
      .where(and(eq(orderLogs.action, 'grabbed')));
    expect(new Set(grabbed.map((g) => g.operatorName))).toEqual(new Set(['周一鸣', '李晓雯']));
  });

  it('gives solo’s store and staff’s first store a taken tea-tree adoption order with a shipped first period', async () => {
    for (const name of ['马驹桥店', '亦庄文化园店']) {
      const rows = await handle.db
        .select({
          id: performanceOrders.id,
          status: performanceOrders.status,
          item: omsOrderItems.name,
          skuCode: omsOrderItems.skuCode,
        })
        .from(performanceOrders)
        .innerJoin(stores, eq(stores.id, performanceOrders.storeId))
        .innerJoin(omsOrderItems, eq(omsOrderItems.omsOrderId, performanceOrders.omsOrderId))
        .where(and(eq(stores.shopName, name), ilike(omsOrderItems.name, `%${TEA_TREE_ADOPTION_MARK}%`)));
      // The counter adoptions of 茶树认养 (demo-tea-tree.ts, SKU TT-…) are listed beside it.
      expect(
        rows.filter((r) => !r.skuCode.startsWith('TT-')),
        name,
      ).toEqual([
        expect.objectContaining({ status: 'shipped', item: '茶树认养·西湖龙井一年期', skuCode: 'U3004' }),
      ]);
      const periods = await handle.db
        .select({ period: cyclePlans.period, status: cyclePlans.status, trackingNo: cyclePlans.trackingNo })
        .from(cyclePlans)
        .where(eq(cyclePlans.performanceOrderId, rows.find((r) => r.skuCode === 'U3004')!.id))
        .orderBy(cyclePlans.period);
      expect(periods.map((p) => p.status)).toEqual(['shipped', 'pending', 'pending', 'pending']);
      expect(periods[0]!.trackingNo).toMatch(/^SF\d{13}$/);
    }
    const [sku] = await handle.db.select().from(skus).where(eq(skus.skuCode, 'U3004'));
    expect(sku).toMatchObject({ kind: 'uenjoy', labelName: TEA_TREE_ADOPTION_MARK, enabled: true });
  });

  it('seeds members with a default address near their home store', async () => {
    const rows = await handle.db
      .select({ memberNo: members.memberNo, isDefault: memberAddresses.isDefault })
      .from(members)
      .innerJoin(memberAddresses, eq(memberAddresses.memberId, members.id));
    expect(rows.length).toBeGreaterThanOrEqual(DEMO_ORDER_STORES.length * 3);
    expect(rows.every((r) => r.isDefault)).toBe(true);
  });

  it('opens each member’s points in the ledger, and the ledger adds up to the points', async () => {
    const rows = await handle.db
      .select({ memberId: members.id, points: members.points, ledger: memberPointsLedger })
      .from(members)
      .leftJoin(memberPointsLedger, eq(memberPointsLedger.memberId, members.id))
      .orderBy(members.id, memberPointsLedger.id);
    const byMember = new Map<number, typeof rows>();
    for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);
    expect(byMember.size).toBeGreaterThanOrEqual(DEMO_ORDER_STORES.length * 3);
    for (const ledger of byMember.values()) {
      const points = ledger[0]!.points;
      expect(ledger[0]!.ledger).toMatchObject({ reason: 'opening' });
      expect(ledger.reduce((sum, row) => sum + (row.ledger?.delta ?? 0), 0)).toBe(points);
      expect(ledger.at(-1)!.ledger?.balanceAfter).toBe(points);
    }
  });
});
