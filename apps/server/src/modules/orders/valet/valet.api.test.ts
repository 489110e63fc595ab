import {
  LOOKUP_PATHS,
  ORDER_INTEGRATION_PATHS,
  ORDER_PATHS,
  VALET_PATHS,
  type TrialResult,
  type ValetActionResult,
  type ValetOrderDetail,
  type ValetOrderPage,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberAddresses, members, omsOrders, valetOrders } from '../../../db/schema.js';
import { bearer, latestSmsCode } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  ALL_ORDER_PERMISSIONS,
  TEST_ORIGIN,
  addOrderStaff,
  addOrderStore,
  errorOf,
  logOf,
  messagesOf,
  seedCatalogue,
  servicePost,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

const VALET_PERMISSIONS = ['valetOrder:create', 'valetOrder:confirm', 'valetOrder:cancel'];
let t: TestApp;
let store: OrderStore;
let neighbour: OrderStore;
let other: OrderStore;
let creator: OrderStaff;
let neighbourStaff: OrderStaff;
let otherStaff: OrderStaff;
let viewer: OrderStaff;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db, { at: TEST_ORIGIN });
  neighbour = await addOrderStore(t.db, { at: { latitude: 39.781, longitude: 116.5151 } });
  other = await addOrderStore(t.db, { at: { latitude: 31.23, longitude: 121.47 } });
  creator = await addOrderStaff(t, [store], [...ALL_ORDER_PERMISSIONS, ...VALET_PERMISSIONS]);
  neighbourStaff = await addOrderStaff(t, [neighbour]);
  otherStaff = await addOrderStaff(t, [other], [...ALL_ORDER_PERMISSIONS, ...VALET_PERMISSIONS]);
  viewer = await addOrderStaff(t, [store], []);
});
afterAll(() => t.close());

/** A member with points, level and one address near the store (about 300 m away unless `at`). */
async function addMember(
  points: number,
  options: { level?: number; at?: { latitude: number; longitude: number } } = {},
) {
  const n = ++phoneSeq;
  const phone = `1360${String(Date.now()).slice(-4)}${String(n).padStart(3, '0')}`;
  const [member] = await t.db
    .insert(members)
    .values({
      memberNo: `MV${phone}`,
      name: `代客会员${n}`,
      phone,
      points,
      level: options.level ?? 1,
      homeStoreId: store.id,
    })
    .returning({ id: members.id, publicId: members.publicId });
  const at = options.at ?? { latitude: TEST_ORIGIN.latitude + 0.003, longitude: TEST_ORIGIN.longitude };
  const [address] = await t.db
    .insert(memberAddresses)
    .values({
      memberId: member!.id,
      receiverName: `代客会员${n}`,
      receiverPhone: phone,
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110115',
      regionName: '北京市市辖区大兴区',
      detail: '景园北街2号院',
      ...at,
      isDefault: true,
    })
    .returning({ id: memberAddresses.id });
  return { id: member!.id, memberId: member!.publicId, addressId: address!.id, phone };
}

const post = (path: string, staff: OrderStaff | null, body: object, at: OrderStore = store) =>
  staffPost(t, path, staff, { storeCode: at.code, ...body });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;

/** Confirms a points order the way a clerk must: the member's code sent, read from the outbox, then confirmed. */
async function confirmWithCode(valetOrderNo: string, phone: string) {
  const sent = await post(VALET_PATHS.integralSendRedeemCode, creator, { valetOrderNo });
  expect(sent.statusCode, sent.body).toBe(200);
  const memberCode = await latestSmsCode(t.app, phone);
  return post(VALET_PATHS.integralConfirm, creator, { valetOrderNo, memberCode });
}

async function integralOrder(
  points = 5_000,
  items = [{ skuCode: 'I2001', quantity: 2 }],
  deliveryType = 'express',
) {
  const member = await addMember(points);
  const response = await post(VALET_PATHS.integralCreate, creator, {
    memberId: member.memberId,
    deliveryType,
    addressId: member.addressId,
    items,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { member, created: dataOf<ValetActionResult>(response) };
}

describe('points-mall valet orders', () => {
  it('creates a pending order priced in points without touching the member’s points', async () => {
    const { member, created } = await integralOrder(5_000, [
      { skuCode: 'I2001', quantity: 2 },
      { skuCode: 'I2004', quantity: 1 },
    ]);
    expect(created).toMatchObject({ status: 'pending_confirm', omsOrderNo: '' });
    expect(created.valetOrderNo).toMatch(/^VO\d{20}$/);
    const [row] = await t.db
      .select()
      .from(valetOrders)
      .where(eq(valetOrders.valetOrderNo, created.valetOrderNo));
    expect(row).toMatchObject({
      points: 800 * 2 + 1500,
      goodsCents: 990,
      freightCents: 0,
      createdByUserId: creator.id,
    });
    const [after] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(after!.points).toBe(5_000);
  });

  it('refuses a member without enough points (422 会员积分不足)', async () => {
    const member = await addMember(500);
    const response = await post(VALET_PATHS.integralCreate, creator, {
      memberId: member.memberId,
      deliveryType: 'pickup',
      items: [{ skuCode: 'I2002', quantity: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).errorMsg).toBe('会员积分不足');
  });

  it('answers bad input with a Chinese 4xx', async () => {
    const member = await addMember(5_000);
    const cases: [object, number, string][] = [
      [
        { memberId: member.memberId, deliveryType: 'express', items: [{ skuCode: 'I2001', quantity: 1 }] },
        400,
        '请选择收货地址',
      ],
      [{ memberId: member.memberId, deliveryType: 'pickup', items: [] }, 400, '请选择商品'],
      [
        { memberId: member.memberId, deliveryType: 'drone', items: [{ skuCode: 'I2001', quantity: 1 }] },
        400,
        '配送方式',
      ],
      [
        { memberId: member.memberId, deliveryType: 'pickup', items: [{ skuCode: 'R1001', quantity: 1 }] },
        422,
        '积分商城代客单只能选择积分商城商品',
      ],
      [
        { memberId: member.memberId, deliveryType: 'pickup', items: [{ skuCode: 'NOPE', quantity: 1 }] },
        422,
        '商品不存在或已下架：NOPE',
      ],
      [
        {
          memberId: 'NoSuchMember0000000000',
          deliveryType: 'pickup',
          items: [{ skuCode: 'I2001', quantity: 1 }],
        },
        404,
        '会员不存在',
      ],
      [
        {
          memberId: member.memberId,
          deliveryType: 'express',
          addressId: 99_999_999,
          items: [{ skuCode: 'I2001', quantity: 1 }],
        },
        422,
        '收货地址不存在',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(VALET_PATHS.integralCreate, creator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).errorMsg).toContain(message);
    }
  });

  it('refuses a member the store does not serve like an unknown one (404), until found by whole phone', async () => {
    const member = await addMember(5_000);
    const basket = {
      memberId: member.memberId,
      deliveryType: 'pickup',
      items: [{ skuCode: 'I2001', quantity: 1 }],
    };
    for (const path of [VALET_PATHS.integralCreate, VALET_PATHS.trialChange]) {
      const refused = await post(path, otherStaff, basket, other);
      expect(refused.statusCode, path).toBe(404);
      expect(errorOf(refused).errorMsg).toBe('会员不存在');
    }
    const found = await t.app.inject({
      method: 'GET',
      url: `${LOOKUP_PATHS.memberByKeywords}?storeCode=${other.code}&keywords=${member.phone}`,
      headers: bearer(otherStaff.token),
    });
    expect(found.statusCode).toBe(200);
    expect((await post(VALET_PATHS.integralCreate, otherStaff, basket, other)).statusCode).toBe(200);
  });

  it('shows the receiver’s whole phone in the one order opened, and audits that view', async () => {
    const { member, created } = await integralOrder(5_000);
    const response = await post(VALET_PATHS.detail, viewer, { valetOrderNo: created.valetOrderNo });
    expect(dataOf<ValetOrderDetail>(response)).toMatchObject({
      memberId: member.memberId,
      address: { receiverPhone: member.phone },
    });
    const views = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.phone_view'), eq(auditLog.userId, viewer.id)));
    expect(views.map((v) => v.target)).toEqual([created.valetOrderNo]);
    expect(views[0]!.detail).toMatchObject({ storeId: store.id, memberId: member.memberId });
  });

  it('refuses store delivery beyond the store’s bike distance', async () => {
    const far = await addMember(5_000, {
      at: { latitude: TEST_ORIGIN.latitude + 0.1, longitude: TEST_ORIGIN.longitude },
    });
    const response = await post(VALET_PATHS.integralCreate, creator, {
      memberId: far.memberId,
      deliveryType: 'store_delivery',
      addressId: far.addressId,
      items: [{ skuCode: 'I2001', quantity: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).errorMsg).toBe('收货地址超出门店配送范围（5.0公里）');
  });

  it('confirm deducts the points and offers a valet_integral OMS order to nearby stores in one go', async () => {
    const { member, created } = await integralOrder(5_000);
    const response = await confirmWithCode(created.valetOrderNo, member.phone);
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = dataOf<ValetActionResult>(response);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.candidateStoreCodes).toEqual(expect.arrayContaining([store.code, neighbour.code]));
    expect(confirmed.candidateStoreCodes).not.toContain(other.code);
    const [oms] = await t.db.select().from(omsOrders).where(eq(omsOrders.omsOrderNo, confirmed.omsOrderNo));
    expect(oms).toMatchObject({
      channel: 'valet_integral',
      sourceOrderNo: created.valetOrderNo,
      placedStoreId: store.id,
      pointsUsed: 1600,
      memberId: member.id,
    });
    const [after] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(after!.points).toBe(5_000 - 1600);
    const offered = await messagesOf(t.db, neighbourStaff.id, neighbour.id);
    expect(offered.at(-1)).toMatchObject({
      businessType: 2,
      messageType: 1,
      expandInfo: { performancePlanOrderNo: confirmed.performancePlanOrderNo },
    });
    expect((await logOf(t.db, confirmed.omsOrderNo)).map((l) => l.action)).toEqual([
      'pushed',
      'offered',
      'valet_confirmed',
    ]);

    const again = await post(VALET_PATHS.integralConfirm, creator, { valetOrderNo: created.valetOrderNo });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).errorMsg).toBe('该代客订单已确认，不能再执行此操作');
    const cancel = await post(VALET_PATHS.integralCancel, creator, {
      valetOrderNo: created.valetOrderNo,
      reason: '顾客改主意',
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('confirm re-checks the points: spent meanwhile → 422 and nothing is offered', async () => {
    const { member, created } = await integralOrder(1_600);
    await t.db.update(members).set({ points: 100 }).where(eq(members.id, member.id));
    const response = await post(VALET_PATHS.integralConfirm, creator, { valetOrderNo: created.valetOrderNo });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).errorMsg).toBe('会员积分不足');
    const rows = await t.db.select().from(omsOrders).where(eq(omsOrders.sourceOrderNo, created.valetOrderNo));
    expect(rows).toHaveLength(0);
  });

  it('a pickup order is offered to the placing store only', async () => {
    const { member, created } = await integralOrder(5_000, [{ skuCode: 'I2003', quantity: 1 }], 'pickup');
    const response = await confirmWithCode(created.valetOrderNo, member.phone);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<ValetActionResult>(response).candidateStoreCodes).toEqual([store.code]);
  });

  it('cancel: pending → cancelled once; then confirm and cancel answer 409', async () => {
    const { created } = await integralOrder();
    const empty = await post(VALET_PATHS.integralCancel, creator, {
      valetOrderNo: created.valetOrderNo,
      reason: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const cancelled = await post(VALET_PATHS.integralCancel, creator, {
      valetOrderNo: created.valetOrderNo,
      reason: '顾客改主意',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(dataOf<ValetActionResult>(cancelled).status).toBe('cancelled');
    for (const path of [VALET_PATHS.integralConfirm, VALET_PATHS.integralCancel]) {
      const response = await post(path, creator, { valetOrderNo: created.valetOrderNo, reason: '再取消' });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).errorMsg).toBe('该代客订单已取消，不能再执行此操作');
    }
  });

  it('keeps to the store and the permissions', async () => {
    const { created } = await integralOrder();
    const foreign = await post(
      VALET_PATHS.integralConfirm,
      otherStaff,
      { valetOrderNo: created.valetOrderNo },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).errorMsg).toBe('代客订单不存在');
    const detail = await post(VALET_PATHS.detail, otherStaff, { valetOrderNo: created.valetOrderNo }, other);
    expect(detail.statusCode).toBe(404);
    const notMine = await post(VALET_PATHS.integralConfirm, otherStaff, {
      valetOrderNo: created.valetOrderNo,
    });
    expect(notMine.statusCode).toBe(403);
    expect(errorOf(notMine).errorMsg).toBe('您无权访问该门店');
    for (const path of [
      VALET_PATHS.integralCreate,
      VALET_PATHS.integralConfirm,
      VALET_PATHS.integralCancel,
    ]) {
      const response = await post(path, viewer, {
        valetOrderNo: created.valetOrderNo,
        reason: '无权',
        memberId: 'AnyMemberPublicId00000',
        deliveryType: 'pickup',
        items: [{ skuCode: 'I2001', quantity: 1 }],
      });
      expect(response.statusCode, path).toBe(403);
      expect(errorOf(response).errorMsg).toBe('您没有该操作权限');
    }
    const signedOut = await post(VALET_PATHS.integralList, null, {});
    expect(signedOut.statusCode).toBe(401);
    const noStore = await staffPost(t, VALET_PATHS.integralList, creator, {});
    expect(noStore.statusCode).toBe(400);
    const viewed = await post(VALET_PATHS.detail, viewer, { valetOrderNo: created.valetOrderNo });
    expect(viewed.statusCode).toBe(200);
    expect(dataOf<ValetOrderDetail>(viewed).actions).toEqual({ confirm: false, cancel: false });
  });

  it('lists the store’s orders by status and keyword, and shows the detail', async () => {
    const { member, created } = await integralOrder();
    const list = await post(VALET_PATHS.integralList, creator, {
      status: 'pending_confirm',
      keyword: member.phone,
    });
    expect(list.statusCode).toBe(200);
    const page = dataOf<ValetOrderPage>(list);
    expect(page.list.map((o) => o.valetOrderNo)).toEqual([created.valetOrderNo]);
    expect(page.list[0]).toMatchObject({
      kindText: '积分商城',
      statusText: '待确认',
      itemsSummary: '品牌帆布袋×2',
    });
    const none = await post(VALET_PATHS.integralList, creator, {
      status: 'confirmed',
      keyword: member.phone,
    });
    expect(dataOf<ValetOrderPage>(none).list).toHaveLength(0);
    const foreign = await post(VALET_PATHS.integralList, otherStaff, {}, other);
    expect(dataOf<ValetOrderPage>(foreign).list.map((o) => o.valetOrderNo)).not.toContain(
      created.valetOrderNo,
    );
    const bad = await post(VALET_PATHS.integralList, creator, {
      dateFrom: '2024-05-02',
      dateTo: '2024-05-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errorMsg).toContain('开始日期不能晚于结束日期');
    const detail = dataOf<ValetOrderDetail>(
      await post(VALET_PATHS.detail, creator, { valetOrderNo: created.valetOrderNo }),
    );
    expect(detail).toMatchObject({
      memberId: member.memberId,
      actions: { confirm: true, cancel: true },
      planStatus: null,
    });
  });
});

describe('creator messages', () => {
  it('tells the creator when nobody took the offer (order and customer 2)', async () => {
    const { member, created } = await integralOrder();
    const confirmed = dataOf<ValetActionResult>(await confirmWithCode(created.valetOrderNo, member.phone));
    t.clock.advance(31 * 60_000);
    // The untaken list sweeps the store's lapsed offers first.
    expect((await post(ORDER_PATHS.untaken, creator, {})).statusCode).toBe(200);
    const mine = await messagesOf(t.db, creator.id, store.id);
    expect(mine.filter((m) => m.messageType === 2 && m.businessType === 2).at(-1)).toMatchObject({
      title: '您的订单暂无门店接单',
      expandInfo: { sourceOrderNo: created.valetOrderNo },
    });
    const detail = dataOf<ValetOrderDetail>(
      await post(VALET_PATHS.detail, creator, { valetOrderNo: created.valetOrderNo }),
    );
    expect(detail).toMatchObject({
      status: 'confirmed',
      planStatus: 'expired',
      performancePlanOrderNo: confirmed.performancePlanOrderNo,
    });
  });

  it('tells the creator when the customer cancels before anyone took it (order and customer 3)', async () => {
    const { member, created } = await integralOrder();
    const confirmed = dataOf<ValetActionResult>(await confirmWithCode(created.valetOrderNo, member.phone));
    const cancel = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: confirmed.omsOrderNo,
      reason: '不想要了',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const mine = await messagesOf(t.db, creator.id, store.id);
    expect(mine.filter((m) => m.messageType === 3 && m.businessType === 2).at(-1)).toMatchObject({
      title: '您的客户已取消订单',
      expandInfo: { sourceOrderNo: created.valetOrderNo },
    });
    const detail = dataOf<ValetOrderDetail>(
      await post(VALET_PATHS.detail, creator, { valetOrderNo: created.valetOrderNo }),
    );
    expect(detail).toMatchObject({
      status: 'cancelled',
      planStatus: 'cancelled',
      cancelReason: '顾客取消：不想要了',
    });
  });
});

describe('uEnjoy valet orders', () => {
  const basket = (member: { memberId: string; addressId: number }, extra: object = {}) => ({
    memberId: member.memberId,
    deliveryType: 'store_delivery',
    addressId: member.addressId,
    items: [{ skuCode: 'U3001', quantity: 1 }],
    ...extra,
  });

  it('prices a trial with the member-level discount and reads it back by id', async () => {
    const member = await addMember(0, { level: 3 });
    const response = await post(VALET_PATHS.trialChange, creator, basket(member));
    expect(response.statusCode, response.body).toBe(200);
    const trial = dataOf<TrialResult>(response);
    expect(trial).toMatchObject({
      goodsCents: 6800,
      freightCents: 0,
      discountCents: 340,
      payCents: 6460,
      discountText: '会员等级3：95折',
    });
    const back = await t.app.inject({
      method: 'GET',
      url: `${VALET_PATHS.trialResult}?storeCode=${store.code}&trialId=${encodeURIComponent(trial.trialId)}`,
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(back.statusCode).toBe(200);
    expect(dataOf<TrialResult>(back).payCents).toBe(6460);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${VALET_PATHS.trialResult}?storeCode=${store.code}&trialId=${encodeURIComponent(`${trial.trialId}x`)}`,
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(forged.statusCode).toBe(422);
    expect(errorOf(forged).errorMsg).toBe('试算结果无效，请重新试算');
  });

  it('express trial charges the courier fee; personalization caps the discount at 10%', async () => {
    const member = await addMember(0);
    const express = dataOf<TrialResult>(await post(VALET_PATHS.trialExpress, creator, basket(member)));
    expect(express).toMatchObject({ deliveryType: 'express', freightCents: 1200, payCents: 8000 });
    const personal = await post(
      VALET_PATHS.trialPersonalization,
      creator,
      basket(member, { discountCents: 600 }),
    );
    expect(dataOf<TrialResult>(personal)).toMatchObject({ discountCents: 600, payCents: 6200 });
    const tooMuch = await post(
      VALET_PATHS.trialPersonalization,
      creator,
      basket(member, { discountCents: 700 }),
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).errorMsg).toBe('优惠金额不能超过商品金额的10%');
    const wrongKind = await post(
      VALET_PATHS.trialChange,
      creator,
      basket(member, { items: [{ skuCode: 'I2001', quantity: 1 }] }),
    );
    expect(wrongKind.statusCode).toBe(422);
  });

  it('proposes a cycle plan and refuses a first delivery today', async () => {
    const plan = await post(VALET_PATHS.changePlan, creator, { skuCode: 'U3001' });
    expect(plan.statusCode).toBe(200);
    const proposal = dataOf<{ plans: { period: number; date: string }[] }>(plan);
    expect(proposal.plans).toHaveLength(4);
    const gap = Date.parse(proposal.plans[1]!.date) - Date.parse(proposal.plans[0]!.date);
    expect(gap).toBe(7 * 86_400_000);
    const today = new Date(t.clock().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const early = await post(VALET_PATHS.changePlan, creator, { skuCode: 'U3001', firstDeliveryDate: today });
    expect(early.statusCode).toBe(422);
    const notUenjoy = await post(VALET_PATHS.changePlan, creator, { skuCode: 'R1001' });
    expect(notUenjoy.statusCode).toBe(422);
  });

  it('creates from a trial, confirms into a valet_uenjoy offer, and other stores cannot use the trial', async () => {
    const member = await addMember(0, { level: 2 });
    const trial = dataOf<TrialResult>(await post(VALET_PATHS.trialChange, creator, basket(member)));
    const foreign = await post(VALET_PATHS.uenjoyCreate, otherStaff, { trialId: trial.trialId }, other);
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).errorMsg).toBe('试算结果不属于当前门店，请重新试算');
    const created = await post(VALET_PATHS.uenjoyCreate, creator, {
      trialId: trial.trialId,
      remark: '周末配送',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { valetOrderNo } = dataOf<ValetActionResult>(created);
    const confirmed = await post(VALET_PATHS.uenjoyConfirm, creator, { valetOrderNo });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [oms] = await t.db
      .select()
      .from(omsOrders)
      .where(eq(omsOrders.omsOrderNo, dataOf<ValetActionResult>(confirmed).omsOrderNo));
    expect(oms).toMatchObject({
      channel: 'valet_uenjoy',
      sourceOrderNo: valetOrderNo,
      payCents: trial.payCents,
      discountCents: 136,
    });
    const list = dataOf<ValetOrderPage>(
      await post(VALET_PATHS.uenjoyList, creator, { keyword: valetOrderNo }),
    );
    expect(list.list[0]).toMatchObject({ valetOrderNo, status: 'confirmed', kindText: '优享' });
    const integralList = dataOf<ValetOrderPage>(
      await post(VALET_PATHS.integralList, creator, { keyword: valetOrderNo }),
    );
    expect(integralList.list).toHaveLength(0);
    const wrongKind = await post(VALET_PATHS.integralConfirm, creator, { valetOrderNo });
    expect(wrongKind.statusCode).toBe(404);
  });

  it('an expired trial must be priced again; uEnjoy cancel works on pending orders', async () => {
    const member = await addMember(0);
    const trial = dataOf<TrialResult>(await post(VALET_PATHS.trialChange, creator, basket(member)));
    const fresh = dataOf<ValetActionResult>(
      await post(VALET_PATHS.uenjoyCreate, creator, { trialId: trial.trialId }),
    );
    t.clock.advance(31 * 60_000);
    const late = await post(VALET_PATHS.uenjoyCreate, creator, { trialId: trial.trialId });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).errorMsg).toBe('试算结果已过期，请重新试算');
    const cancelled = await post(VALET_PATHS.uenjoyCancel, creator, {
      valetOrderNo: fresh.valetOrderNo,
      reason: '顾客取消',
    });
    expect(cancelled.statusCode).toBe(200);
    const missing = await post(VALET_PATHS.uenjoyCreate, creator, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).errorMsg).toContain('请先试算价格');
  });
});
