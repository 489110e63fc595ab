import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  integralClasses,
  integralClassSkus,
  integralClassStores,
  integralShelves,
  members,
  skus,
  stores,
  users,
  valetOrders,
} from '../schema.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Points-mall goods beyond the valet catalogue's four, so each class has a few (docs/domain/points-mall.md). */
// prettier-ignore
const DEMO_MALL_SKUS = [
  { skuCode: 'I2005', name: '定制陶瓷马克杯', spec: '380ml', points: 1200, priceCents: 0, labelName: '生活周边', perMemberLimit: 2 },
  { skuCode: 'I2006', name: '法式可颂兑换券', spec: '单个', points: 260, priceCents: 0, labelName: '美味兑换', perMemberLimit: 5 },
  { skuCode: 'I2007', name: '硅胶烘焙垫', spec: '40×30cm', points: 900, priceCents: 500, labelName: '烘焙工具', perMemberLimit: 0 },
  { skuCode: 'I2008', name: '中秋限定兔子公仔', spec: '20cm', points: 3000, priceCents: 1990, labelName: '节日限定', perMemberLimit: 1 },
] as const;

/** Classes in their order, their SKU codes, and how many of the managing stores (below) manage each. */
const DEMO_CLASSES = [
  { name: '生活周边', codes: ['I2002', 'I2001', 'I2005'], managers: 4, enabled: true },
  { name: '美味兑换', codes: ['I2003', 'I2006'], managers: 6, enabled: true },
  { name: '烘焙工具', codes: ['I2004', 'I2007'], managers: 2, enabled: true },
  { name: '节日限定', codes: ['I2008'], managers: 0, enabled: false },
] as const;

/**
 * The demo points mall: four classes (one off), their SKUs with terms (a cash part, limits, a window on the
 * festive one), stores authorised to manage them, and shelves on and off with stock at the first stores.
 */
export async function seedDemoPointsMall(tx: Database, now: Date): Promise<void> {
  const today = Math.floor((now.getTime() + 8 * HOUR_MS) / DAY_MS) * DAY_MS - 8 * HOUR_MS;
  await tx.insert(skus).values(
    DEMO_MALL_SKUS.map((s) => ({
      ...s,
      kind: 'integral',
      ...(s.labelName === '节日限定'
        ? { validFrom: new Date(today - 10 * DAY_MS), validTo: new Date(today + 30 * DAY_MS) }
        : {}),
    })),
  );
  const codes = DEMO_CLASSES.flatMap((c) => c.codes);
  const skuRows = await tx
    .select({ id: skus.id, code: skus.skuCode })
    .from(skus)
    .where(inArray(skus.skuCode, codes));
  const skuIdOf = new Map(skuRows.map((s) => [s.code, s.id]));
  // The first two stores (三里屯店 and 望京店: the demo store manager's), then the demo accounts' stores, so the
  // demo clerks can redeem points-mall goods from their shelves.
  const firstStores = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.enabled, true))
    .orderBy(asc(stores.id))
    .limit(2);
  const orderStores = await tx
    .select({ id: stores.id, name: stores.shopName })
    .from(stores)
    .where(inArray(stores.shopName, [...DEMO_ORDER_STORES]));
  const storeRows = [
    ...firstStores,
    ...DEMO_ORDER_STORES.flatMap((name) => orderStores.filter((s) => s.name === name)),
  ];

  for (const [sort, c] of DEMO_CLASSES.entries()) {
    const [row] = await tx
      .insert(integralClasses)
      .values({ name: c.name, sort, enabled: c.enabled, createdAt: now, updatedAt: now })
      .returning({ id: integralClasses.id });
    const classId = row!.id;
    await tx
      .insert(integralClassSkus)
      .values(c.codes.map((code, i) => ({ classId, skuId: skuIdOf.get(code)!, sort: i })));
    const managers = storeRows.slice(0, c.managers);
    if (managers.length > 0)
      await tx.insert(integralClassStores).values(managers.map((s) => ({ classId, storeId: s.id })));
    // Each managing store shelves all but the class's last SKU; the first store took one off again.
    const shelves = managers.flatMap((s, storeIndex) =>
      c.codes.slice(0, -1).map((code, i) => ({
        storeId: s.id,
        skuId: skuIdOf.get(code)!,
        onShelf: !(storeIndex === 0 && i === 1),
        stock: 20 + 5 * storeIndex + i,
        updatedAt: now,
      })),
    );
    if (shelves.length > 0) await tx.insert(integralShelves).values(shelves);
  }
}

/** `VO` + Shanghai time to the second + a 6-digit serial, the shape of a real valet order number. */
const demoValetOrderNo = (at: Date, serial: number) =>
  `VO${new Date(at.getTime() + 8 * HOUR_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14)}${String(serial).padStart(6, '0')}`;

/** Demo points orders (积分订单): per store one waiting, one confirmed, one cancelled, a day apart. */
// prettier-ignore
const DEMO_POINTS_ORDERS = [
  { status: 'pending_confirm', skuCode: 'I2002', quantity: 1, daysAgo: 0 },
  { status: 'confirmed', skuCode: 'I2001', quantity: 2, daysAgo: 1 },
  { status: 'cancelled', skuCode: 'I2005', quantity: 1, daysAgo: 2 },
] as const;

/**
 * Points orders placed at the first three demo stores by the demo clerk for the first demo members, in every
 * state, so 积分订单 shows rows across stores on a fresh start (confirmed ones carry no upstream order here).
 */
export async function seedDemoPointsOrders(tx: Database, now: Date): Promise<void> {
  const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'staff'));
  const storeRows = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.enabled, true))
    .orderBy(asc(stores.id))
    .limit(3);
  const memberRows = await tx.select({ id: members.id }).from(members).orderBy(asc(members.id)).limit(3);
  const skuRows = await tx
    .select({ code: skus.skuCode, name: skus.name, points: skus.points, priceCents: skus.priceCents })
    .from(skus)
    .where(
      inArray(
        skus.skuCode,
        DEMO_POINTS_ORDERS.map((o) => o.skuCode),
      ),
    );
  if (!clerk || memberRows.length === 0) return;
  const rows = storeRows.flatMap((store, storeIndex) =>
    DEMO_POINTS_ORDERS.map((o, n) => {
      const sku = skuRows.find((s) => s.code === o.skuCode)!;
      const at = new Date(now.getTime() - o.daysAgo * DAY_MS - (storeIndex * 3 + n + 1) * HOUR_MS);
      const cash = sku.priceCents * o.quantity;
      return {
        valetOrderNo: demoValetOrderNo(at, storeIndex * 3 + n),
        kind: 'integral',
        storeId: store.id,
        memberId: memberRows[(storeIndex + n) % memberRows.length]!.id,
        deliveryType: 'pickup',
        items: [
          {
            skuCode: sku.code,
            name: sku.name,
            quantity: o.quantity,
            unitCents: sku.priceCents,
            points: sku.points,
          },
        ],
        goodsCents: cash,
        payCents: cash,
        points: sku.points * o.quantity,
        status: o.status,
        createdByUserId: clerk.id,
        createdAt: at,
        confirmedAt: o.status === 'confirmed' ? new Date(at.getTime() + HOUR_MS / 2) : null,
        cancelledAt: o.status === 'cancelled' ? new Date(at.getTime() + HOUR_MS / 4) : null,
        cancelReason: o.status === 'cancelled' ? '会员改选其他商品' : '',
      };
    }),
  );
  if (rows.length > 0) await tx.insert(valetOrders).values(rows);
}
