import {
  FULFILMENT_STATUSES,
  ORDER_PATHS,
  type FulfilmentStatus,
  type InvoiceDetail,
  type OrderActionResult,
  type OrderDetail,
} from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclePlans, omsOrders, orderLogs, performanceOrders } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { areaCatalogue } from '../../stores/area-tree.js';
import { FULFILMENT_TRANSITIONS, type FulfilmentAction } from '../order-states.js';
import { createFulfilmentRepository } from './fulfilment.repository.js';
import { createFulfilmentService } from './fulfilment.service.js';
import {
  addClerk,
  addCouriers,
  addOrder,
  addStore,
  call,
  shanghaiDate,
  type Clerk,
  type OrderSeed,
  type SeededOrder,
  type TestStore,
} from './fulfilment-test-fixtures.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
let clerk: Clerk;
let viewer: Clerk;
let stranger: Clerk;

const REFUSALS: Record<FulfilmentStatus, string> = {
  wait_ship: '该订单尚未发货',
  shipped: '该订单已发货，不能再执行此操作',
  completed: '该订单已完成，不能再执行此操作',
  cancelled: '该订单已取消，不能再执行此操作',
};
const ADDRESS = {
  receiverName: '周新',
  receiverPhone: '13800001111',
  provinceCode: '110000',
  cityCode: '110100',
  countyCode: '110101',
  detail: '东长安街1号',
};

const post = (who: Clerk, url: string, body: Record<string, unknown>) =>
  call<OrderActionResult>(t, 'POST', url, who, body);
const seed = (extra: Partial<OrderSeed> = {}) => addOrder(t.db, { storeId: store.id, ...extra });
const day = (days: number) => shanghaiDate(t.clock(), days);
const stateOf = async (order: SeededOrder) => {
  const [row] = await t.db.select().from(performanceOrders).where(eq(performanceOrders.id, order.id));
  return row!;
};
const logsOf = (order: SeededOrder) =>
  t.db.select().from(orderLogs).where(eq(orderLogs.performanceOrderId, order.id)).orderBy(asc(orderLogs.id));
const detailOf = async (who: Clerk, order: SeededOrder) =>
  (
    await call<OrderDetail>(t, 'GET', ORDER_PATHS.detail, who, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
    })
  ).body.data;

beforeAll(async () => {
  t = await createTestApp();
  store = await addStore(t.db, '望京店');
  other = await addStore(t.db, '天河店');
  clerk = await addClerk(t, [store]);
  viewer = await addClerk(t, [store], []);
  stranger = await addClerk(t, [other]);
  await addCouriers(t.db);
});
afterAll(() => t.close());

/** How to attempt each store action (the two customer cancellations are not the store's): order and body. */
const ATTEMPTS: Record<
  Exclude<FulfilmentAction, 'customerCancel' | 'checkedCancel'>,
  { path: string; seed: () => Partial<OrderSeed>; body: () => Record<string, unknown> }
> = {
  deliver: {
    path: ORDER_PATHS.deliver,
    seed: () => ({ deliveryType: 'express' }),
    body: () => ({ courierCode: 'SF', trackingNo: 'SF123456789012' }),
  },
  writeOff: {
    path: ORDER_PATHS.writeOff,
    seed: () => ({ deliveryType: 'pickup', writeOffCode: '024680' }),
    body: () => ({ writeOffCode: '024680' }),
  },
  storeCancel: {
    path: ORDER_PATHS.cancel,
    seed: () => ({}),
    body: () => ({ reason: '顾客来电要求取消' }),
  },
  modifyAddress: {
    path: ORDER_PATHS.modifyAddress,
    seed: () => ({}),
    body: () => ADDRESS,
  },
  modifyCyclePlan: {
    path: ORDER_PATHS.modifyCyclePlan,
    seed: () => ({ channel: 'valet_uenjoy', cycleDates: [day(7), day(14)] }),
    body: () => ({ periods: [{ period: 1, plannedDate: day(8) }] }),
  },
  finishInvoice: {
    path: ORDER_PATHS.finishInvoice,
    seed: () => ({ invoiceType: 'company' }),
    body: () => ({ invoiceNo: '04400123' }),
  },
};

describe('transitions', () => {
  const cases = Object.entries(ATTEMPTS).flatMap(([action, attempt]) =>
    FULFILMENT_STATUSES.map((status) => ({ action: action as keyof typeof ATTEMPTS, attempt, status })),
  );

  it.each(cases)('$action from $status', async ({ action, attempt, status }) => {
    const order = await seed({ ...attempt.seed(), status });
    const { from, to } = FULFILMENT_TRANSITIONS[action];
    const legal = (from as readonly FulfilmentStatus[]).includes(status);
    const { statusCode, body } = await post(clerk, attempt.path, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      ...attempt.body(),
    });
    const logs = await logsOf(order);
    if (legal) {
      expect(statusCode, body.errorMsg ?? '').toBe(200);
      expect(body.data).toMatchObject({ performanceOrderNo: order.performanceOrderNo, status: to ?? status });
      expect((await stateOf(order)).status).toBe(to ?? status);
      expect((await stateOf(order)).version).toBe(1);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        fromStatus: status,
        toStatus: to ?? status,
        operatorId: clerk.id,
        operatorName: clerk.nickName,
      });
    } else {
      expect(statusCode).toBe(409);
      expect(body).toMatchObject({ errorCode: 'ORDER_STATE_CONFLICT', errorMsg: REFUSALS[status] });
      expect((await stateOf(order)).version).toBe(0);
      expect(logs).toHaveLength(0);
    }
  });
});

describe('every action', () => {
  it.each(Object.entries(ATTEMPTS))(
    '%s: 404 for another store’s order, 403 without the button',
    async (_, attempt) => {
      const foreign = await addOrder(t.db, { storeId: other.id, ...attempt.seed() });
      const elsewhere = await post(clerk, attempt.path, {
        storeCode: store.code,
        performanceOrderNo: foreign.performanceOrderNo,
        ...attempt.body(),
      });
      expect(elsewhere).toMatchObject({ statusCode: 404, body: { data: null, errorMsg: '订单不存在' } });
      // The other store's own clerk is not allowed into this store either.
      const intruder = await post(stranger, attempt.path, {
        storeCode: store.code,
        performanceOrderNo: foreign.performanceOrderNo,
        ...attempt.body(),
      });
      expect(intruder.statusCode).toBe(403);

      const order = await seed(attempt.seed());
      const denied = await post(viewer, attempt.path, {
        storeCode: store.code,
        performanceOrderNo: order.performanceOrderNo,
        ...attempt.body(),
      });
      expect(denied).toMatchObject({ statusCode: 403, body: { errorMsg: '您没有该操作权限' } });
      expect((await stateOf(order)).version).toBe(0);
      expect((await stateOf(foreign)).version).toBe(0);
    },
  );
});

describe('a change based on a stale read', () => {
  /** The real service whose reads answer the snapshot taken before someone else changed the order. */
  async function staleService(order: SeededOrder) {
    const orders = createFulfilmentRepository(t.db);
    const snapshot = await orders.findOrder(store.id, { performanceOrderNo: order.performanceOrderNo });
    const service = createFulfilmentService({
      db: t.db,
      clock: t.clock,
      orders: { ...orders, findOrder: async () => snapshot },
      areas: areaCatalogue,
    });
    const actor = { storeId: store.id, userId: clerk.id, nickName: clerk.nickName, roles: [] };
    return { service, actor };
  }
  const target = (order: SeededOrder) => ({
    storeCode: store.code,
    performanceOrderNo: order.performanceOrderNo,
  });

  it('answers the refusal of the state it lost to, and changes nothing', async () => {
    const order = await seed();
    const { service, actor } = await staleService(order);
    await post(clerk, ORDER_PATHS.deliver, {
      ...target(order),
      courierCode: 'SF',
      trackingNo: 'SF123456789012',
    });
    await expect(service.cancel(actor, { ...target(order), reason: '迟到的取消' })).rejects.toMatchObject({
      statusCode: 409,
      message: REFUSALS.shipped,
    });
    expect(await stateOf(order)).toMatchObject({ status: 'shipped', cancelReason: '', version: 1 });
    expect((await logsOf(order)).map((l) => l.action)).toEqual(['shipped']);
  });

  it('refuses when the state is the same but the order changed meanwhile', async () => {
    const order = await seed();
    const { service, actor } = await staleService(order);
    await post(clerk, ORDER_PATHS.modifyAddress, { ...target(order), ...ADDRESS });
    await expect(
      service.deliver(actor, { ...target(order), courierCode: 'SF', trackingNo: 'SF123456789012' }),
    ).rejects.toMatchObject({ statusCode: 409, message: '订单已被他人修改，请刷新后重试' });
    expect(await stateOf(order)).toMatchObject({ status: 'wait_ship', trackingNo: '', version: 1 });
  });
});

describe('deliver', () => {
  const deliver = (order: SeededOrder, body: Record<string, unknown>) =>
    post(clerk, ORDER_PATHS.deliver, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      ...body,
    });

  it('ships by courier and shows the courier and tracking number', async () => {
    const order = await seed();
    const { statusCode, body } = await deliver(order, { courierCode: 'YTO', trackingNo: 'YT1234567890123' });
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({ status: 'shipped', statusText: '已发货' });
    const detail = await detailOf(clerk, order);
    expect(detail.delivery).toMatchObject({
      courierCode: 'YTO',
      courierName: '圆通速递',
      trackingNo: 'YT1234567890123',
    });
    expect(detail.shippedAt).not.toBeNull();
    expect(detail.actions).toMatchObject({ deliver: false, cancel: false, modifyAddress: false });
    const [log] = await logsOf(order);
    expect(log).toMatchObject({
      action: 'shipped',
      detail: { courierCode: 'YTO', trackingNo: 'YT1234567890123' },
    });
  });

  it.each([
    [{}, '请选择快递公司'],
    [{ courierCode: 'ZZ', trackingNo: 'SF123456789012' }, '快递公司不存在'],
    [{ courierCode: 'SF', trackingNo: 'YT1234567890123' }, '快递单号格式不正确'],
    [{ courierCode: 'SF', trackingNo: 'SF12345' }, '快递单号格式不正确'],
    [{ courierCode: 'SF' }, '快递单号格式不正确'],
  ])('refuses an express shipment %j with 422', async (body, message) => {
    const order = await seed();
    const response = await deliver(order, body);
    expect(response).toMatchObject({ statusCode: 422, body: { errorMsg: message } });
    expect((await stateOf(order)).status).toBe('wait_ship');
  });

  it('ships by the store’s own deliverer, kept in the deliverer columns and the log, shown on the detail', async () => {
    const order = await seed({ deliveryType: 'store_delivery' });
    expect(await deliver(order, { delivererName: '小马' })).toMatchObject({
      statusCode: 422,
      body: { errorMsg: '请填写配送员姓名和手机号' },
    });
    for (const phone of ['12345', '23700002222', '137000022221', '1370000222a', '+8613700002222'])
      expect(await deliver(order, { delivererName: '小马', delivererPhone: phone }), phone).toMatchObject({
        statusCode: 422,
        body: { errorMsg: '请输入正确的配送员手机号' },
      });
    expect(await stateOf(order)).toMatchObject({
      status: 'wait_ship',
      delivererName: '',
      delivererPhone: '',
    });

    const shipped = await deliver(order, { delivererName: ' 小马 ', delivererPhone: '13700002222' });
    expect(shipped.statusCode).toBe(200);
    expect(await stateOf(order)).toMatchObject({
      status: 'shipped',
      delivererName: '小马',
      delivererPhone: '13700002222',
      courierCode: '',
      courierName: '',
      trackingNo: '',
    });
    expect((await detailOf(clerk, order)).delivery).toMatchObject({
      type: 'store_delivery',
      courierName: '',
      delivererName: '小马',
      delivererPhone: '13700002222',
    });
    const [log] = await logsOf(order);
    expect(log).toMatchObject({
      action: 'shipped',
      detail: { deliveryType: 'store_delivery', delivererName: '小马', delivererPhone: '13700002222' },
    });
  });

  it('refuses to ship a pickup order', async () => {
    const order = await seed({ deliveryType: 'pickup', writeOffCode: '111111' });
    const response = await deliver(order, { courierCode: 'SF', trackingNo: 'SF123456789012' });
    expect(response).toMatchObject({
      statusCode: 409,
      body: { errorMsg: '自提订单无需发货，请在顾客到店时核销' },
    });
  });

  it('lets exactly one of two simultaneous shipments through', async () => {
    const order = await seed();
    const answers = await Promise.all([
      deliver(order, { courierCode: 'SF', trackingNo: 'SF111111111111' }),
      deliver(order, { courierCode: 'SF', trackingNo: 'SF222222222222' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.body.errorMsg).toBe(REFUSALS.shipped);
    const logs = await logsOf(order);
    expect(logs.filter((l) => l.action === 'shipped')).toHaveLength(1);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((await stateOf(order)).trackingNo).toBe(winner === 0 ? 'SF111111111111' : 'SF222222222222');
  });
});

describe('modify address', () => {
  const modify = (order: SeededOrder, body: Record<string, unknown>) =>
    post(clerk, ORDER_PATHS.modifyAddress, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      ...ADDRESS,
      ...body,
    });

  it('replaces the address snapshot and logs old and new', async () => {
    const order = await seed();
    expect((await modify(order, {})).statusCode).toBe(200);
    const [oms] = await t.db.select().from(omsOrders).where(eq(omsOrders.id, order.omsId));
    expect(oms).toMatchObject({
      receiverName: '周新',
      receiverPhone: '13800001111',
      regionName: '北京市东城区',
      countyCode: '110101',
      addressDetail: '东长安街1号',
    });
    const [log] = await logsOf(order);
    expect(log).toMatchObject({
      action: 'address_modified',
      detail: {
        before: { regionName: '北京市朝阳区', detail: '建国路88号' },
        after: { regionName: '北京市东城区', detail: '东长安街1号' },
      },
    });
  });

  it.each([
    [{ receiverPhone: '1380000' }, 400, '请输入正确的手机号'],
    [{ receiverName: ' ' }, 400, '请输入收货人'],
    [{ detail: '' }, 400, '请输入详细地址'],
    [{ countyCode: '11010' }, 400, '请选择省市区'],
    [{ countyCode: '330106' }, 422, '省市区不匹配，请重新选择'],
    [{ countyCode: '119999' }, 422, '省市区不匹配，请重新选择'],
  ])('refuses %j', async (body, status, message) => {
    const order = await seed();
    expect(await modify(order, body)).toMatchObject({ statusCode: status, body: { errorMsg: message } });
    expect((await stateOf(order)).version).toBe(0);
  });

  it('refuses a pickup order, which has no address', async () => {
    const order = await seed({ deliveryType: 'pickup' });
    expect(await modify(order, {})).toMatchObject({
      statusCode: 409,
      body: { errorMsg: '自提订单没有收货地址' },
    });
  });
});

describe('modify cycle plan', () => {
  const change = (order: SeededOrder, periods: { period: number; plannedDate: string }[]) =>
    post(clerk, ORDER_PATHS.modifyCyclePlan, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      periods,
    });
  const uEnjoy = () =>
    seed({
      channel: 'valet_uenjoy',
      cycleDates: [day(-7), day(7), day(14)],
      shippedPeriods: [1],
      status: 'shipped',
    });

  it('moves pending periods of a shipped subscription and logs each move', async () => {
    const order = await uEnjoy();
    const response = await change(order, [
      { period: 2, plannedDate: day(9) },
      { period: 3, plannedDate: day(14) },
    ]);
    expect(response.statusCode).toBe(200);
    const plans = await t.db
      .select({ period: cyclePlans.period, plannedDate: cyclePlans.plannedDate })
      .from(cyclePlans)
      .where(eq(cyclePlans.performanceOrderId, order.id))
      .orderBy(asc(cyclePlans.period));
    expect(plans.map((p) => p.plannedDate)).toEqual([day(-7), day(9), day(14)]);
    const [log] = await logsOf(order);
    expect(log).toMatchObject({
      action: 'cycle_plan_modified',
      detail: { changes: [{ period: 2, from: day(7), to: day(9) }] },
    });
    const detail = await detailOf(clerk, order);
    expect(detail.cyclePlans.map((p) => p.statusText)).toEqual(['已配送', '待配送', '待配送']);
    expect(detail.actions.modifyCyclePlan).toBe(true);
  });

  it.each([
    ['a date before today', [{ period: 2, plannedDate: '2000-01-01' }], '第2期的配送日期不能早于今天'],
    ['a shipped period', [{ period: 1, plannedDate: '2999-01-01' }], '第1期已配送，不能修改'],
    ['an unknown period', [{ period: 7, plannedDate: '2999-01-01' }], '第7期不存在'],
    ['dates out of order', [{ period: 2, plannedDate: '2999-01-01' }], '第3期的配送日期必须晚于上一期'],
  ])('refuses %s with 422', async (_, periods, message) => {
    const order = await uEnjoy();
    expect(await change(order, periods)).toMatchObject({ statusCode: 422, body: { errorMsg: message } });
    expect((await stateOf(order)).version).toBe(0);
  });

  it('refuses an order without a cycle plan, and malformed dates', async () => {
    const plain = await seed();
    expect(await change(plain, [{ period: 1, plannedDate: day(3) }])).toMatchObject({
      statusCode: 409,
      body: { errorMsg: '该订单没有周期计划' },
    });
    const order = await uEnjoy();
    expect(await change(order, [{ period: 2, plannedDate: '2026-02-30' }])).toMatchObject({
      statusCode: 400,
      body: { errorMsg: '日期格式不正确' },
    });
    expect(await change(order, [])).toMatchObject({ statusCode: 400, body: { errorMsg: '请填写配送计划' } });
  });
});

describe('cancel', () => {
  it('cancels with the reason, which the detail and the log keep', async () => {
    const order = await seed();
    const response = await post(clerk, ORDER_PATHS.cancel, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      reason: '  商品缺货  ',
    });
    expect(response.body.data).toMatchObject({ status: 'cancelled', statusText: '已取消' });
    const detail = await detailOf(clerk, order);
    expect(detail).toMatchObject({ cancelReason: '商品缺货', status: 'cancelled' });
    expect(detail.cancelledAt).not.toBeNull();
    expect((await logsOf(order))[0]).toMatchObject({ action: 'cancelled', detail: { reason: '商品缺货' } });
  });

  it.each([
    [{}, '请输入取消原因'],
    [{ reason: '   ' }, '请输入取消原因'],
    [{ reason: '长'.repeat(201) }, '取消原因不能超过200个字'],
  ])('refuses %j with 400', async (body, message) => {
    const order = await seed();
    const response = await post(clerk, ORDER_PATHS.cancel, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      ...body,
    });
    expect(response).toMatchObject({ statusCode: 400, body: { errorMsg: message } });
  });
});

describe('invoice', () => {
  const finish = (order: SeededOrder, invoiceNo = '04400123') =>
    post(clerk, ORDER_PATHS.finishInvoice, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
      invoiceNo,
    });
  const invoiceOf = (who: Clerk, order: SeededOrder) =>
    call<InvoiceDetail>(t, 'GET', ORDER_PATHS.invoiceDetail, who, {
      storeCode: store.code,
      performanceOrderNo: order.performanceOrderNo,
    });

  it('shows the requested invoice, records the issued number once', async () => {
    const order = await seed({ invoiceType: 'company', status: 'shipped' });
    expect((await invoiceOf(clerk, order)).body.data).toEqual({
      performanceOrderNo: order.performanceOrderNo,
      invoiceType: 'company',
      invoiceTypeText: '企业发票',
      title: '北京某某科技有限公司',
      taxNo: '91110105MA00000000',
      amountCents: 13_000,
      status: 'pending',
      statusText: '待开票',
      invoiceNo: '',
    });
    expect((await finish(order)).statusCode).toBe(200);
    expect((await invoiceOf(clerk, order)).body.data).toMatchObject({
      status: 'issued',
      statusText: '已开票',
      invoiceNo: '04400123',
    });
    expect(await finish(order)).toMatchObject({ statusCode: 409, body: { errorMsg: '发票已开具' } });
    expect((await detailOf(clerk, order)).actions.finishInvoice).toBe(false);
  });

  it('refuses an order without an invoice request, and a malformed number', async () => {
    const order = await seed({ status: 'shipped' });
    expect(await finish(order)).toMatchObject({ statusCode: 409, body: { errorMsg: '顾客未申请发票' } });
    const requested = await seed({ invoiceType: 'personal', status: 'completed' });
    expect(await finish(requested, '04-400')).toMatchObject({
      statusCode: 400,
      body: { errorMsg: '发票号码应为8到20位字母或数字' },
    });
  });

  it('answers 404 for another store’s invoice', async () => {
    const foreign = await addOrder(t.db, { storeId: other.id, invoiceType: 'company' });
    const response = await invoiceOf(clerk, foreign);
    expect(response).toMatchObject({ statusCode: 404, body: { data: null, errorMsg: '订单不存在' } });
  });
});

describe('write-off', () => {
  const writeOff = (body: Record<string, unknown>) =>
    post(clerk, ORDER_PATHS.writeOff, { storeCode: store.code, ...body });

  it('completes a pickup order by its code alone, once', async () => {
    const order = await seed({ deliveryType: 'pickup', writeOffCode: '008812' });
    const response = await writeOff({ writeOffCode: '008812' });
    expect(response.body.data).toMatchObject({
      performanceOrderNo: order.performanceOrderNo,
      status: 'completed',
    });
    const [oms] = await t.db
      .select({ status: omsOrders.status })
      .from(omsOrders)
      .where(eq(omsOrders.id, order.omsId));
    expect(oms!.status).toBe('completed');
    expect((await logsOf(order))[0]).toMatchObject({ action: 'written_off', toStatus: 'completed' });
    expect(await writeOff({ writeOffCode: '008812' })).toMatchObject({
      statusCode: 409,
      body: { errorMsg: REFUSALS.completed },
    });
  });

  it('refuses a wrong code, another store’s code and a non-pickup order', async () => {
    const order = await seed({ deliveryType: 'pickup', writeOffCode: '135790' });
    expect(
      await writeOff({ performanceOrderNo: order.performanceOrderNo, writeOffCode: '135791' }),
    ).toMatchObject({ statusCode: 422, body: { errorMsg: '核销码不正确' } });
    await addOrder(t.db, { storeId: other.id, deliveryType: 'pickup', writeOffCode: '975310' });
    expect(await writeOff({ writeOffCode: '975310' })).toMatchObject({
      statusCode: 422,
      body: { errorMsg: '核销码不正确' },
    });
    const express = await seed();
    expect(
      await writeOff({ performanceOrderNo: express.performanceOrderNo, writeOffCode: '135790' }),
    ).toMatchObject({ statusCode: 409, body: { errorMsg: '只有到店自提订单可以核销' } });
    expect(await writeOff({ writeOffCode: '13579' })).toMatchObject({
      statusCode: 400,
      body: { errorMsg: '核销码为6位数字' },
    });
    expect((await stateOf(order)).status).toBe('wait_ship');
  });

  it('asks for the order when two open pickup orders share a code', async () => {
    const first = await seed({ deliveryType: 'pickup', writeOffCode: '246802' });
    await seed({ deliveryType: 'pickup', writeOffCode: '246802' });
    expect(await writeOff({ writeOffCode: '246802' })).toMatchObject({
      statusCode: 422,
      body: { errorMsg: '核销码对应多个订单，请在订单详情中核销' },
    });
    const named = await writeOff({ performanceOrderNo: first.performanceOrderNo, writeOffCode: '246802' });
    expect(named.statusCode).toBe(200);
    const rows = await t.db
      .select({ status: performanceOrders.status })
      .from(performanceOrders)
      .where(and(eq(performanceOrders.storeId, store.id), eq(performanceOrders.writeOffCode, '246802')));
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'wait_ship']);
  });
});
