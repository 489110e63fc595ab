import { ORDER_TIMING, TEA_TREE_ADOPTION_MARK } from '@console/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  cyclePlans,
  memberAddresses,
  memberPointsLedger,
  members,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
  stores,
  users,
} from '../schema.js';
import { systemOperator } from '../../modules/orders/order-log.js';
import { SHIP_REMINDED } from '../../modules/orders/special/ship-reminder.js';
import { SKU_SEEDS, seedOrderCatalogue } from './order-catalogue.js';
import { randomFor, type Random } from './prng.js';

/** The stores of the demo sign-ins `solo` (马驹桥店) and `staff` (the other three) that get demo orders. */
export const DEMO_ORDER_STORES = ['马驹桥店', '亦庄文化园店', '亦庄荣华店', '陆家嘴店'] as const;

/** What each demo store holds: plans still offered, untaken, cancelled upstream, and taken orders per state. */
const SCENARIOS = [
  { plan: 'offering', minutesAgo: 5 },
  { plan: 'offering', minutesAgo: 18 },
  { plan: 'expired', minutesAgo: 3 * 60 },
  { plan: 'cancelled', minutesAgo: 5 * 60 },
  { plan: 'taken', order: 'wait_ship', minutesAgo: 40 },
  { plan: 'taken', order: 'wait_ship', minutesAgo: 6 * 60, delivery: 'pickup' },
  { plan: 'taken', order: 'wait_ship', minutesAgo: 26 * 60, uenjoy: true },
  { plan: 'taken', order: 'shipped', minutesAgo: 2 * 24 * 60 },
  { plan: 'taken', order: 'completed', minutesAgo: 4 * 24 * 60, delivery: 'pickup' },
  { plan: 'taken', order: 'cancelled', minutesAgo: 3 * 24 * 60 },
  // A tea-tree adoption (one tree's tea for a year), its first quarterly delivery on the way.
  { plan: 'taken', order: 'shipped', minutesAgo: 12 * 24 * 60, teaTree: true },
] as const;

const isTeaTree = (sku: { name: string }) => sku.name.includes(TEA_TREE_ADOPTION_MARK);
/** The demo's tea-tree adoption SKU (teaTreeAdoptionOrderList lists the orders that carry it). */
const TEA_TREE_SKU = SKU_SEEDS.find(isTeaTree)!;

// prettier-ignore
const CUSTOMERS = ['王晓燕', '刘建国', '陈思琪', '张子涵', '赵海峰', '孙雨桐', '周志强', '吴佳怡', '郑美玲', '黄文博', '林晓峰', '何欣然'];
const STREETS = ['幸福里小区', '和平家园', '阳光花园', '金地名京', '翠湖公寓', '远洋山水'];
const MINUTE = 60_000;
const DAY_MS = 86_400_000;

type StoreRow = {
  id: number;
  shopName: string;
  latitude: number;
  longitude: number;
  countyCode: string;
  regionName: string;
};

/**
 * Demo members with addresses and, for each demo store, orders in every state with their logs: the order
 * pages have something to show before the demo traffic brings more. Deterministic per store (`seed/prng.ts`);
 * runs inside the demo seed's transaction.
 */
export async function seedDemoOrders(tx: Database, now: Date): Promise<void> {
  await seedOrderCatalogue(tx);
  const storeRows: StoreRow[] = (
    await tx
      .select({
        id: stores.id,
        shopName: stores.shopName,
        latitude: stores.latitude,
        longitude: stores.longitude,
        countyCode: stores.shopCountyCode,
        province: stores.shopProvinceName,
        city: stores.shopCityName,
        county: stores.shopCountyName,
      })
      .from(stores)
      .where(inArray(stores.shopName, [...DEMO_ORDER_STORES]))
  ).map((s) => ({ ...s, regionName: `${s.province}${s.city}${s.county}` }));
  const takers = await tx
    .select({ id: users.id, name: users.nickName, username: users.username })
    .from(users)
    .where(inArray(users.username, ['solo', 'staff']));
  const takerOf = (store: StoreRow) =>
    takers.find((u) => u.username === (store.shopName === '马驹桥店' ? 'solo' : 'staff')) ?? null;

  for (const [storeIndex, store] of storeRows.entries()) {
    const random = randomFor(`demo-orders:${store.shopName}`);
    const memberIds = await seedMembers(tx, store, storeIndex, random, now);
    for (const [index, scenario] of SCENARIOS.entries()) {
      await seedOrder(tx, {
        store,
        taker: takerOf(store),
        memberId: memberIds[index % memberIds.length]!,
        customer: CUSTOMERS[(storeIndex * 3 + index) % CUSTOMERS.length]!,
        number: `${String(storeIndex + 1).padStart(2, '0')}${String(index + 1).padStart(3, '0')}`,
        scenario,
        random,
        now,
      });
    }
  }
}

async function seedMembers(tx: Database, store: StoreRow, storeIndex: number, random: Random, now: Date) {
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const name = CUSTOMERS[(storeIndex * 3 + i) % CUSTOMERS.length]!;
    const phone = `1370000${String(storeIndex * 10 + i).padStart(4, '0')}`;
    const level = random.int(1, 4);
    const points = random.int(200, 9_000);
    const createdAt = new Date(now.getTime() - random.int(30, 400) * DAY_MS);
    const [member] = await tx
      .insert(members)
      .values({
        memberNo: `M${String(100_000 + storeIndex * 10 + i)}`,
        name,
        phone,
        level,
        points,
        temporary: i === 2 && storeIndex === 0,
        homeStoreId: store.id,
        createdAt,
      })
      .returning({ id: members.id });
    ids.push(member!.id);
    // Points move only through the ledger (docs/domain/points.md): the balance a demo member starts with.
    await tx
      .insert(memberPointsLedger)
      .values({ memberId: member!.id, delta: points, balanceAfter: points, reason: 'opening', createdAt });
    await tx.insert(memberAddresses).values({
      memberId: member!.id,
      receiverName: name,
      receiverPhone: phone,
      provinceCode: store.countyCode.slice(0, 2).padEnd(6, '0'),
      cityCode: store.countyCode.slice(0, 4).padEnd(6, '0'),
      countyCode: store.countyCode,
      regionName: store.regionName,
      detail: `${random.pick(STREETS)}${random.int(1, 20)}号楼${random.int(1, 6)}单元${random.int(101, 1602)}`,
      latitude: store.latitude + (random.next() - 0.5) * 0.03,
      longitude: store.longitude + (random.next() - 0.5) * 0.03,
      isDefault: true,
    });
  }
  return ids;
}

type Scenario = (typeof SCENARIOS)[number];

async function seedOrder(
  tx: Database,
  input: {
    store: StoreRow;
    taker: { id: number; name: string } | null;
    memberId: number;
    customer: string;
    number: string;
    scenario: Scenario;
    random: Random;
    now: Date;
  },
): Promise<void> {
  const { store, taker, scenario, random, now } = input;
  const at = new Date(now.getTime() - scenario.minutesAgo * MINUTE);
  const stamp = at.toISOString().slice(0, 10).replace(/-/g, '');
  const delivery = 'delivery' in scenario ? scenario.delivery : 'express';
  const teaTree = 'teaTree' in scenario;
  const kind = 'uenjoy' in scenario || teaTree ? 'uenjoy' : 'retail';
  const choices = SKU_SEEDS.filter((s) => s.kind === kind && !isTeaTree(s));
  const lines = teaTree
    ? [{ sku: TEA_TREE_SKU, quantity: 1 }]
    : [...new Set([random.pick(choices), random.pick(choices)])].map((sku) => ({
        sku,
        quantity: random.int(1, 3),
      }));
  const goodsCents = lines.reduce((sum, l) => sum + l.sku.priceCents * l.quantity, 0);
  const freightCents = delivery === 'express' ? 1000 : 0;
  const phone = `139000${input.number}`;
  const [order] = await tx
    .insert(omsOrders)
    .values({
      omsOrderNo: `OMS${stamp}${input.number}`,
      channel: 'online',
      memberId: input.memberId,
      customerName: input.customer,
      customerPhone: phone,
      deliveryType: delivery,
      receiverName: input.customer,
      receiverPhone: phone,
      regionName: store.regionName,
      countyCode: store.countyCode,
      addressDetail: `${random.pick(STREETS)}${random.int(1, 20)}号楼${random.int(101, 1602)}`,
      latitude: store.latitude + (random.next() - 0.5) * 0.02,
      longitude: store.longitude + (random.next() - 0.5) * 0.02,
      goodsCents,
      freightCents,
      payCents: goodsCents + freightCents,
      invoiceType: random.next() < 0.3 ? 'personal' : 'none',
      invoiceTitle: '个人',
      status: upstreamStatusOf(scenario),
      orderedAt: at,
      createdAt: at,
    })
    .returning({ id: omsOrders.id, omsOrderNo: omsOrders.omsOrderNo, invoiceType: omsOrders.invoiceType });
  const omsOrderId = order!.id;
  await tx.insert(omsOrderItems).values(
    lines.map((l) => ({
      omsOrderId,
      skuCode: l.sku.skuCode,
      name: l.sku.name,
      spec: l.sku.spec,
      quantity: l.quantity,
      unitCents: l.sku.priceCents,
      amountCents: l.sku.priceCents * l.quantity,
    })),
  );
  const expiresAt = new Date(at.getTime() + ORDER_TIMING.offerMinutes * MINUTE);
  const takenAt = new Date(at.getTime() + random.int(1, 10) * MINUTE);
  const planNo = `PP${stamp}${input.number}`;
  const [plan] = await tx
    .insert(performancePlanOrders)
    .values({
      performancePlanOrderNo: planNo,
      omsOrderId,
      status: scenario.plan,
      offeredAt: at,
      expiresAt,
      ...(scenario.plan === 'taken' ? { takenStoreId: store.id, takenByUserId: taker?.id, takenAt } : {}),
    })
    .returning({ id: performancePlanOrders.id });
  await tx
    .insert(planCandidates)
    .values({ planId: plan!.id, storeId: store.id, distanceMeters: random.int(300, 4_000) });

  const log = (
    action: string,
    from: string,
    to: string,
    when: Date,
    operator: { id: number | null; name: string },
    performanceOrderId: number | null = null,
  ) => ({
    omsOrderId,
    performanceOrderId,
    action,
    fromStatus: from,
    toStatus: to,
    operatorId: operator.id,
    operatorName: operator.name,
    createdAt: when,
  });
  const platform = { id: null, name: '平台' };
  const logs = [log('pushed', '', 'open', at, platform), log('offered', '', 'offering', at, platform)];
  if (scenario.plan === 'expired')
    logs.push(log('expired', 'offering', 'expired', expiresAt, { id: null, name: '系统' }));
  if (scenario.plan === 'cancelled')
    logs.push(log('customer_cancelled', 'offering', 'cancelled', takenAt, platform));

  if (scenario.plan === 'taken' && 'order' in scenario) {
    const status = scenario.order;
    const shippedAt = new Date(takenAt.getTime() + 3 * 60 * MINUTE);
    const shipped = status === 'shipped' || (status === 'completed' && delivery !== 'pickup');
    const trackingNo = shipped ? `SF${random.digits(13)}` : '';
    const [performance] = await tx
      .insert(performanceOrders)
      .values({
        performanceOrderNo: `PF${stamp}${input.number}`,
        planId: plan!.id,
        omsOrderId,
        storeId: store.id,
        status,
        deliveryType: delivery,
        receiverName: input.customer,
        receiverPhone: phone,
        ...(shipped ? { courierCode: 'SF', courierName: '顺丰速运', trackingNo } : {}),
        writeOffCode: delivery === 'pickup' ? random.digits(6) : '',
        invoiceStatus: order!.invoiceType === 'none' ? 'none' : status === 'completed' ? 'issued' : 'pending',
        takenByUserId: taker?.id ?? null,
        takenAt,
        ...(shipped ? { shippedAt } : {}),
        ...(status === 'completed' ? { completedAt: new Date(shippedAt.getTime() + DAY_MS) } : {}),
        ...(status === 'cancelled'
          ? { cancelledAt: shippedAt, cancelReason: '门店缺货，已联系顾客退款' }
          : {}),
        version: status === 'wait_ship' ? 0 : shipped && status === 'completed' ? 2 : 1,
      })
      .returning({ id: performanceOrders.id });
    const who = taker ?? { id: null, name: '系统' };
    logs.push(log('grabbed', 'offering', 'taken', takenAt, who, performance!.id));
    if (shipped) logs.push(log('shipped', 'wait_ship', 'shipped', shippedAt, who, performance!.id));
    if (status === 'completed')
      logs.push(
        log(
          'written_off',
          shipped ? 'shipped' : 'wait_ship',
          'completed',
          new Date(shippedAt.getTime() + DAY_MS),
          who,
          performance!.id,
        ),
      );
    if (status === 'cancelled')
      logs.push(log('cancelled', 'wait_ship', 'cancelled', shippedAt, who, performance!.id));
    // Seeded history is old news: its overdue orders count as already reminded, so a fresh demo does not start
    // with a burst of "not shipped" pop-ups.
    const reminderDue = new Date(takenAt.getTime() + ORDER_TIMING.shipReminderHours * 60 * MINUTE);
    if (status === 'wait_ship' && reminderDue <= now)
      logs.push(log(SHIP_REMINDED, 'wait_ship', 'wait_ship', reminderDue, systemOperator, performance!.id));
    if (kind === 'uenjoy') {
      const sku = lines[0]!.sku;
      const first = Date.parse(`${takenAt.toISOString().slice(0, 10)}T00:00:00Z`) + DAY_MS;
      await tx.insert(cyclePlans).values(
        Array.from({ length: sku.cyclePeriods }, (_, i) => ({
          performanceOrderId: performance!.id,
          period: i + 1,
          plannedDate: new Date(first + i * sku.cycleIntervalDays * DAY_MS).toISOString().slice(0, 10),
          // A shipped subscription has sent its first period, under the order's tracking number.
          ...(shipped && i === 0 ? { status: 'shipped', trackingNo } : {}),
        })),
      );
    }
  }
  await tx.insert(orderLogs).values(logs);
}

/** The upstream order's own status: cancelled by the customer, completed, or still open. */
function upstreamStatusOf(scenario: Scenario): string {
  if (scenario.plan === 'cancelled') return 'customer_cancelled';
  return 'order' in scenario && scenario.order === 'completed' ? 'completed' : 'open';
}
