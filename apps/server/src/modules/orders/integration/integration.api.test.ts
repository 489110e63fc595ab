import {
  ORDER_INTEGRATION_PATHS,
  ORDER_PATHS,
  ORDER_TIMING,
  PRESCRIPTION_MAX_BYTES,
  SPECIAL_ORDER_PATHS,
  type Prescription,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerIntentions,
  omsOrderItems,
  omsOrders,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
  skus,
  valetOrders,
} from '../../../db/schema.js';
import { bearer } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  grabOrder,
  logOf,
  messagesOf,
  orderBody,
  pushOrder,
  seedCatalogue,
  servicePost,
  staffPost,
  takenOrder,
  takenValetOrder,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

let t: TestApp;
let near: OrderStore;
let second: OrderStore;
let far: OrderStore;
let nearStaff: OrderStaff;
let secondStaff: OrderStaff;
let farStaff: OrderStaff;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  near = await addOrderStore(t.db, { at: { latitude: 39.7785, longitude: 116.5152 } });
  second = await addOrderStore(t.db, { at: { latitude: 39.79, longitude: 116.52 } });
  far = await addOrderStore(t.db, { at: { latitude: 23.1291, longitude: 113.2644 } });
  nearStaff = await addOrderStaff(t, [near]);
  secondStaff = await addOrderStaff(t, [second]);
  farStaff = await addOrderStaff(t, [far]);
});
afterAll(() => t.close());

const planOf = async (performancePlanOrderNo: string) =>
  (
    await t.db
      .select()
      .from(performancePlanOrders)
      .where(eq(performancePlanOrders.performancePlanOrderNo, performancePlanOrderNo))
  )[0]!;

describe('POST /api/integration/orders', () => {
  it('creates the order priced from the SKUs, offers it to the named stores, logs and alerts them', async () => {
    const body = orderBody({
      items: [
        { skuCode: 'R1001', quantity: 2 },
        { skuCode: 'R1004', quantity: 1 },
      ],
      freightCents: 1000,
      discountCents: 500,
      candidateStoreCodes: [second.code, near.code],
    });
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, body);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { performancePlanOrderNo: string; candidateStoreCodes: string[] } }>()
      .data;
    expect(data).toMatchObject({ omsOrderNo: body.omsOrderNo, status: 'offering', created: true });
    expect(data.candidateStoreCodes).toEqual([near.code, second.code]);

    const [order] = await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, body.omsOrderNo));
    expect(order).toMatchObject({ goodsCents: 5880 * 2 + 1800, freightCents: 1000, discountCents: 500 });
    expect(order!.payCents).toBe(5880 * 2 + 1800 + 1000 - 500);
    const items = await t.db.select().from(omsOrderItems).where(eq(omsOrderItems.omsOrderId, order!.id));
    expect(items.map((i) => [i.name, i.quantity, i.amountCents])).toEqual([
      ['鲜肉月饼', 2, 11760],
      ['全麦吐司', 1, 1800],
    ]);
    const plan = await planOf(data.performancePlanOrderNo);
    expect(plan.expiresAt.getTime() - plan.offeredAt.getTime()).toBe(ORDER_TIMING.offerMinutes * 60_000);
    const candidates = await t.db.select().from(planCandidates).where(eq(planCandidates.planId, plan.id));
    expect(candidates.map((c) => c.storeId).sort()).toEqual([near.id, second.id].sort());

    expect((await logOf(t.db, body.omsOrderNo)).map((l) => [l.action, l.toStatus, l.operatorName])).toEqual([
      ['pushed', 'open', '平台'],
      ['offered', 'offering', '平台'],
    ]);
    const [alert] = await messagesOf(t.db, nearStaff.id, near.id);
    expect(alert).toMatchObject({
      businessType: 1,
      messageType: 1,
      title: '您有新的线上订单',
      expandInfo: { id: data.performancePlanOrderNo, performancePlanOrderNo: data.performancePlanOrderNo },
    });
    expect(alert!.text).toContain(body.omsOrderNo);
    expect(await messagesOf(t.db, farStaff.id)).toHaveLength(0);
  });

  it('offers to the nearest stores when the platform names none', async () => {
    const pushed = await pushOrder(t, [], { candidateStoreCodes: undefined });
    expect(pushed.candidateStoreCodes[0]).toBe(near.code);
    expect(pushed.candidateStoreCodes).toContain(second.code);
    expect(pushed.candidateStoreCodes).not.toContain(far.code);
  });

  it('answers 422 when no store is within reach of the address', async () => {
    const response = await servicePost(
      t,
      ORDER_INTEGRATION_PATHS.pushOrder,
      orderBody({ address: { ...orderBody().address, latitude: 45.75, longitude: 126.65 } }),
    );
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).errorMsg).toBe('附近没有可接单的门店');
  });

  it('sends order-and-customer 1 for a valet order', async () => {
    const pushed = await pushOrder(t, [second], {
      channel: 'valet_integral',
      items: [{ skuCode: 'I2001', quantity: 1 }],
      sourceOrderNo: 'VO20240501001',
      placedStoreCode: second.code,
    });
    const alerts = await messagesOf(t.db, secondStaff.id, second.id);
    expect(alerts.at(-1)).toMatchObject({
      businessType: 2,
      messageType: 1,
      title: '您有新的接单提醒',
      expandInfo: { performancePlanOrderNo: pushed.performancePlanOrderNo },
    });
    const [order] = await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, pushed.omsOrderNo));
    expect(order).toMatchObject({ pointsUsed: 800, payCents: 0, placedStoreId: second.id });
  });

  it('is idempotent on omsOrderNo: the same push answers the existing numbers and writes nothing', async () => {
    const body = orderBody({ candidateStoreCodes: [near.code] });
    const first = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, body);
    const before = (await messagesOf(t.db, nearStaff.id)).length;
    const again = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, {
      ...body,
      items: [{ skuCode: 'R1002', quantity: 9 }],
    });
    expect(again.statusCode).toBe(200);
    const firstData = first.json<{ data: { performancePlanOrderNo: string } }>().data;
    expect(again.json<{ data: unknown }>().data).toMatchObject({
      performancePlanOrderNo: firstData.performancePlanOrderNo,
      created: false,
    });
    expect(await logOf(t.db, body.omsOrderNo)).toHaveLength(2);
    expect(await messagesOf(t.db, nearStaff.id)).toHaveLength(before);
    const plans = await t.db
      .select({ id: performancePlanOrders.id })
      .from(performancePlanOrders)
      .innerJoin(omsOrders, eq(omsOrders.id, performancePlanOrders.omsOrderId))
      .where(eq(omsOrders.omsOrderNo, body.omsOrderNo));
    expect(plans).toHaveLength(1);
  });

  it('concurrent pushes of the same number create one order', async () => {
    const body = orderBody({ candidateStoreCodes: [near.code] });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(
      new Set(
        answers.map(
          (a) => a.json<{ data: { performancePlanOrderNo: string } }>().data.performancePlanOrderNo,
        ),
      ).size,
    ).toBe(1);
    expect(answers.filter((a) => a.json<{ data: { created: boolean } }>().data.created)).toHaveLength(1);
  });

  it('refuses a missing or wrong service token with 401, before reading the body', async () => {
    const none = await t.app.inject({ method: 'POST', url: ORDER_INTEGRATION_PATHS.pushOrder, payload: {} });
    expect(none.statusCode).toBe(401);
    const wrong = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, orderBody(), 'not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).errorMsg).toBe('服务令牌无效');
  });

  it.each([
    ['no items', { items: [] }, '缺少商品'],
    ['a bad phone', { customer: { name: '王', phone: '12345' } }, '手机号格式不正确'],
    ['an unknown channel', { channel: 'shop' }, '订单渠道只能是 online、valet_integral 或 valet_uenjoy'],
    ['a bad order number', { omsOrderNo: '订单1' }, '平台订单号格式不正确'],
    ['zero quantity', { items: [{ skuCode: 'R1001', quantity: 0 }] }, '商品数量不正确'],
    [
      'a company invoice without tax number',
      { invoice: { type: 'company', title: '某公司' } },
      '单位发票需要纳税人识别号',
    ],
  ])('answers 400 in Chinese for %s', async (_, overrides, message) => {
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, {
      ...orderBody({ candidateStoreCodes: [near.code] }),
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorMsg).toContain(message);
  });

  it('answers 422 for unknown SKUs, SKUs of another channel, unknown stores and a too large discount', async () => {
    const cases = [
      [{ items: [{ skuCode: 'NOPE', quantity: 1 }] }, '商品不存在或已下架：NOPE'],
      [{ channel: 'valet_integral' as const }, '积分商城代客单只能包含对应类型的商品'],
      [{ candidateStoreCodes: ['NOSUCHSTORE'] }, '候选门店不存在或已停用：NOSUCHSTORE'],
      [{ discountCents: 999_999 }, '优惠金额不能超过商品金额与运费之和'],
    ] as const;
    for (const [overrides, message] of cases) {
      const response = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, {
        ...orderBody({ candidateStoreCodes: [near.code] }),
        ...overrides,
      });
      expect(response.statusCode, message).toBe(422);
      expect(errorOf(response).errorMsg).toBe(message);
    }
    await t.db.update(skus).set({ enabled: false }).where(eq(skus.skuCode, 'R1005'));
    const offSale = await servicePost(
      t,
      ORDER_INTEGRATION_PATHS.pushOrder,
      orderBody({ items: [{ skuCode: 'R1005', quantity: 1 }], candidateStoreCodes: [near.code] }),
    );
    expect(offSale.statusCode).toBe(422);
  });
});

describe('POST /api/integration/orders with a prescription', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  /** A PDF of `size` bytes: the header, then filler. */
  const pdf = (size: number) =>
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]).toString('base64');
  const push = (prescription: unknown, overrides: object = {}) =>
    servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, {
      ...orderBody({ candidateStoreCodes: [near.code] }),
      prescription,
      ...overrides,
    });
  const stored = async (omsOrderNo: string) =>
    (await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, omsOrderNo))).length;

  it('keeps the prescription as one prescription_attached row, which the taking store downloads', async () => {
    const prescription = {
      fileName: '处方单.png',
      dataUrl: `data:image/png;base64,${PNG.toString('base64')}`,
    };
    const body = orderBody({ candidateStoreCodes: [near.code], prescription });
    const first = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, body);
    expect(again.json<{ data: { created: boolean } }>().data.created).toBe(false);
    expect((await logOf(t.db, body.omsOrderNo)).map((l) => [l.action, l.operatorName])).toEqual([
      ['pushed', '平台'],
      ['prescription_attached', '平台'],
      ['offered', '平台'],
    ]);

    const planNo = first.json<{ data: { performancePlanOrderNo: string } }>().data.performancePlanOrderNo;
    const taken = await grabOrder(t, nearStaff, near, planNo);
    const download = await staffPost(t, SPECIAL_ORDER_PATHS.downloadPrescription, nearStaff, {
      storeCode: near.code,
      performanceOrderNo: taken.performanceOrderNo,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json<{ data: Prescription }>().data).toMatchObject(prescription);

    // The order's log names the file but never carries it.
    const log = await t.app.inject({
      method: 'GET',
      url: ORDER_PATHS.logList,
      headers: bearer(nearStaff.token),
      query: { storeCode: near.code, omsOrderNo: body.omsOrderNo },
    });
    expect(log.statusCode, log.body).toBe(200);
    const attached = log
      .json<{ data: { action: string; detail: Record<string, unknown> }[] }>()
      .data.find((row) => row.action === 'prescription_attached');
    expect(attached?.detail).toMatchObject({ fileName: '处方单.png' });
    expect(attached?.detail).not.toHaveProperty('dataUrl');
    expect(log.body).not.toContain(PNG.toString('base64'));
  });

  it('takes a file of PRESCRIPTION_MAX_BYTES, far over the global 64 KiB body limit', async () => {
    const body = orderBody({
      candidateStoreCodes: [near.code],
      prescription: {
        fileName: 'rx.PDF',
        dataUrl: `data:application/pdf;base64,${pdf(PRESCRIPTION_MAX_BYTES)}`,
      },
    });
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.pushOrder, body);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect((await logOf(t.db, body.omsOrderNo)).map((l) => l.action)).toContain('prescription_attached');
  });

  it.each([
    ['no file name', { dataUrl: `data:image/png;base64,${PNG.toString('base64')}` }, '缺少处方文件名'],
    [
      'a GIF',
      { fileName: '处方.gif', dataUrl: `data:image/png;base64,${PNG.toString('base64')}` },
      '处方文件只能是 PDF、PNG 或 JPG',
    ],
    [
      'a file name over 100 characters',
      { fileName: `${'方'.repeat(100)}.png`, dataUrl: `data:image/png;base64,${PNG.toString('base64')}` },
      '处方文件名不能超过100个字符',
    ],
    ['a GIF data URL', { fileName: '处方.png', dataUrl: 'data:image/gif;base64,R0lGODlh' }, 'data URL'],
    ['a link instead of content', { fileName: '处方.png', dataUrl: 'https://example.com/a.png' }, 'data URL'],
    [
      'broken base64',
      { fileName: '处方.png', dataUrl: 'data:image/png;base64,iVBORw0' },
      '不是有效的 base64',
    ],
    [
      'a file over 1 MB',
      { fileName: 'rx.pdf', dataUrl: `data:application/pdf;base64,${pdf(PRESCRIPTION_MAX_BYTES + 1)}` },
      '处方文件不能超过1MB',
    ],
    ['not an object', '处方.png', '处方格式不正确'],
  ])('answers 400 in Chinese for %s and writes nothing', async (_, prescription, message) => {
    const body = orderBody({ candidateStoreCodes: [near.code] });
    const response = await push(prescription, { omsOrderNo: body.omsOrderNo });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorMsg).toContain(message);
    expect(await stored(body.omsOrderNo)).toBe(0);
  });

  it('answers 422 when the name, type and content disagree, and 413 over the route’s 2 MiB limit', async () => {
    const cases = [
      [
        { fileName: '处方.pdf', dataUrl: `data:image/png;base64,${PNG.toString('base64')}` },
        '处方文件名与文件类型不符',
      ],
      [{ fileName: '处方.png', dataUrl: `data:image/png;base64,${pdf(64)}` }, '处方文件内容与文件类型不符'],
      [
        { fileName: '处方.jpg', dataUrl: `data:image/jpeg;base64,${PNG.toString('base64')}` },
        '处方文件内容与文件类型不符',
      ],
    ] as const;
    for (const [prescription, message] of cases) {
      const body = orderBody({ candidateStoreCodes: [near.code] });
      const response = await push(prescription, { omsOrderNo: body.omsOrderNo });
      expect(response.statusCode, message).toBe(422);
      expect(errorOf(response).errorMsg).toBe(message);
      expect(await stored(body.omsOrderNo)).toBe(0);
    }
    const body = orderBody({ candidateStoreCodes: [near.code] });
    const huge = await push(
      { fileName: 'rx.pdf', dataUrl: `data:application/pdf;base64,${pdf(1_700_000)}` },
      { omsOrderNo: body.omsOrderNo },
    );
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).errorMsg).toBe('请求内容过大');
    expect(await stored(body.omsOrderNo)).toBe(0);
  });
});

describe('POST /api/integration/orders/cancel', () => {
  it('cancels an offered online order and tells every candidate store; again answers success unchanged', async () => {
    const pushed = await pushOrder(t, [near, second]);
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '不想要了',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual({
      omsOrderNo: pushed.omsOrderNo,
      planStatus: 'cancelled',
      performanceOrderNo: null,
      changed: true,
    });
    expect((await planOf(pushed.performancePlanOrderNo)).status).toBe('cancelled');
    for (const [staff, store] of [
      [nearStaff, near],
      [secondStaff, second],
    ] as const)
      expect((await messagesOf(t.db, staff.id, store.id)).at(-1)).toMatchObject({
        businessType: 1,
        messageType: 2,
        title: '线上订单已取消',
        expandInfo: { id: pushed.performancePlanOrderNo },
      });
    expect((await logOf(t.db, pushed.omsOrderNo)).at(-1)).toMatchObject({
      action: 'customer_cancelled',
      fromStatus: 'offering',
      toStatus: 'cancelled',
      operatorName: '平台',
    });

    const again = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '不想要了',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { changed: boolean } }>().data.changed).toBe(false);
    expect(await logOf(t.db, pushed.omsOrderNo)).toHaveLength(3);

    const grab = await staffPost(t, ORDER_PATHS.grab, nearStaff, {
      storeCode: near.code,
      performancePlanOrderNo: pushed.performancePlanOrderNo,
    });
    expect(grab.statusCode).toBe(409);
    expect(errorOf(grab).errorMsg).toBe('该订单已被顾客取消');
  });

  it('cancels an expired (untaken) plan', async () => {
    const pushed = await pushOrder(t, [near]);
    t.clock.advance((ORDER_TIMING.offerMinutes + 1) * 60_000);
    await staffPost(t, ORDER_PATHS.untaken, nearStaff, { storeCode: near.code });
    expect((await planOf(pushed.performancePlanOrderNo)).status).toBe('expired');
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '等太久了',
    });
    expect(response.json<{ data: unknown }>().data).toMatchObject({ planStatus: 'cancelled', changed: true });
    expect((await logOf(t.db, pushed.omsOrderNo)).at(-1)).toMatchObject({ fromStatus: 'expired' });
  });

  it('cancels a taken order waiting to ship and tells the staff member who took it (order and customer 4)', async () => {
    const { store, staff, pushed, taken } = await takenOrder(t);
    const colleague = await addOrderStaff(t, [store]);
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '地址填错了',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual({
      omsOrderNo: pushed.omsOrderNo,
      planStatus: 'taken',
      performanceOrderNo: taken.performanceOrderNo,
      changed: true,
    });
    const [performance] = await t.db
      .select()
      .from(performanceOrders)
      .where(eq(performanceOrders.performanceOrderNo, taken.performanceOrderNo));
    expect(performance).toMatchObject({ status: 'cancelled', version: 1 });
    expect(performance!.cancelReason).toContain('地址填错了');
    expect((await messagesOf(t.db, staff.id, store.id)).at(-1)).toMatchObject({
      businessType: 2,
      messageType: 4,
      title: '您接的客户订单已取消',
      expandInfo: { performancePlanOrderNo: pushed.performancePlanOrderNo },
    });
    expect((await messagesOf(t.db, colleague.id, store.id)).some((m) => m.messageType === 4)).toBe(false);
    expect((await logOf(t.db, pushed.omsOrderNo)).at(-1)).toMatchObject({
      action: 'customer_cancelled',
      fromStatus: 'wait_ship',
      toStatus: 'cancelled',
    });
    const again = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '地址填错了',
    });
    expect(again.json<{ data: { changed: boolean } }>().data.changed).toBe(false);
  });

  it('cancels the valet order behind a taken order too, and tells only the taker', async () => {
    const store = await addOrderStore(t.db);
    const creator = await addOrderStaff(t, [store]);
    const { valetOrderId, pushed } = await takenValetOrder(t, store, creator);
    const before = await messagesOf(t.db, creator.id, store.id);
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '积分退回',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [valet] = await t.db.select().from(valetOrders).where(eq(valetOrders.id, valetOrderId));
    expect(valet).toMatchObject({ status: 'cancelled', cancelReason: '顾客取消：积分退回' });
    const after = (await messagesOf(t.db, creator.id, store.id)).slice(before.length);
    expect(after.map((m) => [m.businessType, m.messageType])).toEqual([[2, 4]]);
  });

  it.each(['shipped', 'completed'])('refuses 409 订单已发货，无法取消 once %s', async (status) => {
    const { pushed, taken } = await takenOrder(t);
    await t.db
      .update(performanceOrders)
      .set({ status })
      .where(eq(performanceOrders.performanceOrderNo, taken.performanceOrderNo));
    const response = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: pushed.omsOrderNo,
      reason: '不要了',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).errorMsg).toBe('订单已发货，无法取消');
  });

  it('answers 404 for an unknown order and 400 without a reason', async () => {
    const unknown = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: 'NOSUCHORDER',
      reason: '不要了',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).errorMsg).toBe('订单不存在');
    const noReason = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, { omsOrderNo: 'X1' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).errorMsg).toContain('缺少取消原因');
  });
});

describe('POST /api/integration/intentions', () => {
  it('records the intention once and alerts the store (order and customer 6)', async () => {
    const body = {
      omsConsultantsNo: 'CI20240501001',
      storeCode: near.code,
      customer: { name: '陈先生', phone: '13800138000' },
      interest: '想预订中秋月饼礼盒 30 盒',
    };
    const first = await servicePost(t, ORDER_INTEGRATION_PATHS.pushIntention, body);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: unknown }>().data).toEqual({
      omsConsultantsNo: body.omsConsultantsNo,
      created: true,
    });
    const again = await servicePost(t, ORDER_INTEGRATION_PATHS.pushIntention, body);
    expect(again.json<{ data: { created: boolean } }>().data.created).toBe(false);
    const rows = await t.db
      .select()
      .from(customerIntentions)
      .where(eq(customerIntentions.omsConsultantsNo, body.omsConsultantsNo));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ storeId: near.id, status: 'new', interest: body.interest });
    const alerts = (await messagesOf(t.db, nearStaff.id, near.id)).filter((m) => m.messageType === 6);
    expect(alerts).toEqual([
      expect.objectContaining({
        businessType: 2,
        title: '您有新的客户意向',
        expandInfo: { omsConsultantsNo: body.omsConsultantsNo },
      }),
    ]);
  });

  it('answers 422 for an unknown store and 400 for a missing interest', async () => {
    const base = {
      omsConsultantsNo: 'CI20240501002',
      storeCode: 'NOSUCHSTORE',
      customer: { name: '陈先生', phone: '13800138000' },
      interest: '月饼',
    };
    const unknown = await servicePost(t, ORDER_INTEGRATION_PATHS.pushIntention, base);
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).errorMsg).toBe('门店不存在或已停用：NOSUCHSTORE');
    const noInterest = await servicePost(t, ORDER_INTEGRATION_PATHS.pushIntention, {
      ...base,
      storeCode: near.code,
      interest: ' ',
    });
    expect(noInterest.statusCode).toBe(400);
    expect(errorOf(noInterest).errorMsg).toContain('缺少意向内容');
  });
});
