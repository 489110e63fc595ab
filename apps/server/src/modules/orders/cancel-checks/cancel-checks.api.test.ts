import {
  CANCEL_CHECK_PATHS,
  resolveMessageTarget,
  type CancelCheckAuth,
  type CancelCheckDetail,
  type CancelCheckPage,
  type FulfilmentStatus,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelChecks, omsOrders, performanceOrders, valetOrders } from '../../../db/schema.js';
import { expectAuditedChange } from '../../../test/audit-assertions.js';
import { bearer } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  ALL_ORDER_PERMISSIONS,
  addOrderStaff,
  addOrderStore,
  errorOf,
  grabOrder,
  logOf,
  messagesOf,
  pushOrder,
  seedCatalogue,
  staffPost,
  takenValetOrder,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

let t: TestApp;
let store: OrderStore;
let other: OrderStore;
/** Store staff: takes orders and asks for checks. */
let clerk: OrderStaff;
/** Head office: decides checks, authorised for both stores. */
let headOffice: OrderStaff;
let viewer: OrderStaff;
let otherClerk: OrderStaff;

/** A pushed order taken by `by` for `at`, in the given state. */
async function takenOrder(at = store, by = clerk, status: FulfilmentStatus = 'wait_ship') {
  const pushed = await pushOrder(t, [at]);
  const taken = await grabOrder(t, by, at, pushed.performancePlanOrderNo);
  if (status !== 'wait_ship')
    await t.db
      .update(performanceOrders)
      .set({ status })
      .where(eq(performanceOrders.performanceOrderNo, taken.performanceOrderNo));
  return { ...taken, performancePlanOrderNo: pushed.performancePlanOrderNo };
}

const post = (who: OrderStaff, path: string, body: Record<string, unknown>, storeCode = store.code) =>
  staffPost(t, path, who, { storeCode, ...body });
const add = (performanceOrderNo: string, who = clerk, reason = '顾客电话要求取消，货品已拦截') =>
  post(who, CANCEL_CHECK_PATHS.add, { performanceOrderNo, reason });
const decide = (id: number, state: 'approved' | 'rejected', remark = '', who = headOffice) =>
  post(who, CANCEL_CHECK_PATHS.setState, { id, state, remark });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;

async function addedCheck(performanceOrderNo: string, who = clerk, storeCode = store.code) {
  const response = await staffPost(t, CANCEL_CHECK_PATHS.add, who, {
    storeCode,
    performanceOrderNo,
    reason: '顾客要求取消',
  });
  if (response.statusCode !== 200) throw new Error(`add failed: ${response.statusCode} ${response.body}`);
  return dataOf<CancelCheckDetail>(response);
}

const orderRow = async (performanceOrderNo: string) => {
  const [row] = await t.db
    .select()
    .from(performanceOrders)
    .where(eq(performanceOrders.performanceOrderNo, performanceOrderNo));
  return row!;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db);
  other = await addOrderStore(t.db);
  clerk = await addOrderStaff(t, [store], [...ALL_ORDER_PERMISSIONS, 'cancelCheck:add']);
  headOffice = await addOrderStaff(t, [store, other], ['cancelCheck:setState']);
  viewer = await addOrderStaff(t, [store], []);
  otherClerk = await addOrderStaff(t, [other], [...ALL_ORDER_PERMISSIONS, 'cancelCheck:add']);
});

afterAll(async () => {
  await t.close();
});

describe('queryShopAuth', () => {
  const auth = (who: OrderStaff | null, storeCode?: string) =>
    t.app.inject({
      method: 'GET',
      url: CANCEL_CHECK_PATHS.queryShopAuth,
      headers: who ? bearer(who.token) : {},
      query: storeCode ? { storeCode } : {},
    });

  it("answers what the caller's buttons allow in the store", async () => {
    expect(dataOf<CancelCheckAuth>(await auth(clerk, store.code))).toEqual({
      canAdd: true,
      canDecide: false,
    });
    expect(dataOf<CancelCheckAuth>(await auth(headOffice, store.code))).toEqual({
      canAdd: false,
      canDecide: true,
    });
    expect(dataOf<CancelCheckAuth>(await auth(viewer, store.code))).toEqual({
      canAdd: false,
      canDecide: false,
    });
  });

  it('needs a session (401), a store (400) the caller is authorised for (403)', async () => {
    expect((await auth(null, store.code)).statusCode).toBe(401);
    expect((await auth(clerk)).statusCode).toBe(400);
    expect((await auth(otherClerk, store.code)).statusCode).toBe(403);
  });
});

describe('add', () => {
  it('records a pending check of a wait-ship order, logs it and tells the deciders of the store', async () => {
    const order = await takenOrder();
    const response = await add(order.performanceOrderNo);
    expect(response.statusCode).toBe(200);
    const check = dataOf<CancelCheckDetail>(response);
    expect(check).toMatchObject({
      checkNo: expect.stringMatching(/^CC\d{20}$/),
      performanceOrderNo: order.performanceOrderNo,
      omsOrderNo: order.omsOrderNo,
      orderStatus: 'wait_ship',
      orderStatusText: '待发货',
      reason: '顾客电话要求取消，货品已拦截',
      state: 'pending',
      stateText: '待处理',
      requestedByName: clerk.nickName,
      decidedByName: null,
      decidedAt: null,
      itemsSummary: '鲜肉月饼×2',
      deliveryTypeText: '快递配送',
      canDecide: false,
    });

    const messages = (await messagesOf(t.db, headOffice.id, store.id)).filter((m) => m.businessType === 3);
    expect(messages.at(-1)).toMatchObject({
      messageType: 1,
      title: '您有新的履约单取消核查申请',
      expandInfo: {
        id: check.id,
        checkNo: check.checkNo,
        performanceOrderNo: order.performanceOrderNo,
      },
    });
    // The catalogue sends it to the cancel-check page, opened on this check.
    expect(resolveMessageTarget(3, { messageType: 1, expandInfo: messages.at(-1)!.expandInfo })).toEqual({
      kind: 'route',
      name: 'CancelCheckHelp',
      query: { id: String(check.id) },
    });
    // Store staff without the decide button are not asked.
    const toClerk = (await messagesOf(t.db, clerk.id)).filter((m) => m.businessType === 3);
    const toViewer = (await messagesOf(t.db, viewer.id)).filter((m) => m.businessType === 3);
    expect([...toClerk, ...toViewer]).toEqual([]);

    const log = await logOf(t.db, order.omsOrderNo);
    expect(log.at(-1)).toMatchObject({
      action: 'cancel_check_requested',
      operatorId: clerk.id,
      operatorName: clerk.nickName,
    });
    expect((await orderRow(order.performanceOrderNo)).status).toBe('wait_ship');
  });

  it('accepts a shipped order; refuses completed and cancelled ones (409)', async () => {
    const shipped = await takenOrder(store, clerk, 'shipped');
    expect((await add(shipped.performanceOrderNo)).statusCode).toBe(200);
    for (const [status, text] of [
      ['completed', '该订单已完成，不能申请取消核查'],
      ['cancelled', '该订单已取消，不能申请取消核查'],
    ] as const) {
      const order = await takenOrder(store, clerk, status);
      const response = await add(order.performanceOrderNo);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).errorMsg).toBe(text);
    }
  });

  it('allows one pending check per order (409), and a new one after a decision', async () => {
    const order = await takenOrder();
    const first = await addedCheck(order.performanceOrderNo);
    const second = await add(order.performanceOrderNo);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      errorCode: 'CANCEL_CHECK_PENDING',
      errorMsg: '该订单已有待处理的核查',
    });
    expect((await decide(first.id, 'rejected', '已发出，无法拦截')).statusCode).toBe(200);
    expect((await add(order.performanceOrderNo)).statusCode).toBe(200);
  });

  it("answers 404 for another store's order, 403 without the button, 400 for bad input", async () => {
    const foreign = await takenOrder(other, otherClerk);
    const notMine = await add(foreign.performanceOrderNo);
    expect(notMine.statusCode).toBe(404);
    expect(errorOf(notMine).errorMsg).toBe('订单不存在');

    const order = await takenOrder();
    const denied = await add(order.performanceOrderNo, viewer);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).errorMsg).toBe('您没有该操作权限');
    expect(await t.db.select().from(cancelChecks).where(eq(cancelChecks.storeId, other.id))).toEqual([]);

    const cases: [Record<string, unknown>, string][] = [
      [{ performanceOrderNo: order.performanceOrderNo, reason: '  ' }, '请填写核查原因'],
      [{ performanceOrderNo: order.performanceOrderNo, reason: '长'.repeat(201) }, '核查原因不能超过200个字'],
      [{ reason: '取消' }, '缺少履约单号'],
      [{ performanceOrderNo: 'PF 1', reason: '取消' }, '履约单号格式不正确'],
    ];
    for (const [body, message] of cases) {
      const response = await post(clerk, CANCEL_CHECK_PATHS.add, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errorMsg).toContain(message);
    }
  });
});

describe('pageQuery and detail', () => {
  it("lists the store's checks newest first with filters; never another store's", async () => {
    const a = await addedCheck((await takenOrder()).performanceOrderNo);
    t.clock.advance(1_000);
    const b = await addedCheck((await takenOrder()).performanceOrderNo);
    const foreign = await addedCheck(
      (await takenOrder(other, otherClerk)).performanceOrderNo,
      otherClerk,
      other.code,
    );
    await decide(a.id, 'rejected', '不符合取消条件');

    const all = dataOf<CancelCheckPage>(await post(viewer, CANCEL_CHECK_PATHS.pageQuery, { pageSize: 50 }));
    const ids = all.list.map((r) => r.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids).not.toContain(foreign.id);
    expect(all.total).toBe(all.list.length);

    const pending = dataOf<CancelCheckPage>(
      await post(viewer, CANCEL_CHECK_PATHS.pageQuery, { state: 'pending' }),
    );
    expect(pending.list.every((r) => r.state === 'pending')).toBe(true);
    expect(pending.list.map((r) => r.id)).toContain(b.id);
    expect(pending.list.map((r) => r.id)).not.toContain(a.id);

    for (const keyword of [b.checkNo, b.performanceOrderNo, b.omsOrderNo]) {
      const found = dataOf<CancelCheckPage>(await post(viewer, CANCEL_CHECK_PATHS.pageQuery, { keyword }));
      expect(found.list.map((r) => r.id)).toEqual([b.id]);
    }
    const rejected = dataOf<CancelCheckPage>(
      await post(viewer, CANCEL_CHECK_PATHS.pageQuery, { state: 'rejected', keyword: a.checkNo }),
    );
    expect(rejected.list[0]).toMatchObject({
      state: 'rejected',
      stateText: '已驳回',
      decidedByName: headOffice.nickName,
      decisionRemark: '不符合取消条件',
    });
    const old = dataOf<CancelCheckPage>(
      await post(viewer, CANCEL_CHECK_PATHS.pageQuery, { dateTo: '2000-01-01' }),
    );
    expect(old.list).toEqual([]);
  });

  it('refuses bad filters with 400 and foreign stores with 403', async () => {
    for (const body of [{ state: 'done' }, { dateFrom: '2024-13-01' }, { pageSize: 0 }]) {
      expect((await post(viewer, CANCEL_CHECK_PATHS.pageQuery, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await post(otherClerk, CANCEL_CHECK_PATHS.pageQuery, {})).statusCode).toBe(403);
  });

  it('detail: the check with its order; canDecide for a decider while pending; 404 across stores', async () => {
    const check = await addedCheck((await takenOrder()).performanceOrderNo);
    const asDecider = dataOf<CancelCheckDetail>(
      await post(headOffice, CANCEL_CHECK_PATHS.detail, { id: check.id }),
    );
    expect(asDecider).toMatchObject({ id: check.id, canDecide: true, payCents: expect.any(Number) });
    expect(
      dataOf<CancelCheckDetail>(await post(viewer, CANCEL_CHECK_PATHS.detail, { id: check.id })).canDecide,
    ).toBe(false);
    // head office works in the other store: the check is not there.
    const elsewhere = await post(headOffice, CANCEL_CHECK_PATHS.detail, { id: check.id }, other.code);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere).errorMsg).toBe('核查不存在');
    expect((await post(viewer, CANCEL_CHECK_PATHS.detail, { id: 'x' })).statusCode).toBe(400);
  });
});

describe('setState', () => {
  it('approved cancels the wait-ship order as the customer asked, logs it and tells the taker', async () => {
    const order = await takenOrder();
    const check = await addedCheck(order.performanceOrderNo);
    const response = await decide(check.id, 'approved', '同意取消');
    expect(response.statusCode).toBe(200);
    expect(dataOf<CancelCheckDetail>(response)).toMatchObject({
      state: 'approved',
      stateText: '已同意取消',
      orderStatus: 'cancelled',
      decidedByName: headOffice.nickName,
      decisionRemark: '同意取消',
      decidedAt: expect.stringMatching(/^\d{4}-/),
      canDecide: false,
    });
    const row = await orderRow(order.performanceOrderNo);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: '顾客取消：顾客要求取消', version: 1 });
    const [oms] = await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, order.omsOrderNo));
    expect(oms!.status).toBe('customer_cancelled');

    const log = await logOf(t.db, order.omsOrderNo);
    expect(log.slice(-2)).toEqual([
      expect.objectContaining({ action: 'cancel_check_approved', operatorId: headOffice.id }),
      expect.objectContaining({
        action: 'customer_cancelled',
        fromStatus: 'wait_ship',
        toStatus: 'cancelled',
        operatorId: headOffice.id,
        operatorName: headOffice.nickName,
      }),
    ]);
    expect(await expectAuditedChange(t.db, 'cancel-check.decide', headOffice.id)).toMatchObject({
      target: check.checkNo,
      before: { state: 'pending' },
      after: { state: 'approved', remark: '同意取消' },
    });
    const toTaker = (await messagesOf(t.db, clerk.id, store.id)).filter(
      (m) => m.businessType === 2 && m.messageType === 4,
    );
    expect(toTaker.at(-1)).toMatchObject({
      title: '您接的客户订单已取消',
      expandInfo: {
        performancePlanOrderNo: order.performancePlanOrderNo,
        omsOrderNo: order.omsOrderNo,
        performanceOrderNo: order.performanceOrderNo,
      },
    });
  });

  it('rejected needs a remark and keeps the order', async () => {
    const order = await takenOrder();
    const check = await addedCheck(order.performanceOrderNo);
    const noRemark = await decide(check.id, 'rejected');
    expect(noRemark.statusCode).toBe(400);
    expect(errorOf(noRemark).errorMsg).toContain('驳回需填写处理意见');
    const response = await decide(check.id, 'rejected', '商品已签收');
    expect(response.statusCode).toBe(200);
    expect(dataOf<CancelCheckDetail>(response)).toMatchObject({
      state: 'rejected',
      orderStatus: 'wait_ship',
    });
    expect((await orderRow(order.performanceOrderNo)).status).toBe('wait_ship');
    expect((await logOf(t.db, order.omsOrderNo)).at(-1)).toMatchObject({ action: 'cancel_check_rejected' });
    expect(await expectAuditedChange(t.db, 'cancel-check.decide', headOffice.id)).toMatchObject({
      target: check.checkNo,
      after: { state: 'rejected', remark: '商品已签收' },
    });
  });

  it('a decided check refuses another decision (409); two at once: one wins', async () => {
    const order = await takenOrder();
    const check = await addedCheck(order.performanceOrderNo);
    const results = await Promise.all([
      decide(check.id, 'approved', '同意'),
      decide(check.id, 'rejected', '驳回'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(errorOf(loser)).toMatchObject({
      errorCode: 'CANCEL_CHECK_DECIDED',
      errorMsg: '该核查已处理，不能重复处理',
    });
    const again = await decide(check.id, 'approved');
    expect(again.statusCode).toBe(409);
  });

  it('approved cancels a shipped order too (what a checked cancellation is for), unlike the platform', async () => {
    const order = await takenOrder(store, clerk, 'shipped');
    const check = await addedCheck(order.performanceOrderNo);
    const response = await decide(check.id, 'approved', '已拦截退回');
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<CancelCheckDetail>(response)).toMatchObject({
      state: 'approved',
      orderStatus: 'cancelled',
    });
    expect(await orderRow(order.performanceOrderNo)).toMatchObject({
      status: 'cancelled',
      cancelReason: '顾客取消：顾客要求取消',
    });
    const [oms] = await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, order.omsOrderNo));
    expect(oms!.status).toBe('customer_cancelled');
    expect((await logOf(t.db, order.omsOrderNo)).at(-1)).toMatchObject({
      action: 'customer_cancelled',
      fromStatus: 'shipped',
      toStatus: 'cancelled',
      operatorId: headOffice.id,
    });
    const toTaker = (await messagesOf(t.db, clerk.id, store.id)).filter(
      (m) => m.businessType === 2 && m.messageType === 4,
    );
    expect(toTaker.at(-1)?.expandInfo).toMatchObject({ performanceOrderNo: order.performanceOrderNo });
  });

  it.each([
    ['completed', '该订单已完成，不能再执行此操作'],
    ['cancelled', '该订单已取消，不能再执行此操作'],
  ] as const)(
    'approving once the order is %s is refused (409) and the check stays pending',
    async (status, text) => {
      const order = await takenOrder(store, clerk, 'shipped');
      const check = await addedCheck(order.performanceOrderNo);
      // Written off (or cancelled by the store) while head office had not decided yet.
      await t.db
        .update(performanceOrders)
        .set({ status })
        .where(eq(performanceOrders.performanceOrderNo, order.performanceOrderNo));
      const response = await decide(check.id, 'approved', '同意');
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ errorCode: 'ORDER_STATE_CONFLICT', errorMsg: text });
      const [row] = await t.db.select().from(cancelChecks).where(eq(cancelChecks.id, check.id));
      expect(row).toMatchObject({ state: 'pending', decidedByUserId: null });
      expect((await orderRow(order.performanceOrderNo)).status).toBe(status);
      expect((await logOf(t.db, order.omsOrderNo)).map((l) => l.action)).not.toContain(
        'cancel_check_approved',
      );
      // Rejecting is still possible.
      expect((await decide(check.id, 'rejected', '订单已完成')).statusCode).toBe(200);
    },
  );

  it.each(['wait_ship', 'shipped'] as const)(
    'approving the check of a %s valet order also cancels the valet order, with the check reason',
    async (status) => {
      const { valetOrderId, taken } = await takenValetOrder(t, store, clerk);
      if (status === 'shipped')
        await t.db
          .update(performanceOrders)
          .set({ status })
          .where(eq(performanceOrders.performanceOrderNo, taken.performanceOrderNo));
      const check = await addedCheck(taken.performanceOrderNo);
      const before = await messagesOf(t.db, clerk.id, store.id);
      expect((await decide(check.id, 'approved', '同意')).statusCode).toBe(200);
      const [valet] = await t.db.select().from(valetOrders).where(eq(valetOrders.id, valetOrderId));
      expect(valet).toMatchObject({ status: 'cancelled', cancelReason: '顾客取消：顾客要求取消' });
      expect(valet!.cancelledAt).not.toBeNull();
      // The creator took it too: one message, order and customer 4 (not 3, which is for untaken orders).
      const after = (await messagesOf(t.db, clerk.id, store.id)).slice(before.length);
      expect(after.map((m) => [m.businessType, m.messageType])).toEqual([[2, 4]]);
    },
  );

  it('a refused approval leaves the valet order as it was', async () => {
    const { valetOrderId, taken } = await takenValetOrder(t, store, clerk);
    const check = await addedCheck(taken.performanceOrderNo);
    await t.db
      .update(performanceOrders)
      .set({ status: 'completed' })
      .where(eq(performanceOrders.performanceOrderNo, taken.performanceOrderNo));
    expect((await decide(check.id, 'approved', '同意')).statusCode).toBe(409);
    const [valet] = await t.db.select().from(valetOrders).where(eq(valetOrders.id, valetOrderId));
    expect(valet).toMatchObject({ status: 'confirmed', cancelReason: '' });
  });

  it('needs cancelCheck:setState (403), the check in the caller store (404) and valid input (400)', async () => {
    const check = await addedCheck((await takenOrder()).performanceOrderNo);
    const denied = await decide(check.id, 'approved', '', clerk);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).errorMsg).toBe('您没有该操作权限');
    const elsewhere = await post(
      headOffice,
      CANCEL_CHECK_PATHS.setState,
      { id: check.id, state: 'approved' },
      other.code,
    );
    expect(elsewhere.statusCode).toBe(404);
    for (const body of [
      { id: check.id, state: 'pending' },
      { state: 'approved' },
      { id: check.id, state: 'rejected', remark: '长'.repeat(201) },
    ]) {
      expect(
        (await post(headOffice, CANCEL_CHECK_PATHS.setState, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    const [row] = await t.db.select().from(cancelChecks).where(eq(cancelChecks.id, check.id));
    expect(row!.state).toBe('pending');
  });
});
