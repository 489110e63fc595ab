import {
  DASHBOARD_PATHS,
  ORDER_PATHS,
  type CnArea,
  type DashboardSummary,
  type DeliveryCompany,
  type OrderDetail,
  type OrderLogRow,
  type ReceivedPage,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOrderLog, platformOperator } from '../order-log.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addClerk,
  addCouriers,
  addOrder,
  addStore,
  call,
  shanghaiDate,
  type Clerk,
  type SeededOrder,
  type TestStore,
} from './fulfilment-test-fixtures.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
let clerk: Clerk;
let stranger: Clerk;
let viewer: Clerk;
/** Orders of `store`. */
const o = {} as Record<
  'older' | 'waiting' | 'shipped' | 'picked' | 'cancelled' | 'waitingLocal',
  SeededOrder
>;
/** The store's orders newest first. */
const newestFirst = () => [o.waitingLocal, o.cancelled, o.picked, o.shipped, o.waiting, o.older];
let foreign: SeededOrder;
const HOUR = 3_600_000;

const list = (who: Clerk | null, body: Record<string, unknown>) =>
  call<ReceivedPage>(t, 'POST', ORDER_PATHS.received, who, body);
const numbersOf = (page: ReceivedPage) => page.list.map((row) => row.performanceOrderNo);

beforeAll(async () => {
  t = await createTestApp();
  store = await addStore(t.db, '望京店');
  other = await addStore(t.db, '天河店');
  clerk = await addClerk(t, [store]);
  viewer = await addClerk(t, [store], []);
  stranger = await addClerk(t, [other]);
  await addCouriers(t.db);
  const now = t.clock().getTime();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  const add = (seed: Omit<Parameters<typeof addOrder>[1], 'storeId'>) =>
    addOrder(t.db, { storeId: store.id, takenByUserId: clerk.id, ...seed });
  o.older = await add({
    takenAt: new Date(now - 5 * 24 * HOUR),
    receiverName: '钱七',
    receiverPhone: '13912345678',
  });
  o.waiting = await add({
    takenAt: at(70),
    status: 'wait_ship',
    deliveryType: 'express',
    receiverName: '张三',
  });
  o.shipped = await add({
    takenAt: at(69),
    status: 'shipped',
    deliveryType: 'express',
    receiverName: '李四',
  });
  o.picked = await add({
    takenAt: at(68),
    status: 'completed',
    deliveryType: 'pickup',
    receiverName: '王五',
  });
  o.cancelled = await add({
    takenAt: at(67),
    status: 'cancelled',
    deliveryType: 'store_delivery',
    receiverName: '赵六',
  });
  o.waitingLocal = await add({
    takenAt: at(66),
    status: 'wait_ship',
    deliveryType: 'store_delivery',
    receiverName: '张小花',
  });
  foreign = await addOrder(t.db, { storeId: other.id, receiverName: '张三' });
});
afterAll(() => t.close());

describe('POST received-orders list', () => {
  it('answers the store’s own orders newest first, with texts, first item and quantities', async () => {
    const { statusCode, body } = await list(clerk, { storeCode: store.code });
    expect(statusCode).toBe(200);
    expect(numbersOf(body.data)).toEqual(newestFirst().map((order) => order.performanceOrderNo));
    expect(body.data).toMatchObject({
      total: 6,
      totalExact: true,
      pageNum: 1,
      pageSize: 20,
      nextCursor: null,
    });
    expect(body.data.list[4]).toMatchObject({
      performanceOrderNo: o.waiting.performanceOrderNo,
      omsOrderNo: o.waiting.omsOrderNo,
      performancePlanOrderNo: o.waiting.planNo,
      channel: 'online',
      status: 'wait_ship',
      statusText: '待发货',
      deliveryType: 'express',
      deliveryTypeText: '快递配送',
      receiverName: '张三',
      firstItemName: '龙井茶礼盒',
      itemCount: 3,
      payCents: 13_000,
    });
    expect(JSON.stringify(body.data)).not.toContain(foreign.performanceOrderNo);
  });

  it('filters by status, delivery type and keyword', async () => {
    const byStatus = await list(clerk, { storeCode: store.code, status: 'wait_ship' });
    expect(numbersOf(byStatus.body.data)).toEqual(
      [o.waitingLocal, o.waiting, o.older].map((order) => order.performanceOrderNo),
    );
    expect(byStatus.body.data.total).toBe(3);

    const byType = await list(clerk, { storeCode: store.code, deliveryType: 'store_delivery' });
    expect(numbersOf(byType.body.data)).toEqual([
      o.waitingLocal.performanceOrderNo,
      o.cancelled.performanceOrderNo,
    ]);

    const keyword = async (value: string) =>
      numbersOf((await list(clerk, { storeCode: store.code, keyword: value })).body.data);
    expect(await keyword(o.shipped.performanceOrderNo)).toEqual([o.shipped.performanceOrderNo]);
    expect(await keyword(o.picked.omsOrderNo)).toEqual([o.picked.performanceOrderNo]);
    expect(await keyword('13912345678')).toEqual([o.older.performanceOrderNo]);
    expect(await keyword('张')).toEqual([o.waitingLocal.performanceOrderNo, o.waiting.performanceOrderNo]);
    expect(await keyword('张小')).toEqual([o.waitingLocal.performanceOrderNo]);
    // A name matches from its start (an index range), not in the middle; a phone only whole.
    expect(await keyword('小花')).toEqual([]);
    expect(await keyword('1391234')).toEqual([]);
    // Another store's order is never found, even by its own number.
    expect(await keyword(foreign.performanceOrderNo)).toEqual([]);
    // LIKE wildcards typed by a person are literal.
    expect(await keyword('%')).toEqual([]);
    expect(await keyword('_')).toEqual([]);
  });

  it('filters by Asia/Shanghai taken dates, both ends inclusive', async () => {
    const today = shanghaiDate(t.clock());
    const fiveDaysAgo = shanghaiDate(t.clock(), -5);
    const recent = await list(clerk, { storeCode: store.code, dateFrom: fiveDaysAgo, dateTo: today });
    expect(recent.body.data.total).toBe(6);
    const onlyOld = await list(clerk, {
      storeCode: store.code,
      dateFrom: fiveDaysAgo,
      dateTo: fiveDaysAgo,
    });
    expect(numbersOf(onlyOld.body.data)).toEqual([o.older.performanceOrderNo]);
    const future = await list(clerk, { storeCode: store.code, dateFrom: shanghaiDate(t.clock(), 1) });
    expect(future.body.data).toMatchObject({ list: [], total: 0, nextCursor: null });
  });

  it('finds an order under its new receiver after modify-address, no longer under the old one', async () => {
    const moved = await addStore(t.db, '改址门店');
    const mover = await addClerk(t, [moved]);
    const order = await addOrder(t.db, {
      storeId: moved.id,
      receiverName: '孙旧名',
      receiverPhone: '13700000001',
    });
    const changed = await call(t, 'POST', ORDER_PATHS.modifyAddress, mover, {
      storeCode: moved.code,
      performanceOrderNo: order.performanceOrderNo,
      receiverName: '孙新名',
      receiverPhone: '13700000002',
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110101',
      detail: '东长安街1号',
    });
    expect(changed.statusCode).toBe(200);
    const search = async (keyword: string) =>
      numbersOf((await list(mover, { storeCode: moved.code, keyword })).body.data);
    expect(await search('孙新名')).toEqual([order.performanceOrderNo]);
    expect(await search('13700000002')).toEqual([order.performanceOrderNo]);
    expect(await search('孙旧名')).toEqual([]);
    expect(await search('13700000001')).toEqual([]);
  });

  it('pages by cursor exactly as by page number, and ends with no cursor', async () => {
    const paged = await addStore(t.db, '分页门店');
    const pager = await addClerk(t, [paged]);
    const base = t.clock().getTime() - 2 * HOUR;
    // Pairs share a taken time, so the id breaks ties.
    for (let i = 0; i < 7; i++)
      await addOrder(t.db, { storeId: paged.id, takenAt: new Date(base + Math.floor(i / 2) * 1_000) });
    const first = await list(pager, { storeCode: paged.code, pageSize: 3 });
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const byNumber = await list(pager, { storeCode: paged.code, pageSize: 3, pageNum: 2 });
    const byCursor = await list(pager, {
      storeCode: paged.code,
      pageSize: 3,
      pageNum: 2,
      cursor: first.body.data.nextCursor,
    });
    expect(numbersOf(byCursor.body.data)).toEqual(numbersOf(byNumber.body.data));
    expect(byCursor.body.data.list).toHaveLength(3);
    const last = await list(pager, {
      storeCode: paged.code,
      pageSize: 3,
      pageNum: 3,
      cursor: byCursor.body.data.nextCursor,
    });
    expect(last.body.data.list).toHaveLength(1);
    expect(last.body.data.nextCursor).toBeNull();
    const all = [first, byCursor, last].flatMap((page) => numbersOf(page.body.data));
    expect(new Set(all).size).toBe(7);
    // Only a page read by number is counted; paging forward by cursor skips the count.
    expect(first.body.data).toMatchObject({ total: 7, totalExact: true });
    expect(byNumber.body.data).toMatchObject({ total: 7, totalExact: true });
    expect(byCursor.body.data).toMatchObject({ total: null, totalExact: false });
    expect(last.body.data).toMatchObject({ total: null, totalExact: false });
  });

  it.each([
    [{ pageSize: 51 }, '每页条数不能超过50'],
    [{ pageNum: 0 }, '页码不正确'],
    [{ status: 'lost' }, '订单状态不正确'],
    [{ deliveryType: 'drone' }, '配送方式不正确'],
    [{ dateFrom: '2024-02-30' }, '日期格式不正确'],
    [{ dateFrom: '2024/01/01' }, '日期格式不正确'],
    [{ dateFrom: '2024-03-02', dateTo: '2024-03-01' }, '开始日期不能晚于结束日期'],
    [{ keyword: '很'.repeat(51) }, '搜索关键字不能超过50个字'],
    [{ cursor: 'not-a-cursor' }, '分页游标不正确，请从第一页重新查询'],
  ])('refuses %j with 400 and a Chinese reason', async (extra, message) => {
    const { statusCode, body } = await list(clerk, { storeCode: store.code, ...extra });
    expect(statusCode).toBe(400);
    expect(body.errorMsg).toBe(message);
  });

  it('needs a session, a store code and an authorised store', async () => {
    expect((await list(null, { storeCode: store.code })).statusCode).toBe(401);
    const missing = await list(clerk, {});
    expect(missing).toMatchObject({ statusCode: 400, body: { errorMsg: '缺少门店编号' } });
    const elsewhere = await list(clerk, { storeCode: other.code });
    expect(elsewhere).toMatchObject({ statusCode: 403, body: { errorMsg: '您无权访问该门店' } });
  });
});

describe('GET order detail', () => {
  const detail = (who: Clerk, query: Record<string, unknown>) =>
    call<OrderDetail>(t, 'GET', ORDER_PATHS.detail, who, query);

  it('shows the order with items, amounts, address, invoice and the actions allowed now', async () => {
    const order = o.waiting;
    const { statusCode, body } = await detail(clerk, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
    });
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({
      performanceOrderNo: order.performanceOrderNo,
      omsOrderNo: order.omsOrderNo,
      performancePlanOrderNo: order.planNo,
      status: 'wait_ship',
      statusText: '待发货',
      amounts: {
        goodsCents: 12_800,
        freightCents: 1_000,
        discountCents: 800,
        payCents: 13_000,
        pointsUsed: 0,
      },
      address: {
        receiverName: '张三',
        regionName: '北京市朝阳区',
        countyCode: '110105',
        detail: '建国路88号',
      },
      delivery: { type: 'express', typeText: '快递配送', courierCode: '', trackingNo: '' },
      invoice: { invoiceType: 'none', status: 'none', statusText: '无需开票' },
      cyclePlans: [],
      actions: {
        deliver: true,
        modifyAddress: true,
        modifyCyclePlan: false,
        cancel: true,
        finishInvoice: false,
        writeOff: false,
      },
    });
    expect(body.data.takenByName).toBe(clerk.nickName);
    expect(body.data.items.map((i) => [i.name, i.quantity, i.amountCents])).toEqual([
      ['龙井茶礼盒', 2, 10_000],
      ['玻璃杯', 1, 2_800],
    ]);
  });

  it('finds the order by its upstream or plan number too', async () => {
    const order = o.picked;
    for (const query of [{ omsOrderNo: order.omsOrderNo }, { performancePlanOrderNo: order.planNo }]) {
      const { body } = await detail(clerk, { storeCode: store.code, ...query });
      expect(body.data.performanceOrderNo).toBe(order.performanceOrderNo);
    }
  });

  it('offers no actions without the buttons, whatever the state', async () => {
    const { body } = await detail(viewer, {
      storeCode: store.code,
      performanceOrderNo: o.waiting.performanceOrderNo,
    });
    expect(Object.values(body.data.actions)).toEqual([false, false, false, false, false, false]);
  });

  it('answers 404 for another store’s order and never its data', async () => {
    for (const query of [
      { performanceOrderNo: foreign.performanceOrderNo },
      { omsOrderNo: foreign.omsOrderNo },
      { performancePlanOrderNo: foreign.planNo },
    ]) {
      const { statusCode, body } = await detail(clerk, { storeCode: store.code, ...query });
      expect(statusCode).toBe(404);
      expect(body).toMatchObject({ data: null, errorMsg: '订单不存在' });
    }
  });

  it('refuses a query without an order number', async () => {
    const { statusCode, body } = await detail(clerk, { storeCode: store.code });
    expect(statusCode).toBe(400);
    expect(body.errorMsg).toBe('缺少订单号');
  });
});

describe('GET order log', () => {
  const logs = (who: Clerk, omsOrderNo: string) =>
    call<OrderLogRow[]>(t, 'GET', ORDER_PATHS.logList, who, { storeCode: store.code, omsOrderNo });

  it('lists the platform’s rows and the store’s own, oldest first, never another store’s', async () => {
    const order = o.shipped;
    await recordOrderLog(t.db, { omsOrderId: order.omsId, action: 'pushed', operator: platformOperator });
    // A row of some other store's performance order of the same upstream order stays hidden.
    await recordOrderLog(t.db, {
      omsOrderId: order.omsId,
      performanceOrderId: foreign.id,
      action: 'cancelled',
      operator: { id: stranger.id, name: stranger.nickName },
    });
    await recordOrderLog(t.db, {
      omsOrderId: order.omsId,
      performanceOrderId: order.id,
      action: 'grabbed',
      fromStatus: 'offering',
      toStatus: 'taken',
      operator: { id: clerk.id, name: clerk.nickName },
    });
    const { statusCode, body } = await logs(clerk, order.omsOrderNo);
    expect(statusCode).toBe(200);
    expect(body.data.map((row) => [row.action, row.actionText, row.operatorName])).toEqual([
      ['pushed', '平台推送订单', '平台'],
      ['grabbed', '门店抢单', clerk.nickName],
    ]);
    expect(body.data[1]).toMatchObject({ fromStatusText: '待抢单', toStatusText: '已接单' });
  });

  it('answers 404 for an order the store did not take', async () => {
    const { statusCode, body } = await logs(clerk, foreign.omsOrderNo);
    expect(statusCode).toBe(404);
    expect(body.errorMsg).toBe('订单不存在');
  });
});

describe('delivery lookups', () => {
  it('walks the area tree one level per call', async () => {
    const provinces = await call<CnArea[]>(t, 'POST', ORDER_PATHS.cnArea, clerk, {});
    expect(provinces.body.data).toContainEqual({ code: '110000', name: '北京市', level: 1, leaf: false });
    const cities = await call<CnArea[]>(t, 'POST', ORDER_PATHS.cnArea, clerk, { parentCode: '330000' });
    expect(cities.body.data).toContainEqual({ code: '330100', name: '杭州市', level: 2, leaf: false });
    const counties = await call<CnArea[]>(t, 'POST', ORDER_PATHS.cnArea, clerk, { parentCode: '330100' });
    expect(counties.body.data).toContainEqual({ code: '330106', name: '西湖区', level: 3, leaf: true });
    const below = await call<CnArea[]>(t, 'POST', ORDER_PATHS.cnArea, clerk, { parentCode: '330106' });
    expect(below.body.data).toEqual([]);
  });

  it('refuses unknown or malformed area codes', async () => {
    const unknown = await call(t, 'POST', ORDER_PATHS.cnArea, clerk, { parentCode: '999999' });
    expect(unknown).toMatchObject({ statusCode: 404, body: { errorMsg: '地区不存在' } });
    const malformed = await call(t, 'POST', ORDER_PATHS.cnArea, clerk, { parentCode: '33' });
    expect(malformed).toMatchObject({ statusCode: 400, body: { errorMsg: '地区编码不正确' } });
    expect((await call(t, 'POST', ORDER_PATHS.cnArea, null, {})).statusCode).toBe(401);
  });

  it('lists couriers, or the one of a code', async () => {
    const all = await call<DeliveryCompany[]>(t, 'GET', ORDER_PATHS.deliveryCompany, clerk);
    expect(all.body.data).toEqual([
      { code: 'SF', name: '顺丰速运' },
      { code: 'YTO', name: '圆通速递' },
    ]);
    const one = await call<DeliveryCompany[]>(t, 'GET', ORDER_PATHS.deliveryCompany, clerk, {
      comNum: 'YTO',
    });
    expect(one.body.data).toEqual([{ code: 'YTO', name: '圆通速递' }]);
    const none = await call<DeliveryCompany[]>(t, 'GET', ORDER_PATHS.deliveryCompany, clerk, {
      comNum: 'ZZ',
    });
    expect(none.body.data).toEqual([]);
  });
});

describe('dashboard', () => {
  it('counts the store’s orders waiting to ship', async () => {
    const { body } = await call<DashboardSummary>(t, 'POST', DASHBOARD_PATHS.summary, clerk, {
      storeCode: store.code,
    });
    expect(body.data.counts.find((c) => c.key === 'ordersToShip')).toEqual({
      key: 'ordersToShip',
      value: 3,
      source: 'orders',
    });
  });
});
