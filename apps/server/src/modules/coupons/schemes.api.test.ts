import {
  COUPON_PATHS,
  ISSUE_SCHEME_PATHS,
  type CouponRow,
  type IssueSchemeDetail,
  type IssueSchemeRow,
  type Page,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, issueSchemes, memberCoupons, members } from '../../db/schema.js';
import { bearer } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';

/** Issue schemes (docs/domain/coupons.md "Issue schemes"): the nine calls, limits, concurrency, 409 on delete. */
let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let headOffice: OrderStaff;
let clerk: OrderStaff;
let couponId: number;
let phoneSeq = 0;

const day = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const scheme = (overrides: Record<string, unknown> = {}) => ({
  name: '新会员礼包',
  channels: ['store_counter', 'mini_program'],
  coupons: [{ couponId, count: 2 }],
  quantity: 100,
  perMemberLimit: 1,
  startDate: day(-1),
  endDate: day(10),
  ...overrides,
});
const send = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  who: OrderStaff,
  input: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(method === 'PUT'
      ? { payload: input }
      : { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }),
  });

async function added(overrides: Record<string, unknown> = {}) {
  const response = await staffPost(t, ISSUE_SCHEME_PATHS.add, headOffice, scheme(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<IssueSchemeDetail>(response);
}

async function addMember(home: OrderStore = store, level = 1) {
  const phone = `1390${String(Date.now()).slice(-4)}${String(++phoneSeq).padStart(3, '0')}`;
  const [row] = await t.db
    .insert(members)
    .values({ memberNo: `MS${phone}`, name: `方案会员${phoneSeq}`, phone, level, homeStoreId: home.id })
    .returning({ id: members.id, publicId: members.publicId });
  return { id: row!.id, memberId: row!.publicId };
}
const issue = (id: number, memberId: string, who = clerk, at = store) =>
  staffPost(t, ISSUE_SCHEME_PATHS.issue, who, { storeCode: at.code, id, memberId });

beforeAll(async () => {
  t = await createTestApp();
  store = await addOrderStore(t.db, { name: '方案测试店' });
  other = await addOrderStore(t.db);
  headOffice = await addOrderStaff(
    t,
    [store, other],
    [
      'head_office',
      'coupon:edit',
      'issueScheme:add',
      'issueScheme:edit',
      'issueScheme:delete',
      'issueScheme:showOrHide',
    ],
  );
  clerk = await addOrderStaff(t, [store], ['issueScheme:issue']);
  const coupon = await staffPost(t, COUPON_PATHS.templateSave, headOffice, {
    name: '方案券',
    kind: 'cash',
    valueCents: 1000,
    points: 0,
    exchangeFrom: day(-1),
    exchangeTo: day(10),
    validDays: 15,
    stock: 10,
    perMemberLimit: 1,
  });
  couponId = dataOf<CouponRow>(coupon).id;
});
afterAll(() => t.close());

describe('head office manages schemes', () => {
  it('adds, reads, edits, hides and lists a scheme; every change audited', async () => {
    const s = await added();
    expect(s).toMatchObject({
      state: 'running',
      visible: true,
      issuedCount: 0,
      channelsText: '门店发放、小程序领取',
    });
    expect(s.coupons).toEqual([{ couponId, name: '方案券', valueText: '无门槛减10', count: 2 }]);

    const got = await send('GET', ISSUE_SCHEME_PATHS.get, headOffice, { id: s.id });
    expect(dataOf<IssueSchemeDetail>(got).schemeNo).toBe(s.schemeNo);
    const channels = await send('GET', ISSUE_SCHEME_PATHS.getChannelAndCouponById, headOffice, { id: s.id });
    expect(dataOf<{ channels: { label: string }[] }>(channels).channels.map((c) => c.label)).toEqual([
      '门店发放',
      '小程序领取',
    ]);

    const edited = await send('PUT', ISSUE_SCHEME_PATHS.update, headOffice, {
      ...scheme({ name: '新会员礼包2' }),
      id: s.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const hidden = await send('PUT', ISSUE_SCHEME_PATHS.showOrHide, headOffice, { id: s.id, visible: false });
    expect(dataOf<IssueSchemeRow>(hidden).visible).toBe(false);

    const platform = dataOf<Page<IssueSchemeRow>>(
      await staffPost(t, ISSUE_SCHEME_PATHS.platformPageList, headOffice, { keyword: '新会员礼包2' }),
    );
    expect(platform.list.map((r) => r.id)).toEqual([s.id]);
    // A hidden scheme is not in the store's list.
    const atStore = dataOf<Page<IssueSchemeRow>>(
      await staffPost(t, ISSUE_SCHEME_PATHS.storePageList, clerk, {
        storeCode: store.code,
        keyword: '新会员礼包2',
      }),
    );
    expect(atStore.total).toBe(0);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `scheme:${s.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual(['issue_scheme.show_or_hide', 'issue_scheme.update']);
  });

  it('refuses bad input in Chinese and callers without the button', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const response = await staffPost(t, ISSUE_SCHEME_PATHS.add, headOffice, scheme(body));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    };
    await bad({ channels: [] }, '请选择发放渠道');
    await bad({ channels: ['fax'] }, '发放渠道不正确');
    await bad({ quantity: 0 }, '发放总量至少为1');
    await bad({ startDate: day(5), endDate: day(1) }, '开始日期不能晚于结束日期');
    await bad({ coupons: [] }, '请选择优惠券');
    await bad({ audience: 'min_level' }, '请选择会员等级');
    const unknown = await staffPost(
      t,
      ISSUE_SCHEME_PATHS.add,
      headOffice,
      scheme({ coupons: [{ couponId: 999999, count: 1 }] }),
    );
    expect(errorOf(unknown).errorMsg).toBe('所选优惠券不存在');
    expect((await staffPost(t, ISSUE_SCHEME_PATHS.add, clerk, scheme())).statusCode).toBe(403);
  });

  it('never deletes a running scheme (409 with the reason); deletes one not started', async () => {
    const running = await added({ name: '进行中方案' });
    const refused = await send('DELETE', ISSUE_SCHEME_PATHS.delete, headOffice, { id: running.id });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).errorMsg).toBe('发放方案进行中，不能删除；请先等待结束或隐藏方案');
    const later = await added({ name: '未开始方案', startDate: day(3), endDate: day(9) });
    expect(later.state).toBe('not_started');
    const deleted = await send('DELETE', ISSUE_SCHEME_PATHS.delete, headOffice, { id: later.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(issueSchemes).where(eq(issueSchemes.id, later.id))).toHaveLength(0);
  });
});

describe('issuing at the counter', () => {
  it('issues the coupons, then refuses beyond the member limit, outside the store list, to the wrong audience', async () => {
    const s = await added({ name: '门店礼包', storeScope: 'listed', storeCodes: [store.code] });
    const member = await addMember();
    const first = await issue(s.id, member.memberId);
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf<{ couponNos: string[] }>(first).couponNos).toHaveLength(2);
    const rows = await t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, member.id));
    expect(rows.map((r) => [r.source, r.schemeId, r.points])).toEqual([
      ['scheme', s.id, 0],
      ['scheme', s.id, 0],
    ]);
    const again = await issue(s.id, member.memberId);
    expect(errorOf(again).errorMsg).toBe('每位会员最多领取1次该方案');

    const otherClerk = await addOrderStaff(t, [other], ['issueScheme:issue']);
    const elsewhere = await issue(s.id, (await addMember(other)).memberId, otherClerk, other);
    expect(errorOf(elsewhere).errorMsg).toBe('本门店不在该方案的发放门店内');

    const vip = await added({ name: 'VIP礼包', audience: 'min_level', minLevel: 3 });
    expect(errorOf(await issue(vip.id, (await addMember(store, 1)).memberId)).errorMsg).toBe(
      '会员不符合该方案的发放对象',
    );
    expect((await issue(vip.id, (await addMember(store, 3)).memberId)).statusCode).toBe(200);

    // Once it has issued, even a finished scheme keeps its history: no delete.
    await t.db
      .update(issueSchemes)
      .set({ endAt: new Date(Date.now() - 86_400_000) })
      .where(eq(issueSchemes.id, s.id));
    const gone = await send('DELETE', ISSUE_SCHEME_PATHS.delete, headOffice, { id: s.id });
    expect(errorOf(gone).errorMsg).toBe('发放方案已发放过优惠券，不能删除');
  });

  it('never issues more than its quantity when members ask at once', async () => {
    const s = await added({ name: '限量礼包', quantity: 3, coupons: [{ couponId, count: 1 }] });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => addMember()));
    const answers = await Promise.all(crowd.map((m) => issue(s.id, m.memberId)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(errorOf(answers.find((r) => r.statusCode === 422)!).errorMsg).toBe('发放方案已发完');
    const [row] = await t.db.select().from(issueSchemes).where(eq(issueSchemes.id, s.id));
    expect(row!.issuedCount).toBe(3);
    expect(await t.db.select().from(memberCoupons).where(eq(memberCoupons.schemeId, s.id))).toHaveLength(3);
    const detail = await send('GET', ISSUE_SCHEME_PATHS.detail, headOffice, { id: s.id });
    expect(dataOf<IssueSchemeDetail>(detail)).toMatchObject({ issuedCount: 3, memberCount: 3 });
  });
});
