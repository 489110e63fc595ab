import { randomInt } from 'node:crypto';
import type { DeliveryType, FulfilmentStatus, OrderChannel } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  cyclePlans,
  deliveryCompanies,
  menus,
  omsOrderItems,
  omsOrders,
  performanceOrders,
  performancePlanOrders,
  roleMenus,
  shopGroups,
  stores,
  userRoles,
  users,
  userStores,
} from '../../../db/schema.js';
import { bearer, createUser, ensureRole, nextPhone, signIn } from '../../../test/fixtures.js';
import type { TestApp } from '../../../test/test-app.js';
import type { OrderPermission } from '../order-permission.js';

/** Test data of the received-orders suites, written straight into the tables. */

export type Clerk = { id: number; nickName: string; token: string };
export type TestStore = { id: number; code: string };

export const ALL_ORDER_ACTIONS: OrderPermission[] = [
  'order:ship',
  'order:modifyAddress',
  'order:modifyCyclePlan',
  'order:cancel',
  'order:invoice',
  'order:writeOff',
];

const suffix = randomInt(1000, 9999);
let sequence = 0;
const next = () => ++sequence;

export async function addStore(db: Database, name = '履约测试门店'): Promise<TestStore> {
  const [group] = await db
    .insert(shopGroups)
    .values({ frontTitle: '履约测试区', sort: 1 })
    .returning({ id: shopGroups.id });
  const code = `FO${suffix}${next()}`;
  const [store] = await db
    .insert(stores)
    .values({ shopCode: code, shopName: name, businessScopeName: name, shopGroupId: group!.id })
    .returning({ id: stores.id });
  return { id: store!.id, code };
}

/** A button menu per permission (once per database), granted through a role of its own. */
async function roleWith(db: Database, permissions: readonly OrderPermission[]) {
  const name = permissions.map((p) => ALL_ORDER_ACTIONS.indexOf(p)).join('') || 'none';
  const role = await ensureRole(db, `fulfilment_${name}`);
  for (const permission of permissions) {
    let [menu] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.permission, permission))
      .limit(1);
    if (!menu)
      [menu] = await db
        .insert(menus)
        .values({ type: 2, title: permission, permission })
        .returning({ id: menus.id });
    await db.insert(roleMenus).values({ roleId: role.id, menuId: menu!.id }).onConflictDoNothing();
  }
  return role;
}

/** A signed-in user of the given stores holding the given order buttons. */
export async function addClerk(
  t: TestApp,
  storeList: readonly TestStore[],
  permissions: readonly OrderPermission[] = ALL_ORDER_ACTIONS,
): Promise<Clerk> {
  const user = await createUser(t.db);
  const role = await roleWith(t.db, permissions);
  await t.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (storeList.length)
    await t.db.insert(userStores).values(storeList.map((s) => ({ userId: user.id, storeId: s.id })));
  const [row] = await t.db.select({ nickName: users.nickName }).from(users).where(eq(users.id, user.id));
  return { id: user.id, nickName: row!.nickName, token: await signIn(t.app, user) };
}

export const COURIERS = [
  { code: 'SF', name: '顺丰速运', trackingPattern: '^SF\\d{12}$', sort: 1 },
  { code: 'YTO', name: '圆通速递', trackingPattern: '^YT\\d{13}$', sort: 2 },
];

export async function addCouriers(db: Database): Promise<void> {
  await db.insert(deliveryCompanies).values(COURIERS).onConflictDoNothing();
}

export type OrderSeed = {
  storeId: number;
  status?: FulfilmentStatus;
  deliveryType?: DeliveryType;
  channel?: OrderChannel;
  takenAt?: Date;
  takenByUserId?: number | null;
  receiverName?: string;
  receiverPhone?: string;
  invoiceType?: 'none' | 'personal' | 'company';
  invoiceStatus?: 'none' | 'pending' | 'issued';
  writeOffCode?: string;
  /** uEnjoy: planned dates of the cycle plan, one period each (status pending unless listed in shipped). */
  cycleDates?: string[];
  shippedPeriods?: number[];
};

export type SeededOrder = {
  id: number;
  omsId: number;
  performanceOrderNo: string;
  omsOrderNo: string;
  planNo: string;
};

/** An upstream order, its plan (taken) and the store's performance order, with two items. */
export async function addOrder(db: Database, seed: OrderSeed): Promise<SeededOrder> {
  const n = `${suffix}${String(next()).padStart(6, '0')}`;
  const takenAt = seed.takenAt ?? new Date();
  const invoiceType = seed.invoiceType ?? 'none';
  const receiverName = seed.receiverName ?? '李收货';
  const receiverPhone = seed.receiverPhone ?? nextPhone();
  const [oms] = await db
    .insert(omsOrders)
    .values({
      omsOrderNo: `OMS${n}`,
      channel: seed.channel ?? 'online',
      customerName: '王小明',
      customerPhone: nextPhone(),
      deliveryType: seed.deliveryType ?? 'express',
      receiverName,
      receiverPhone,
      regionName: '北京市朝阳区',
      countyCode: '110105',
      addressDetail: '建国路88号',
      goodsCents: 12_800,
      freightCents: 1_000,
      discountCents: 800,
      payCents: 13_000,
      invoiceType,
      invoiceTitle:
        invoiceType === 'company' ? '北京某某科技有限公司' : invoiceType === 'personal' ? '个人' : '',
      invoiceTaxNo: invoiceType === 'company' ? '91110105MA00000000' : '',
      orderedAt: new Date(takenAt.getTime() - 60_000),
    })
    .returning({ id: omsOrders.id, omsOrderNo: omsOrders.omsOrderNo });
  await db.insert(omsOrderItems).values([
    {
      omsOrderId: oms!.id,
      skuCode: 'SKU-TEA',
      name: '龙井茶礼盒',
      spec: '250g',
      quantity: 2,
      unitCents: 5_000,
      amountCents: 10_000,
    },
    {
      omsOrderId: oms!.id,
      skuCode: 'SKU-CUP',
      name: '玻璃杯',
      spec: '',
      quantity: 1,
      unitCents: 2_800,
      amountCents: 2_800,
    },
  ]);
  const [plan] = await db
    .insert(performancePlanOrders)
    .values({
      performancePlanOrderNo: `PP${n}`,
      omsOrderId: oms!.id,
      status: 'taken',
      offeredAt: new Date(takenAt.getTime() - 30_000),
      expiresAt: new Date(takenAt.getTime() + 30 * 60_000),
      takenStoreId: seed.storeId,
      takenByUserId: seed.takenByUserId ?? null,
      takenAt,
    })
    .returning({ id: performancePlanOrders.id, no: performancePlanOrders.performancePlanOrderNo });
  const [order] = await db
    .insert(performanceOrders)
    .values({
      performanceOrderNo: `PF${n}`,
      planId: plan!.id,
      omsOrderId: oms!.id,
      storeId: seed.storeId,
      status: seed.status ?? 'wait_ship',
      deliveryType: seed.deliveryType ?? 'express',
      receiverName,
      receiverPhone,
      writeOffCode: seed.writeOffCode ?? '',
      invoiceStatus: seed.invoiceStatus ?? (invoiceType === 'none' ? 'none' : 'pending'),
      takenByUserId: seed.takenByUserId ?? null,
      takenAt,
    })
    .returning({ id: performanceOrders.id, no: performanceOrders.performanceOrderNo });
  if (seed.cycleDates?.length)
    await db.insert(cyclePlans).values(
      seed.cycleDates.map((plannedDate, i) => ({
        performanceOrderId: order!.id,
        period: i + 1,
        plannedDate,
        status: seed.shippedPeriods?.includes(i + 1) ? 'shipped' : 'pending',
      })),
    );
  return {
    id: order!.id,
    omsId: oms!.id,
    performanceOrderNo: order!.no,
    omsOrderNo: oms!.omsOrderNo,
    planNo: plan!.no,
  };
}

type Envelope<T> = { result: number; data: T; errorMsg: string | null; errorCode: string | null };

/** A POST or GET (query from `payload`) of a clerk; answers status and envelope. */
export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  clerk: Clerk | null,
  payload: Record<string, unknown> = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: clerk ? bearer(clerk.token) : {},
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload }),
  });
  return { statusCode: response.statusCode, body: response.json<Envelope<T>>() };
}

/** Asia/Shanghai yyyy-MM-dd, `days` after the day of `at`. */
export function shanghaiDate(at: Date, days = 0): string {
  return new Date(at.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
