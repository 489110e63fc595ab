import {
  COUPON_PATHS,
  type CouponRow,
  type ExchangeableCoupons,
  type ExchangeDetail,
  type ExchangeRow,
  type Page,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  coupons,
  exportJobs,
  memberCoupons,
  memberPointsLedger,
  members,
} from '../../db/schema.js';
import { bearer, latestSmsCode } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';
import { couponExchangeExport } from './coupon-export.js';

/** Coupons (docs/domain/coupons.md): templates, exchange with the member's code, undo, records, export. */
const COUNTER = ['coupon:exchange', 'coupon:cancelExchange', 'coupon:export'];
let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let clerk: OrderStaff;
let otherClerk: OrderStaff;
let viewer: OrderStaff;
let headOffice: OrderStaff;
let phoneSeq = 0;
let exchangeSeq = 0;

const day = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const post = (path: string, who: OrderStaff, body: object, at: OrderStore = store) =>
  staffPost(t, path, who, { storeCode: at.code, ...body });

const template = (overrides: Record<string, unknown> = {}) => ({
  name: '满100减20券',
  kind: 'cash',
  valueCents: 2000,
  thresholdCents: 10000,
  points: 500,
  exchangeFrom: day(-1),
  exchangeTo: day(30),
  validDays: 30,
  stock: 100,
  perMemberLimit: 2,
  ...overrides,
});

async function saveCoupon(overrides: Record<string, unknown> = {}) {
  const response = await staffPost(t, COUPON_PATHS.templateSave, headOffice, template(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<CouponRow>(response);
}

/** A member whose home store is `home` (so that store serves them) with these points. */
async function addMember(points: number, home: OrderStore = store) {
  const n = ++phoneSeq;
  const phone = `1380${String(Date.now()).slice(-4)}${String(n).padStart(3, '0')}`;
  const [row] = await t.db
    .insert(members)
    .values({ memberNo: `MC${phone}`, name: `券会员${n}`, phone, points, homeStoreId: home.id })
    .returning({ id: members.id, publicId: members.publicId });
  return { id: row!.id, memberId: row!.publicId, phone };
}
type Member = Awaited<ReturnType<typeof addMember>>;

const pointsOf = async (id: number) =>
  (await t.db.select({ points: members.points }).from(members).where(eq(members.id, id)))[0]!.points;
const ledgerOf = (id: number) =>
  t.db.select().from(memberPointsLedger).where(eq(memberPointsLedger.memberId, id));
const newExchangeNo = () => `CE${Date.now()}${String(++exchangeSeq).padStart(4, '0')}`;

/** Sends the member's code and answers it with the exchange's number. */
async function codeFor(member: Member, couponId: number, by = clerk, at = store) {
  const exchangeNo = newExchangeNo();
  const sent = await post(
    COUPON_PATHS.sendExchangeCode,
    by,
    { memberId: member.memberId, couponId, exchangeNo },
    at,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return { exchangeNo, memberCode: (await latestSmsCode(t.app, member.phone))! };
}

async function exchanged(member: Member, couponId: number, by = clerk, at = store) {
  const code = await codeFor(member, couponId, by, at);
  const response = await post(
    COUPON_PATHS.exchange,
    by,
    { memberId: member.memberId, couponId, ...code },
    at,
  );
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ExchangeDetail>(response);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db, { name: '券测试店' });
  other = await addOrderStore(t.db);
  clerk = await addOrderStaff(t, [store], COUNTER);
  otherClerk = await addOrderStaff(t, [other], COUNTER);
  viewer = await addOrderStaff(t, [store], []);
  headOffice = await addOrderStaff(t, [store, other], ['head_office', 'coupon:edit']);
});
afterAll(() => t.close());

describe('coupon templates (head office)', () => {
  it('adds and edits a template, audited; money and limits are checked', async () => {
    const added = await saveCoupon({ storeScope: 'listed', storeCodes: [store.code] });
    expect(added).toMatchObject({ valueText: '满100减20', stockLeft: 100, storeCodes: [store.code] });
    expect(added.exchangeFrom).toBe(day(-1));
    expect(added.exchangeTo).toBe(day(30));
    const edited = await saveCoupon({ id: added.id, name: '满100减25券', valueCents: 2500 });
    expect(edited).toMatchObject({ id: added.id, name: '满100减25券', storeScope: 'all', storeCodes: [] });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `coupon:${added.id}`));
    expect(audits.map((a) => a.action)).toEqual(['coupon.update']);

    const page = await staffPost(t, COUPON_PATHS.templatePage, headOffice, { keyword: '满100减25' });
    expect(dataOf<Page<CouponRow>>(page).list.map((c) => c.id)).toEqual([added.id]);

    const bad = async (body: Record<string, unknown>, message: string) => {
      const response = await staffPost(t, COUPON_PATHS.templateSave, headOffice, template(body));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    };
    await bad({ valueCents: 12.5 }, '面额须为整数（分）');
    await bad({ valueCents: 2_000_000 }, '面额不能超过10000元');
    await bad({ valueCents: 20000 }, '面额须小于使用门槛');
    await bad({ points: -1 }, '所需积分不能小于0');
    await bad({ exchangeFrom: day(3), exchangeTo: day(1) }, '兑换开始日期不能晚于结束日期');
    await bad({ storeScope: 'listed' }, '请选择适用门店');
    const unknownStore = await staffPost(
      t,
      COUPON_PATHS.templateSave,
      headOffice,
      template({ storeScope: 'listed', storeCodes: ['NOPE404'] }),
    );
    expect(unknownStore.statusCode).toBe(422);
    expect(errorOf(unknownStore).errorMsg).toBe('门店不存在：NOPE404');
  });

  it('only head office with coupon:edit changes templates', async () => {
    expect((await staffPost(t, COUPON_PATHS.templateSave, clerk, template())).statusCode).toBe(403);
    expect((await staffPost(t, COUPON_PATHS.templatePage, clerk, {})).statusCode).toBe(403);
  });
});

describe('exchange at the counter', () => {
  it('lists what the member may exchange here, then exchanges with the member’s code through the ledger', async () => {
    const coupon = await saveCoupon({ name: '兑换流程券' });
    const listedElsewhere = await saveCoupon({
      name: '别店券',
      storeScope: 'listed',
      storeCodes: [other.code],
    });
    const member = await addMember(2_000);

    const list = dataOf<ExchangeableCoupons>(
      await post(COUPON_PATHS.list, clerk, { memberId: member.memberId }),
    );
    expect(list.memberPoints).toBe(2_000);
    const ids = list.list.map((c) => c.id);
    expect(ids).toContain(coupon.id);
    expect(ids).not.toContain(listedElsewhere.id);

    const noCode = await post(COUPON_PATHS.exchange, clerk, {
      memberId: member.memberId,
      couponId: coupon.id,
      exchangeNo: newExchangeNo(),
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body).toContain('积分兑换验证码为6位数字');

    const code = await codeFor(member, coupon.id);
    const wrong = await post(COUPON_PATHS.exchange, clerk, {
      memberId: member.memberId,
      couponId: coupon.id,
      exchangeNo: code.exchangeNo,
      memberCode: code.memberCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await pointsOf(member.id)).toBe(2_000);

    const done = await post(COUPON_PATHS.exchange, clerk, {
      memberId: member.memberId,
      couponId: coupon.id,
      ...code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf<ExchangeDetail>(done)).toMatchObject({
      exchangeNo: code.exchangeNo,
      points: 500,
      status: 'unused',
      balanceAfter: 1_500,
      actions: { cancel: true },
    });
    expect(await pointsOf(member.id)).toBe(1_500);
    expect(await ledgerOf(member.id)).toMatchObject([
      {
        delta: -500,
        balanceAfter: 1_500,
        reason: 'coupon_exchange',
        refNo: code.exchangeNo,
        confirmedBy: 'sms_code',
      },
    ]);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.exchangedCount).toBe(1);
  });

  it('refuses beyond the per-member limit, outside the window, out of scope, short of points — in Chinese', async () => {
    const coupon = await saveCoupon({ name: '限兑券', perMemberLimit: 1 });
    const member = await addMember(5_000);
    await exchanged(member, coupon.id);
    const again = await post(COUPON_PATHS.sendExchangeCode, clerk, {
      memberId: member.memberId,
      couponId: coupon.id,
      exchangeNo: newExchangeNo(),
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).errorMsg).toBe('每位会员最多兑换1张该优惠券');

    const future = await saveCoupon({ name: '未开始券', exchangeFrom: day(2), exchangeTo: day(5) });
    const early = await post(COUPON_PATHS.sendExchangeCode, clerk, {
      memberId: member.memberId,
      couponId: future.id,
      exchangeNo: newExchangeNo(),
    });
    expect(errorOf(early)).toMatchObject({
      errorCode: 'COUPON_OUTSIDE_WINDOW',
      errorMsg: '不在优惠券兑换时间内',
    });

    const elsewhere = await saveCoupon({ name: '他店券', storeScope: 'listed', storeCodes: [other.code] });
    const scoped = await post(COUPON_PATHS.sendExchangeCode, clerk, {
      memberId: member.memberId,
      couponId: elsewhere.id,
      exchangeNo: newExchangeNo(),
    });
    expect(errorOf(scoped).errorMsg).toBe('本门店不能兑换该优惠券');

    const poor = await addMember(100);
    const short = await post(COUPON_PATHS.sendExchangeCode, clerk, {
      memberId: poor.memberId,
      couponId: coupon.id,
      exchangeNo: newExchangeNo(),
    });
    expect(short.statusCode).toBe(422);
    expect(errorOf(short).errorMsg).toBe('会员积分不足');

    // Another store's member is unknown here (member access), and a viewer may not exchange.
    const stranger = await addMember(5_000, other);
    expect((await post(COUPON_PATHS.list, clerk, { memberId: stranger.memberId })).statusCode).toBe(404);
    expect(
      (
        await post(COUPON_PATHS.sendExchangeCode, viewer, {
          memberId: member.memberId,
          couponId: coupon.id,
          exchangeNo: newExchangeNo(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('never gives out more than the stock when two members exchange the last coupon at once', async () => {
    const coupon = await saveCoupon({ name: '最后一张', stock: 1 });
    const [a, b] = [await addMember(1_000), await addMember(1_000)];
    const [codeA, codeB] = [await codeFor(a, coupon.id), await codeFor(b, coupon.id)];
    const answers = await Promise.all([
      post(COUPON_PATHS.exchange, clerk, { memberId: a.memberId, couponId: coupon.id, ...codeA }),
      post(COUPON_PATHS.exchange, clerk, { memberId: b.memberId, couponId: coupon.id, ...codeB }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(errorOf(answers.find((r) => r.statusCode === 422)!).errorMsg).toBe('优惠券已兑完');
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.exchangedCount).toBe(1);
    expect((await pointsOf(a.id)) + (await pointsOf(b.id))).toBe(1_500);
  });
});

describe('undo and records', () => {
  it('undoes an unused exchange: points back through the ledger, stock back; once only; this store only', async () => {
    const coupon = await saveCoupon({ name: '撤销券' });
    const member = await addMember(1_000);
    const done = await exchanged(member, coupon.id);

    const foreign = await post(
      COUPON_PATHS.cancelExchange,
      otherClerk,
      { exchangeNo: done.exchangeNo, reason: '误操作' },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    const noReason = await post(COUPON_PATHS.cancelExchange, clerk, {
      exchangeNo: done.exchangeNo,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('请填写撤销原因');

    const undone = await post(COUPON_PATHS.cancelExchange, clerk, {
      exchangeNo: done.exchangeNo,
      reason: '会员不要了',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(dataOf<ExchangeDetail>(undone)).toMatchObject({
      status: 'cancelled',
      refundedPoints: 500,
      balanceAfter: 1_000,
      actions: { cancel: false },
    });
    expect(await pointsOf(member.id)).toBe(1_000);
    expect((await ledgerOf(member.id)).map((l) => [l.reason, l.delta, l.balanceAfter])).toEqual([
      ['coupon_exchange', -500, 500],
      ['refund', 500, 1_000],
    ]);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.exchangedCount).toBe(0);

    const twice = await post(COUPON_PATHS.cancelExchange, clerk, {
      exchangeNo: done.exchangeNo,
      reason: '再撤一次',
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).errorMsg).toBe('只有未使用的优惠券可以撤销');
    expect(await pointsOf(member.id)).toBe(1_000);
  });

  it('refuses to undo a used coupon (409) or one exchanged more than 24 hours ago (422)', async () => {
    const coupon = await saveCoupon({ name: '过时券' });
    const member = await addMember(2_000);
    const old = await exchanged(member, coupon.id);
    await t.db
      .update(memberCoupons)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(memberCoupons.couponNo, old.exchangeNo));
    const late = await post(COUPON_PATHS.cancelExchange, clerk, {
      exchangeNo: old.exchangeNo,
      reason: '太晚',
    });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).errorMsg).toBe('兑换超过24小时，不能撤销');

    const user = await addMember(2_000);
    const used = await exchanged(user, coupon.id);
    await t.db
      .update(memberCoupons)
      .set({ status: 'used' })
      .where(eq(memberCoupons.couponNo, used.exchangeNo));
    const refused = await post(COUPON_PATHS.cancelExchange, clerk, {
      exchangeNo: used.exchangeNo,
      reason: '已用',
    });
    expect(refused.statusCode).toBe(409);
    expect(await pointsOf(user.id)).toBe(1_500);
    expect(await pointsOf(member.id)).toBe(1_500);
  });

  it('lists the store’s records only, masked, filtered; the detail; the export job and its rows', async () => {
    const coupon = await saveCoupon({ name: '记录券' });
    const member = await addMember(3_000);
    const mine = await exchanged(member, coupon.id);
    const theirs = await exchanged(await addMember(3_000, other), coupon.id, otherClerk, other);

    const page = dataOf<Page<ExchangeRow>>(
      await post(COUPON_PATHS.exchangePageList, clerk, { couponId: coupon.id }),
    );
    expect(page.list.map((r) => r.exchangeNo)).toEqual([mine.exchangeNo]);
    expect(page.list[0]!.memberPhone).toBe(`${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`);
    const byPhone = dataOf<Page<ExchangeRow>>(
      await post(COUPON_PATHS.exchangePageList, clerk, { keyword: member.phone }),
    );
    expect(byPhone.total).toBe(1);
    const cancelled = dataOf<Page<ExchangeRow>>(
      await post(COUPON_PATHS.exchangePageList, clerk, { couponId: coupon.id, status: 'cancelled' }),
    );
    expect(cancelled.total).toBe(0);
    const badRange = await post(COUPON_PATHS.exchangePageList, clerk, { dateFrom: day(2), dateTo: day(1) });
    expect(badRange.statusCode).toBe(400);

    const detail = await t.app.inject({
      method: 'GET',
      url: COUPON_PATHS.exchangePage,
      query: { storeCode: store.code, exchangeNo: mine.exchangeNo },
      headers: bearer(viewer.token),
    });
    expect(dataOf<ExchangeDetail>(detail)).toMatchObject({
      exchangeNo: mine.exchangeNo,
      actions: { cancel: false },
    });
    const foreign = await t.app.inject({
      method: 'GET',
      url: COUPON_PATHS.exchangePage,
      query: { storeCode: store.code, exchangeNo: theirs.exchangeNo },
      headers: bearer(clerk.token),
    });
    expect(foreign.statusCode).toBe(404);

    const queued = await post(COUPON_PATHS.exchangeExport, clerk, { couponId: coupon.id });
    expect(queued.statusCode, queued.body).toBe(200);
    const [job] = await t.db
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.storeId, store.id), eq(exportJobs.kind, 'coupon-exchanges')));
    expect(job).toBeDefined();
    expect((await post(COUPON_PATHS.exchangeExport, viewer, {})).statusCode).toBe(403);
    const source = couponExchangeExport(t.db, store.id, {
      storeCode: store.code,
      status: 'all',
      couponId: coupon.id,
    });
    expect(await source.countUpTo(10)).toBe(1);
    const rows = [];
    for await (const batch of source.pages(1)) rows.push(...batch);
    expect(rows.map((r) => [r.exchangeNo, r.statusText, r.memberPhone])).toEqual([
      [mine.exchangeNo, '未使用', page.list[0]!.memberPhone],
    ]);
    expect(source.columns.map((c) => c.header)).toContain('兑换单号');
  });
});
