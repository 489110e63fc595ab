import { randomInt } from 'node:crypto';
import {
  ORDER_INTEGRATION_PATHS,
  ORDER_PATHS,
  SERVICE_TOKEN_HEADER,
  type GrabResult,
  type PushOrderBody,
  type PushOrderResult,
} from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  imMessages,
  integralShelves,
  members,
  omsOrders,
  orderLogs,
  shopGroups,
  skus,
  stores,
  users,
  userStores,
  valetOrders,
} from '../../db/schema.js';
import { seedOrderCatalogue } from '../../db/seed/order-catalogue.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import type { OrderPermission } from './order-permission.js';

/** Test helpers of the order suites (plans, integration, fulfilment). */

export type OrderStore = { id: number; code: string; latitude: number; longitude: number };
export type OrderStaff = { id: number; workCode: string; nickName: string; token: string };

/** Every order button permission: a store staff member as the demo roles grant them. */
export const ALL_ORDER_PERMISSIONS: OrderPermission[] = [
  'order:rob',
  'order:take',
  'order:ship',
  'order:modifyAddress',
  'order:modifyCyclePlan',
  'order:cancel',
  'order:invoice',
  'order:writeOff',
  'order:export',
];

/** Near 亦庄 (the default position): test stores sit around it, a few hundred metres apart. */
export const TEST_ORIGIN = { latitude: 39.7784, longitude: 116.5151 } as const;

const suffix = randomInt(100, 999);
let storeSequence = 0;
let orderSequence = 0;

/** SKUs (R1001…, I2001…, U3001…) and couriers (SF, ZTO, YTO, JD, EMS) of the demo seed. */
export const seedCatalogue = (db: Database) => seedOrderCatalogue(db);

/** A located store in a fresh shop group; `at` defaults to a spot near TEST_ORIGIN. */
export async function addOrderStore(
  db: Database,
  options: { name?: string; at?: { latitude: number; longitude: number } } = {},
): Promise<OrderStore> {
  const n = ++storeSequence;
  const at = options.at ?? { latitude: TEST_ORIGIN.latitude + n * 0.001, longitude: TEST_ORIGIN.longitude };
  const [group] = await db
    .insert(shopGroups)
    .values({ frontTitle: '订单测试区', sort: 1 })
    .returning({ id: shopGroups.id });
  const code = `OD${suffix}${n}`;
  const name = options.name ?? `订单测试店${n}`;
  const [store] = await db
    .insert(stores)
    .values({
      shopCode: code,
      shopName: name,
      businessScopeName: name,
      shopGroupId: group!.id,
      latitude: at.latitude,
      longitude: at.longitude,
    })
    .returning({ id: stores.id });
  await shelveIntegralSkus(db, store!.id);
  return { id: store!.id, code, ...at };
}

/**
 * Puts every points-mall SKU there is on the store's shelf with `stock` items, as a store that redeems them has;
 * tests of the redemption terms set their own shelves.
 */
export async function shelveIntegralSkus(db: Database, storeId: number, stock = 1_000): Promise<void> {
  const integral = await db.select({ id: skus.id }).from(skus).where(eq(skus.kind, 'integral'));
  if (integral.length)
    await db
      .insert(integralShelves)
      .values(integral.map((sku) => ({ storeId, skuId: sku.id, onShelf: true, stock })))
      .onConflictDoUpdate({
        target: [integralShelves.storeId, integralShelves.skuId],
        set: { onShelf: true, stock },
      });
}

/** A signed-in user authorised for the stores, holding the given order permissions (all by default). */
export async function addOrderStaff(
  t: TestApp,
  storeList: readonly OrderStore[],
  permissions: readonly string[] = ALL_ORDER_PERMISSIONS,
): Promise<OrderStaff> {
  const user = await createUser(t.db, { roles: [...permissions] });
  if (storeList.length)
    await t.db.insert(userStores).values(storeList.map((s) => ({ userId: user.id, storeId: s.id })));
  const [row] = await t.db
    .select({ workCode: users.workCode, nickName: users.nickName })
    .from(users)
    .where(eq(users.id, user.id));
  return { id: user.id, workCode: row!.workCode, nickName: row!.nickName, token: await signIn(t.app, user) };
}

/** A valid push: one 鲜肉月饼 by courier to an address at TEST_ORIGIN, offered to the given stores. */
export function orderBody(overrides: Partial<PushOrderBody> = {}): PushOrderBody {
  const n = ++orderSequence;
  return {
    omsOrderNo: `OMST${suffix}${String(n).padStart(5, '0')}`,
    channel: 'online',
    customer: { name: '王晓燕', phone: '13912345678' },
    items: [{ skuCode: 'R1001', quantity: 2 }],
    deliveryType: 'express',
    address: {
      receiverName: '王晓燕',
      receiverPhone: '13912345678',
      countyCode: '110115',
      regionName: '北京市北京市大兴区',
      detail: '景园北街2号院5号楼1单元301',
      latitude: TEST_ORIGIN.latitude,
      longitude: TEST_ORIGIN.longitude,
    },
    ...overrides,
  };
}

/** POST with the service token (the upstream platform). */
export function servicePost(t: TestApp, url: string, payload: unknown, token = t.deps.config.serviceToken) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { [SERVICE_TOKEN_HEADER]: token },
    payload: payload as object,
  });
}

/** Pushes an order and fails the test unless it was accepted. */
export async function pushOrder(
  t: TestApp,
  stores: readonly OrderStore[],
  overrides: Partial<PushOrderBody> = {},
): Promise<PushOrderResult> {
  const response = await servicePost(
    t,
    ORDER_INTEGRATION_PATHS.pushOrder,
    orderBody({ candidateStoreCodes: stores.map((s) => s.code), ...overrides }),
  );
  if (response.statusCode !== 200) throw new Error(`push failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: PushOrderResult }>().data;
}

/** POST as a signed-in staff member. */
export function staffPost(t: TestApp, url: string, staff: OrderStaff | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: staff ? bearer(staff.token) : {},
    payload: payload as object,
  });
}

/** Grabs a plan for `store` and fails the test unless it was taken: a wait_ship order to work on. */
export async function grabOrder(
  t: TestApp,
  staff: OrderStaff,
  store: OrderStore,
  performancePlanOrderNo: string,
): Promise<GrabResult> {
  const response = await staffPost(t, ORDER_PATHS.grab, staff, {
    storeCode: store.code,
    performancePlanOrderNo,
  });
  if (response.statusCode !== 200) throw new Error(`grab failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: GrabResult }>().data;
}

/** A store, its staff member and a pushed order already taken by it (status wait_ship). */
export async function takenOrder(t: TestApp, overrides: Partial<PushOrderBody> = {}) {
  const store = await addOrderStore(t.db);
  const staff = await addOrderStaff(t, [store]);
  const pushed = await pushOrder(t, [store], overrides);
  const taken = await grabOrder(t, staff, store, pushed.performancePlanOrderNo);
  return { store, staff, pushed, taken };
}

/**
 * A confirmed points-mall valet order of `store` by `creator` and the upstream order it became, pushed to
 * `store` only (channel valet_integral, sourceOrderNo = the valet order no) and taken by `creator`.
 */
export async function takenValetOrder(t: TestApp, store: OrderStore, creator: OrderStaff) {
  const n = ++orderSequence;
  const valetOrderNo = `VOT${suffix}${String(n).padStart(5, '0')}`;
  const [member] = await t.db
    .insert(members)
    .values({
      memberNo: `MT${suffix}${n}`,
      name: '代客会员',
      phone: `1365${suffix}${String(n).padStart(4, '0')}`,
    })
    .returning({ id: members.id });
  const items = [{ skuCode: 'I2001', quantity: 1 }];
  const [valet] = await t.db
    .insert(valetOrders)
    .values({
      valetOrderNo,
      kind: 'integral',
      storeId: store.id,
      memberId: member!.id,
      deliveryType: 'express',
      items: items.map((i) => ({ ...i, name: '品牌帆布袋', unitCents: 0, points: 800 })),
      goodsCents: 0,
      payCents: 0,
      points: 800,
      status: 'confirmed',
      createdByUserId: creator.id,
      confirmedAt: t.clock(),
    })
    .returning({ id: valetOrders.id });
  const pushed = await pushOrder(t, [store], {
    channel: 'valet_integral',
    items,
    sourceOrderNo: valetOrderNo,
  });
  const taken = await grabOrder(t, creator, store, pushed.performancePlanOrderNo);
  return { valetOrderId: valet!.id, valetOrderNo, pushed, taken };
}

export const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ errorMsg: string | null; errorCode: string | null }>();

/** The log of an upstream order, oldest first. */
export async function logOf(db: Database, omsOrderNo: string) {
  return db
    .select({
      action: orderLogs.action,
      fromStatus: orderLogs.fromStatus,
      toStatus: orderLogs.toStatus,
      operatorId: orderLogs.operatorId,
      operatorName: orderLogs.operatorName,
    })
    .from(orderLogs)
    .innerJoin(omsOrders, eq(omsOrders.id, orderLogs.omsOrderId))
    .where(eq(omsOrders.omsOrderNo, omsOrderNo))
    .orderBy(asc(orderLogs.id));
}

/** Messages a user received in a store, oldest first. */
export async function messagesOf(db: Database, receiverId: number, storeId?: number) {
  return db
    .select({
      storeId: imMessages.storeId,
      businessType: imMessages.businessType,
      messageType: imMessages.messageType,
      title: imMessages.title,
      text: imMessages.text,
      expandInfo: imMessages.expandInfo,
    })
    .from(imMessages)
    .where(
      and(
        eq(imMessages.receiverId, receiverId),
        storeId === undefined ? undefined : eq(imMessages.storeId, storeId),
      ),
    )
    .orderBy(asc(imMessages.id));
}
