import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  employeePurchaseCombinations,
  employeePurchaseEpcs,
  employeePurchaseLines,
  employeePurchaseOrders,
  employeePurchasePrices,
  employeePurchaseQuotas,
  employeePurchaseSafeStock,
  skus,
  stores,
  userStores,
  users,
} from '../schema.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;
/** The staff-priced demo goods: 60% of retail. */
const STAFF_SKUS = ['R1001', 'R1002', 'R1003', 'R1004'] as const;
const CODES_PER_SKU = 6;
const SAFE_STOCK = 2;
/** admin buys the demo orders; every other demo account of the demo stores may buy 2 items a month. */
const ADMIN_QUOTA = { maxItems: 20, maxCents: 200_000 };
const STAFF_QUOTA = { maxItems: 2, maxCents: 50_000 };

/**
 * The printed code of a demo item: `EP` + the store's place in DEMO_ORDER_STORES (01…) + the SKU + the item
 * number, e.g. `EP03R1002001` (the e2e spec scans these).
 */
export const demoEpc = (storeIndex: number, skuCode: string, n: number) =>
  `EP${String(storeIndex + 1).padStart(2, '0')}${skuCode}${String(n).padStart(3, '0')}`;

/** Each demo store's orders: R1001's first code waiting for pick-up, its second verified, its third cancelled. */
const ORDERS = [
  { status: 'placed', code: 1, daysAgo: 0 },
  { status: 'verified', code: 2, daysAgo: 2 },
  { status: 'cancelled', code: 3, daysAgo: 5 },
] as const;

/**
 * Demo employee purchase (docs/domain/employee-purchase.md): staff prices, a combination, tagged goods and a
 * safe stock in every demo order store, this month's quotas, and an order per state per store.
 */
export async function seedDemoEmployeePurchase(tx: Database, now: Date): Promise<void> {
  const goods = await tx
    .select()
    .from(skus)
    .where(inArray(skus.skuCode, [...STAFF_SKUS]));
  const skuOf = new Map(goods.map((g) => [g.skuCode, g]));
  await tx
    .insert(employeePurchasePrices)
    .values(goods.map((g) => ({ skuId: g.id, staffCents: Math.round(g.priceCents * 0.6) })));
  const [first, second] = [skuOf.get('R1001')!, skuOf.get('R1002')!];
  await tx.insert(employeePurchaseCombinations).values({
    code: 'EPC-GIFT01',
    name: '月饼蛋黄酥内购礼盒',
    staffCents: Math.round((first.priceCents + second.priceCents) * 0.5),
    items: [
      { skuId: first.id, quantity: 1 },
      { skuId: second.id, quantity: 1 },
    ],
  });

  const storeRows = await tx
    .select({ id: stores.id, shopName: stores.shopName })
    .from(stores)
    .where(inArray(stores.shopName, [...DEMO_ORDER_STORES]));
  const storeIndex = (name: string) => DEMO_ORDER_STORES.indexOf(name as (typeof DEMO_ORDER_STORES)[number]);
  const epcIdOf = new Map<string, number>();
  for (const store of storeRows) {
    const index = storeIndex(store.shopName);
    await tx
      .insert(employeePurchaseSafeStock)
      .values(goods.map((g) => ({ storeId: store.id, skuId: g.id, safeQuantity: SAFE_STOCK })));
    const inserted = await tx
      .insert(employeePurchaseEpcs)
      .values(
        goods.flatMap((g) =>
          Array.from({ length: CODES_PER_SKU }, (_, n) => ({
            epc: demoEpc(index, g.skuCode, n + 1),
            storeId: store.id,
            skuId: g.id,
          })),
        ),
      )
      .returning({ id: employeePurchaseEpcs.id, epc: employeePurchaseEpcs.epc });
    for (const row of inserted) epcIdOf.set(row.epc, row.id);
  }

  const period = new Date(now.getTime() + SHANGHAI_MS).toISOString().slice(0, 7);
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const staff = await tx
    .selectDistinct({ id: userStores.userId })
    .from(userStores)
    .where(
      inArray(
        userStores.storeId,
        storeRows.map((s) => s.id),
      ),
    );
  const quotas = new Map(staff.map((s) => [s.id, STAFF_QUOTA]));
  if (admin) quotas.set(admin.id, ADMIN_QUOTA);
  await tx
    .insert(employeePurchaseQuotas)
    .values([...quotas].map(([userId, quota]) => ({ userId, period, ...quota })));
  if (!admin) return;

  const staffCents = Math.round(first.priceCents * 0.6);
  for (const store of storeRows) {
    const index = storeIndex(store.shopName);
    for (const [i, plan] of ORDERS.entries()) {
      const at = new Date(now.getTime() - plan.daysAgo * DAY_MS - (i + 1) * 3_600_000);
      const stamp = new Date(at.getTime() + SHANGHAI_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
      const [order] = await tx
        .insert(employeePurchaseOrders)
        .values({
          orderNo: `EP${stamp}${String(index + 1).padStart(2, '0')}000${i}`,
          storeId: store.id,
          userId: admin.id,
          status: plan.status,
          period: new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 7),
          itemCount: 1,
          totalCents: staffCents,
          handledByName: plan.status === 'placed' ? '' : '系统管理员',
          createdAt: at,
          placedAt: at,
          verifiedAt: plan.status === 'verified' ? new Date(at.getTime() + 3_600_000) : null,
          cancelledAt: plan.status === 'cancelled' ? new Date(at.getTime() + 3_600_000) : null,
        })
        .returning({ id: employeePurchaseOrders.id });
      const epcId = epcIdOf.get(demoEpc(index, first.skuCode, plan.code))!;
      await tx
        .insert(employeePurchaseLines)
        .values({ orderId: order!.id, epcId, skuId: first.id, staffCents });
      if (plan.status !== 'cancelled')
        await tx
          .update(employeePurchaseEpcs)
          .set({ status: 'sold', orderId: order!.id })
          .where(eq(employeePurchaseEpcs.id, epcId));
    }
  }
}
