import {
  ORDER_INTEGRATION_PATHS,
  ORDER_PATHS,
  SPECIAL_ORDER_PATHS,
  type ArriveAtStorePage,
  type ExpressInfo,
  type KeepLevelCheck,
  type PushOrderBody,
  type Prescription,
  type TeaTreePage,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclePlans, members, omsOrderItems, orderLogs, performanceOrders } from '../../../db/schema.js';
import { nextPhone } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  grabOrder,
  logOf,
  pushOrder,
  seedCatalogue,
  servicePost,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let clerk: OrderStaff;
/** Authorised for the store, without any order button. */
let viewer: OrderStaff;
let otherClerk: OrderStaff;

const post = (who: OrderStaff | null, path: string, body: Record<string, unknown>, storeCode = store.code) =>
  staffPost(t, path, who, { storeCode, ...body });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;

/** A pushed order taken by `clerk` for `store` (wait_ship). */
async function taken(overrides: Partial<PushOrderBody> = {}, at = store, by = clerk) {
  const pushed = await pushOrder(t, [at], overrides);
  const grabbed = await grabOrder(t, by, at, pushed.performancePlanOrderNo);
  return { ...grabbed, performancePlanOrderNo: pushed.performancePlanOrderNo };
}
const uEnjoy = (overrides: Partial<PushOrderBody> = {}, at = store, by = clerk) =>
  taken({ items: [{ skuCode: 'U3001', quantity: 1 }], ...overrides }, at, by);

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db);
  other = await addOrderStore(t.db);
  clerk = await addOrderStaff(t, [store]);
  viewer = await addOrderStaff(t, [store], []);
  otherClerk = await addOrderStaff(t, [other]);
});

afterAll(async () => {
  await t.close();
});

describe('every special-order route', () => {
  const routes: [string, Record<string, unknown>][] = [
    [SPECIAL_ORDER_PATHS.arriveAtStoreList, {}],
    [SPECIAL_ORDER_PATHS.expressInfo, { performanceOrderNo: 'PF1' }],
    [SPECIAL_ORDER_PATHS.teaTreeAdoptionList, {}],
    [SPECIAL_ORDER_PATHS.cancelPerformanceOrder, { performanceOrderNo: 'PF1', reason: '测试' }],
    [SPECIAL_ORDER_PATHS.keepLevelCheck, { performanceOrderNo: 'PF1' }],
    [SPECIAL_ORDER_PATHS.downloadPrescription, { performanceOrderNo: 'PF1' }],
  ];

  it.each(routes)(
    '%s needs a session (401), a store (400) the caller is authorised for (403)',
    async (path, body) => {
      expect((await post(null, path, body)).statusCode).toBe(401);
      const noStore = await staffPost(t, path, clerk, body);
      expect(noStore.statusCode).toBe(400);
      const foreign = await post(otherClerk, path, body);
      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).errorMsg).toBe('您无权访问该门店');
    },
  );
});

describe('arriveAtStoreOrderList', () => {
  it("lists the store's pickup orders waiting for the customer, with the write-off hint", async () => {
    const pickup = await taken({ deliveryType: 'pickup', items: [{ skuCode: 'R1002', quantity: 3 }] });
    const courier = await taken();
    await taken({ deliveryType: 'pickup' }, other, otherClerk);
    const response = await post(clerk, SPECIAL_ORDER_PATHS.arriveAtStoreList, { pageSize: 50 });
    expect(response.statusCode).toBe(200);
    const page = dataOf<ArriveAtStorePage>(response);
    const numbers = page.list.map((r) => r.performanceOrderNo);
    expect(numbers).toContain(pickup.performanceOrderNo);
    expect(numbers).not.toContain(courier.performanceOrderNo);
    expect(page.total).toBe(page.list.length);
    const row = page.list.find((r) => r.performanceOrderNo === pickup.performanceOrderNo)!;
    expect(row).toMatchObject({
      omsOrderNo: pickup.omsOrderNo,
      itemsSummary: '蛋黄酥×3',
      itemCount: 3,
      writeOffHint: '请核对顾客出示的6位核销码后核销',
      canWriteOff: true,
      waitingHours: 0,
    });
    expect(JSON.stringify(row)).not.toContain(pickup.writeOffCode);
  });

  it('drops an order once written off, filters by keyword, and shows the button only with order:writeOff', async () => {
    const pickup = await taken({ deliveryType: 'pickup' });
    const found = await post(viewer, SPECIAL_ORDER_PATHS.arriveAtStoreList, { keyword: pickup.omsOrderNo });
    expect(dataOf<ArriveAtStorePage>(found).list).toEqual([
      expect.objectContaining({ performanceOrderNo: pickup.performanceOrderNo, canWriteOff: false }),
    ]);
    const writeOff = await post(clerk, ORDER_PATHS.writeOff, {
      performanceOrderNo: pickup.performanceOrderNo,
      writeOffCode: pickup.writeOffCode,
    });
    expect(writeOff.statusCode).toBe(200);
    const after = await post(clerk, SPECIAL_ORDER_PATHS.arriveAtStoreList, { keyword: pickup.omsOrderNo });
    expect(dataOf<ArriveAtStorePage>(after)).toMatchObject({ list: [], total: 0 });
  });

  it('refuses bad paging with a Chinese 400', async () => {
    const response = await post(clerk, SPECIAL_ORDER_PATHS.arriveAtStoreList, { pageSize: 500 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorMsg).toBe('每页条数不能超过50');
  });
});

describe('order-express-info', () => {
  it('answers the courier from delivery_companies and the tracking number once shipped', async () => {
    const order = await taken();
    const before = dataOf<ExpressInfo>(
      await post(clerk, SPECIAL_ORDER_PATHS.expressInfo, { performanceOrderNo: order.performanceOrderNo }),
    );
    expect(before).toMatchObject({ shipped: false, courierName: '', trackingNo: '', statusText: '待发货' });
    const shipped = await post(clerk, ORDER_PATHS.deliver, {
      performanceOrderNo: order.performanceOrderNo,
      courierCode: 'SF',
      trackingNo: 'SF1234567890123',
    });
    expect(shipped.statusCode).toBe(200);
    const after = dataOf<ExpressInfo>(
      await post(clerk, SPECIAL_ORDER_PATHS.expressInfo, { performanceOrderNo: order.performanceOrderNo }),
    );
    expect(after).toMatchObject({
      shipped: true,
      courierCode: 'SF',
      courierName: '顺丰速运',
      trackingNo: 'SF1234567890123',
      deliveryTypeText: '快递配送',
      statusText: '已发货',
      periods: [],
    });
    expect(after.shippedAt).not.toBeNull();
  });

  it('lists the shipped cycle-plan periods of a uEnjoy order with their tracking numbers', async () => {
    const order = await uEnjoy();
    await t.db
      .update(performanceOrders)
      .set({ status: 'shipped', courierCode: 'YTO', courierName: '旧名', trackingNo: 'YT1234567890123' })
      .where(eq(performanceOrders.performanceOrderNo, order.performanceOrderNo));
    const [row] = await t.db
      .select({ id: performanceOrders.id })
      .from(performanceOrders)
      .where(eq(performanceOrders.performanceOrderNo, order.performanceOrderNo));
    await t.db
      .update(cyclePlans)
      .set({ status: 'shipped', trackingNo: 'YT9999999999999' })
      .where(and(eq(cyclePlans.performanceOrderId, row!.id), eq(cyclePlans.period, 1)));
    const info = dataOf<ExpressInfo>(
      await post(clerk, SPECIAL_ORDER_PATHS.expressInfo, { performanceOrderNo: order.performanceOrderNo }),
    );
    expect(info.courierName).toBe('圆通速递');
    expect(info.periods).toEqual([
      expect.objectContaining({ period: 1, courierName: '圆通速递', trackingNo: 'YT9999999999999' }),
    ]);
  });

  it("answers 404 for another store's order and 400 for a malformed number", async () => {
    const foreign = await taken({}, other, otherClerk);
    const response = await post(clerk, SPECIAL_ORDER_PATHS.expressInfo, {
      performanceOrderNo: foreign.performanceOrderNo,
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).errorMsg).toBe('订单不存在');
    const bad = await post(clerk, SPECIAL_ORDER_PATHS.expressInfo, { performanceOrderNo: '单号 1' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errorMsg).toBe('履约单号格式不正确');
  });
});

describe('teaTreeAdoptionOrderList', () => {
  it('lists only orders with a tea-tree adoption item, of this store only', async () => {
    const empty = await post(otherClerk, SPECIAL_ORDER_PATHS.teaTreeAdoptionList, {}, other.code);
    expect(dataOf<TeaTreePage>(empty)).toMatchObject({ list: [], total: 0 });
    const adoption = await taken();
    const plain = await taken();
    const foreign = await taken({}, other, otherClerk);
    for (const omsOrderNo of [adoption.omsOrderNo, foreign.omsOrderNo]) {
      const [oms] = await logOf(t.db, omsOrderNo);
      expect(oms).toBeDefined();
    }
    const omsIdOf = async (performanceOrderNo: string) =>
      (
        await t.db
          .select({ id: performanceOrders.omsOrderId })
          .from(performanceOrders)
          .where(eq(performanceOrders.performanceOrderNo, performanceOrderNo))
      )[0]!.id;
    for (const order of [adoption, foreign])
      await t.db.insert(omsOrderItems).values({
        omsOrderId: await omsIdOf(order.performanceOrderNo),
        skuCode: 'T9001',
        name: '茶树认养·西湖龙井',
        quantity: 1,
        unitCents: 99_900,
        amountCents: 99_900,
      });
    const page = dataOf<TeaTreePage>(await post(clerk, SPECIAL_ORDER_PATHS.teaTreeAdoptionList, {}));
    expect(page.total).toBe(1);
    expect(page.list).toEqual([
      expect.objectContaining({
        performanceOrderNo: adoption.performanceOrderNo,
        adoptionItems: '茶树认养·西湖龙井×1',
        statusText: '待发货',
      }),
    ]);
    expect(page.list.map((r) => r.performanceOrderNo)).not.toContain(plain.performanceOrderNo);
    const shippedOnly = await post(clerk, SPECIAL_ORDER_PATHS.teaTreeAdoptionList, { status: 'shipped' });
    expect(dataOf<TeaTreePage>(shippedOnly).total).toBe(0);
  });

  it('refuses an unknown status with a Chinese 400', async () => {
    const response = await post(clerk, SPECIAL_ORDER_PATHS.teaTreeAdoptionList, { status: 'lost' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorMsg).toBe('订单状态不正确');
  });
});

describe('cancelPerformanceOrder', () => {
  const cancel = (performanceOrderNo: string, who = clerk, reason = '顾客改约') =>
    post(who, SPECIAL_ORDER_PATHS.cancelPerformanceOrder, { performanceOrderNo, reason });

  it('cancels a uEnjoy order waiting to ship, logged like the received-order cancel; a second time is 409', async () => {
    const order = await uEnjoy();
    const response = await cancel(order.performanceOrderNo);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({
      performanceOrderNo: order.performanceOrderNo,
      status: 'cancelled',
      statusText: '已取消',
    });
    expect((await logOf(t.db, order.omsOrderNo)).at(-1)).toMatchObject({
      action: 'cancelled',
      fromStatus: 'wait_ship',
      toStatus: 'cancelled',
      operatorId: clerk.id,
    });
    const again = await cancel(order.performanceOrderNo);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      errorCode: 'ORDER_STATE_CONFLICT',
      errorMsg: '该订单已取消，不能再执行此操作',
    });
  });

  it('refuses a shipped uEnjoy order (409), a retail order (409), a foreign one (404)', async () => {
    const order = await uEnjoy();
    await post(clerk, ORDER_PATHS.deliver, {
      performanceOrderNo: order.performanceOrderNo,
      courierCode: 'SF',
      trackingNo: 'SF1234567890124',
    });
    expect(errorOf(await cancel(order.performanceOrderNo)).errorMsg).toBe('该订单已发货，不能再执行此操作');
    const retail = await taken();
    const refused = await cancel(retail.performanceOrderNo);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ errorCode: 'ORDER_NOT_UENJOY', errorMsg: '该订单不是优享订单' });
    const foreign = await uEnjoy({}, other, otherClerk);
    expect((await cancel(foreign.performanceOrderNo)).statusCode).toBe(404);
  });

  it('needs order:cancel (403) and a reason (400)', async () => {
    const order = await uEnjoy();
    const denied = await cancel(order.performanceOrderNo, viewer);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).errorMsg).toBe('您没有该操作权限');
    const noReason = await cancel(order.performanceOrderNo, clerk, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).errorMsg).toBe('请输入取消原因');
  });
});

describe('orderKeepLevelCheck', () => {
  const check = (performanceOrderNo: string, who = clerk) =>
    post(who, SPECIAL_ORDER_PATHS.keepLevelCheck, { performanceOrderNo });

  it('keeps the level while the rest of the year still reaches it, drops it once it does not', async () => {
    const phone = nextPhone();
    await t.db.insert(members).values({ memberNo: `MLV${phone}`, name: '赵会员', phone, level: 2 });
    const customer = { name: '赵会员', phone };
    const subscription = await uEnjoy({ customer });
    // 鲜肉月饼 58.80 × 10 = 588.00 ≥ level 2's 500.00.
    const earlier = await pushOrder(t, [store], { customer, items: [{ skuCode: 'R1001', quantity: 10 }] });

    const keeps = dataOf<KeepLevelCheck>(await check(subscription.performanceOrderNo));
    expect(keeps).toMatchObject({
      keepsLevel: true,
      currentLevel: 2,
      levelAfter: 2,
      remainingCents: 58_800,
      thresholdCents: 50_000,
    });
    expect(keeps.reason).toBe('取消后近365天消费588.00元，仍达到会员等级2的门槛500.00元，等级保持不变');

    const cancelled = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: earlier.omsOrderNo,
      reason: '不要了',
    });
    expect(cancelled.statusCode).toBe(200);
    const drops = dataOf<KeepLevelCheck>(await check(subscription.performanceOrderNo));
    expect(drops).toMatchObject({ keepsLevel: false, currentLevel: 2, levelAfter: 1, remainingCents: 0 });
    expect(drops.reason).toBe('取消后近365天消费0.00元，低于会员等级2的门槛500.00元，将降为等级1');
  });

  it('answers that no level is at stake for an order without a member', async () => {
    const order = await uEnjoy({ customer: { name: '路人', phone: nextPhone() } });
    expect(dataOf<KeepLevelCheck>(await check(order.performanceOrderNo))).toMatchObject({
      keepsLevel: true,
      currentLevel: null,
      levelAfter: null,
      reason: '该订单没有关联会员，取消不影响会员等级',
    });
  });

  it('refuses an order that can no longer be cancelled (409), a retail one (409), and without order:cancel (403)', async () => {
    const order = await uEnjoy();
    await post(clerk, SPECIAL_ORDER_PATHS.cancelPerformanceOrder, {
      performanceOrderNo: order.performanceOrderNo,
      reason: '测试',
    });
    expect(errorOf(await check(order.performanceOrderNo)).errorCode).toBe('ORDER_STATE_CONFLICT');
    expect(errorOf(await check((await taken()).performanceOrderNo)).errorCode).toBe('ORDER_NOT_UENJOY');
    expect((await check(order.performanceOrderNo, viewer)).statusCode).toBe(403);
  });
});

describe('downloadPrescription/add', () => {
  const download = (performanceOrderNo: string, who = clerk) =>
    post(who, SPECIAL_ORDER_PATHS.downloadPrescription, { performanceOrderNo });

  it('answers 404 该订单没有处方 when the order carries none, and logs nothing', async () => {
    const order = await taken();
    const response = await download(order.performanceOrderNo);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({
      errorCode: 'ORDER_NO_PRESCRIPTION',
      errorMsg: '该订单没有处方',
    });
    expect((await logOf(t.db, order.omsOrderNo)).map((r) => r.action)).not.toContain(
      'prescription_downloaded',
    );
  });

  it('answers the attached prescription as a data URL and logs who downloaded it', async () => {
    const order = await taken();
    const [row] = await t.db
      .select({ omsOrderId: performanceOrders.omsOrderId })
      .from(performanceOrders)
      .where(eq(performanceOrders.performanceOrderNo, order.performanceOrderNo));
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';
    await t.db.insert(orderLogs).values({
      omsOrderId: row!.omsOrderId,
      action: 'prescription_attached',
      operatorName: '平台',
      detail: { fileName: '处方单.png', dataUrl },
    });
    const response = await download(order.performanceOrderNo, viewer);
    expect(response.statusCode).toBe(200);
    expect(dataOf<Prescription>(response)).toMatchObject({
      performanceOrderNo: order.performanceOrderNo,
      fileName: '处方单.png',
      dataUrl,
    });
    expect((await logOf(t.db, order.omsOrderNo)).at(-1)).toMatchObject({
      action: 'prescription_downloaded',
      operatorId: viewer.id,
    });
    const foreign = await download(order.performanceOrderNo, otherClerk);
    expect(foreign.statusCode).toBe(403);
    const asOtherStore = await post(
      otherClerk,
      SPECIAL_ORDER_PATHS.downloadPrescription,
      {
        performanceOrderNo: order.performanceOrderNo,
      },
      other.code,
    );
    expect(asOtherStore.statusCode).toBe(404);
  });
});
