import {
  LOOKUP_PATHS,
  POINTS_REDEEM_DAILY_CAP_PER_CLERK,
  POINTS_REDEEM_DAILY_CAP_PER_MEMBER,
  VALET_PATHS,
  type RedeemCodeSent,
  type ValetActionResult,
} from '@console/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberPointsLedger, members, omsOrders, smsOutbox } from '../../../db/schema.js';
import { bearer, latestSmsCode } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  TEST_ORIGIN,
  addOrderStaff,
  addOrderStore,
  errorOf,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

/**
 * Issue 14 point 4: a clerk spent another area's member's points with no consent. Points now move only with the
 * member's code, within daily caps, through a ledger row and an audit row (docs/domain/points.md).
 */
const VALET_PERMISSIONS = ['valetOrder:create', 'valetOrder:confirm', 'valetOrder:cancel'];
let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let clerk: OrderStaff;
let otherClerk: OrderStaff;
let viewer: OrderStaff;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db, { name: '积分测试店', at: TEST_ORIGIN });
  other = await addOrderStore(t.db, { at: { latitude: 31.23, longitude: 121.47 } });
  clerk = await addOrderStaff(t, [store], VALET_PERMISSIONS);
  otherClerk = await addOrderStaff(t, [other], VALET_PERMISSIONS);
  viewer = await addOrderStaff(t, [store], []);
});
afterAll(() => t.close());

/** A registered member of `home` (another area's store unless given) with these points. */
async function addMember(points: number, home: OrderStore = other) {
  const n = ++phoneSeq;
  const phone = `1370${String(Date.now()).slice(-4)}${String(n).padStart(3, '0')}`;
  const [member] = await t.db
    .insert(members)
    .values({ memberNo: `MP${phone}`, name: `积分会员${n}`, phone, points, homeStoreId: home.id })
    .returning({ id: members.id, publicId: members.publicId });
  return { id: member!.id, memberId: member!.publicId, phone };
}

const post = (path: string, staff: OrderStaff, body: object, at: OrderStore = store) =>
  staffPost(t, path, staff, { storeCode: at.code, ...body });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const pointsOf = async (memberId: number) =>
  (await t.db.select({ points: members.points }).from(members).where(eq(members.id, memberId)))[0]!.points;
const ledgerOf = (memberId: number) =>
  t.db.select().from(memberPointsLedger).where(eq(memberPointsLedger.memberId, memberId));
const auditsOf = (action: string, valetOrderNo: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, valetOrderNo)));

/** The clerk finds the member by whole phone (so the store may serve them) and places a pickup points order. */
async function pointsOrder(member: { memberId: string; phone: string }, quantity = 1, by = clerk) {
  const found = await t.app.inject({
    method: 'GET',
    url: `${LOOKUP_PATHS.memberByKeywords}?storeCode=${store.code}&keywords=${member.phone}`,
    headers: bearer(by.token),
  });
  expect(found.statusCode, found.body).toBe(200);
  const response = await post(
    VALET_PATHS.integralCreate,
    by,
    { memberId: member.memberId, deliveryType: 'pickup', items: [{ skuCode: 'I2002', quantity }] },
    store,
  );
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ValetActionResult>(response).valetOrderNo;
}

async function sendCode(valetOrderNo: string, phone: string, by = clerk) {
  const sent = await post(VALET_PATHS.integralSendRedeemCode, by, { valetOrderNo });
  expect(sent.statusCode, sent.body).toBe(200);
  return { sent: dataOf<RedeemCodeSent>(sent), code: (await latestSmsCode(t.app, phone))! };
}

describe('spending a member’s points needs the member’s code', () => {
  it('the finding as found: confirming another area’s member’s points order without a code is refused', async () => {
    const member = await addMember(5_000);
    const valetOrderNo = await pointsOrder(member);
    const response = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      errorCode: 'MEMBER_CONFIRMATION_REQUIRED',
      errorMsg: '请填写会员收到的积分兑换验证码',
    });
    expect(await pointsOf(member.id)).toBe(5_000);
    expect(await ledgerOf(member.id)).toHaveLength(0);
    expect(await t.db.select().from(omsOrders).where(eq(omsOrders.sourceOrderNo, valetOrderNo))).toHaveLength(
      0,
    );
    const malformed = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo, memberCode: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errorMsg).toContain('积分兑换验证码为6位数字');
  });

  it('the member confirms with the code: points taken once, one ledger row, one audit row', async () => {
    const member = await addMember(5_000);
    const valetOrderNo = await pointsOrder(member);
    const { sent, code } = await sendCode(valetOrderNo, member.phone);
    expect(sent).toEqual({
      phoneMasked: `${member.phone.slice(0, 3)}****${member.phone.slice(7)}`,
      resendAfterSeconds: 60,
    });
    const [text] = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, member.phone))
      .orderBy(desc(smsOutbox.id));
    expect(text).toMatchObject({ purpose: 'points_redeem', code });
    expect(text!.content).toContain('积分测试店');
    expect(text!.content).toContain('2600积分');

    const confirmed = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo, memberCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(dataOf<ValetActionResult>(confirmed).status).toBe('confirmed');
    expect(await pointsOf(member.id)).toBe(2_400);
    const ledger = await ledgerOf(member.id);
    expect(ledger).toEqual([
      expect.objectContaining({
        delta: -2_600,
        balanceAfter: 2_400,
        reason: 'valet_redeem',
        refNo: valetOrderNo,
        storeId: store.id,
        userId: clerk.id,
        confirmedBy: 'sms_code',
      }),
    ]);
    const [audit] = await auditsOf('member.points_redeem', valetOrderNo);
    expect(audit).toMatchObject({
      userId: clerk.id,
      detail: { storeCode: store.code, memberId: member.memberId, points: 2_600, balanceAfter: 2_400 },
    });
    expect(JSON.stringify(audit!.detail)).not.toContain(code);
    expect(await auditsOf('member.points_code_sent', valetOrderNo)).toHaveLength(1);

    const again = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo, memberCode: code });
    expect(again.statusCode).toBe(409);
    expect(await pointsOf(member.id)).toBe(2_400);
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });

  it('a wrong code is refused and counted, nothing is deducted; the right one still works', async () => {
    const member = await addMember(5_000);
    const valetOrderNo = await pointsOrder(member);
    const { code } = await sendCode(valetOrderNo, member.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo, memberCode: wrong });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      errorCode: 'SMS_CODE_INVALID',
      errorMsg: '短信验证码错误或已过期',
    });
    expect(await pointsOf(member.id)).toBe(5_000);
    expect(await ledgerOf(member.id)).toHaveLength(0);
    expect(await auditsOf('member.points_redeem_refused', valetOrderNo)).toEqual([
      expect.objectContaining({
        userId: clerk.id,
        detail: expect.objectContaining({ refusal: 'SMS_CODE_INVALID' }),
      }),
    ]);
    const ok = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo, memberCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await pointsOf(member.id)).toBe(2_400);
  });

  it('a code is bound to its order: it cannot confirm another order of the same member', async () => {
    const member = await addMember(10_000);
    const first = await pointsOrder(member);
    const second = await pointsOrder(member, 2);
    const { code } = await sendCode(first, member.phone);
    const refused = await post(VALET_PATHS.integralConfirm, clerk, {
      valetOrderNo: second,
      memberCode: code,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errorCode).toBe('SMS_CODE_INVALID');
    expect(await pointsOf(member.id)).toBe(10_000);
  });

  it('resending waits a minute; an order without enough points gets no code', async () => {
    const member = await addMember(3_000);
    const valetOrderNo = await pointsOrder(member);
    await sendCode(valetOrderNo, member.phone);
    const soon = await post(VALET_PATHS.integralSendRedeemCode, clerk, { valetOrderNo });
    expect(soon.statusCode).toBe(429);
    expect(errorOf(soon).errorMsg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    await t.db.update(members).set({ points: 100 }).where(eq(members.id, member.id));
    t.clock.advance(61_000);
    const short = await post(VALET_PATHS.integralSendRedeemCode, clerk, { valetOrderNo });
    expect(short.statusCode).toBe(422);
    expect(errorOf(short).errorMsg).toBe('会员积分不足');
  });

  it('keeps to the store and the permission: another store’s clerk cannot send a code or confirm', async () => {
    const member = await addMember(5_000);
    const valetOrderNo = await pointsOrder(member);
    const foreign = await post(VALET_PATHS.integralSendRedeemCode, otherClerk, { valetOrderNo }, other);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).errorMsg).toBe('代客订单不存在');
    const notTheirs = await post(VALET_PATHS.integralSendRedeemCode, otherClerk, { valetOrderNo });
    expect(notTheirs.statusCode).toBe(403);
    const noPermission = await post(VALET_PATHS.integralSendRedeemCode, viewer, { valetOrderNo });
    expect(noPermission.statusCode).toBe(403);
    expect(errorOf(noPermission).errorMsg).toBe('您没有该操作权限');
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, member.phone))).toHaveLength(0);
  });
});

describe('daily redemption caps', () => {
  it(`a member redeems at most ${POINTS_REDEEM_DAILY_CAP_PER_MEMBER} points a day, over every order`, async () => {
    const member = await addMember(30_000);
    const big = await pointsOrder(member, 7);
    const { code } = await sendCode(big, member.phone);
    expect(
      (await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo: big, memberCode: code })).statusCode,
    ).toBe(200);
    const more = await pointsOrder(member);
    const refusedSend = await post(VALET_PATHS.integralSendRedeemCode, clerk, { valetOrderNo: more });
    expect(refusedSend.statusCode).toBe(422);
    expect(errorOf(refusedSend)).toMatchObject({
      errorCode: 'POINTS_MEMBER_DAILY_CAP',
      errorMsg: `会员每日最多兑换${POINTS_REDEEM_DAILY_CAP_PER_MEMBER}积分，今日还可兑换1800积分`,
    });
    const refusedConfirm = await post(VALET_PATHS.integralConfirm, clerk, {
      valetOrderNo: more,
      memberCode: '123456',
    });
    expect(refusedConfirm.statusCode).toBe(422);
    expect(errorOf(refusedConfirm).errorCode).toBe('POINTS_MEMBER_DAILY_CAP');
    expect(await pointsOf(member.id)).toBe(30_000 - 18_200);
  });

  it(`a clerk redeems at most ${POINTS_REDEEM_DAILY_CAP_PER_CLERK} points a day, over every member`, async () => {
    const busy = await addOrderStaff(t, [store], VALET_PERMISSIONS);
    const earlier = await addMember(0);
    const redeemedBy = (userId: number, points: number, at: Date) =>
      t.db.insert(memberPointsLedger).values({
        memberId: earlier.id,
        delta: -points,
        balanceAfter: 0,
        reason: 'valet_redeem',
        refNo: 'VO-earlier',
        storeId: store.id,
        userId,
        confirmedBy: 'sms_code',
        createdAt: at,
      });
    // Yesterday's redemptions do not count today.
    await redeemedBy(busy.id, 99_000, new Date(t.clock().getTime() - 24 * 3_600_000));
    const member = await addMember(5_000);
    const valetOrderNo = await pointsOrder(member, 1, busy);
    const { code } = await sendCode(valetOrderNo, member.phone, busy);

    // Meanwhile the clerk redeemed 99,000 points today (as if over many members).
    await redeemedBy(busy.id, 99_000, t.clock());
    const refused = await post(VALET_PATHS.integralConfirm, busy, { valetOrderNo, memberCode: code });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      errorCode: 'POINTS_CLERK_DAILY_CAP',
      errorMsg: `每位店员每日最多为会员兑换${POINTS_REDEEM_DAILY_CAP_PER_CLERK}积分，您今日还可兑换1000积分`,
    });
    expect(await pointsOf(member.id)).toBe(5_000);
    const resend = await post(VALET_PATHS.integralSendRedeemCode, busy, { valetOrderNo });
    expect(errorOf(resend).errorCode).toBe('POINTS_CLERK_DAILY_CAP');

    // The refusal did not use up the member's code: another clerk of the store may confirm with it.
    const ok = await post(VALET_PATHS.integralConfirm, clerk, { valetOrderNo, memberCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await pointsOf(member.id)).toBe(2_400);
  });
});
