import {
  INTENTION_PATHS,
  ORDER_INTEGRATION_PATHS,
  type IntentionDetail,
  type IntentionPage,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerIntentions } from '../../../db/schema.js';
import { bearer } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  messagesOf,
  servicePost,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let follower: OrderStaff;
let viewer: OrderStaff;
let outsider: OrderStaff;
let sequence = 0;

/** Pushes an intention for `to` through the integration endpoint; answers its number. */
async function pushIntention(to: OrderStore, overrides: Record<string, unknown> = {}) {
  const omsConsultantsNo = `CST${Date.now()}${++sequence}`;
  const response = await servicePost(t, ORDER_INTEGRATION_PATHS.pushIntention, {
    omsConsultantsNo,
    storeCode: to.code,
    customer: { name: '陈美玲', phone: '13700001111' },
    interest: '想了解中秋月饼礼盒团购',
    ...overrides,
  });
  expect(response.statusCode).toBe(200);
  return omsConsultantsNo;
}

const detailOf = (who: OrderStaff, no: string, storeCode = store.code) =>
  t.app.inject({
    method: 'GET',
    url: INTENTION_PATHS.detail,
    headers: bearer(who.token),
    query: { storeCode, omsConsultantsNo: no },
  });
const follow = (who: OrderStaff, body: Record<string, unknown>) =>
  staffPost(t, INTENTION_PATHS.follow, who, { storeCode: store.code, ...body });
const list = (who: OrderStaff, body: Record<string, unknown> = {}) =>
  staffPost(t, INTENTION_PATHS.list, who, { storeCode: store.code, ...body });

beforeAll(async () => {
  t = await createTestApp();
  store = await addOrderStore(t.db);
  other = await addOrderStore(t.db);
  follower = await addOrderStaff(t, [store], ['customerIntention:follow']);
  viewer = await addOrderStaff(t, [store], []);
  outsider = await addOrderStaff(t, [other], ['customerIntention:follow']);
});

afterAll(async () => {
  await t.close();
});

describe('customer intention list', () => {
  it("lists the store's intentions newest first, never another store's", async () => {
    const older = await pushIntention(store, { customer: { name: '赵一', phone: '13700002222' } });
    t.clock.advance(1_000);
    const newer = await pushIntention(store, { customer: { name: '钱二', phone: '13700003333' } });
    const foreign = await pushIntention(other);

    const response = await list(viewer, { pageSize: 50 });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ data: IntentionPage }>().data;
    const numbers = page.list.map((r) => r.omsConsultantsNo);
    expect(numbers.indexOf(newer)).toBeLessThan(numbers.indexOf(older));
    expect(numbers).not.toContain(foreign);
    expect(page.total).toBe(page.list.length);
    const row = page.list.find((r) => r.omsConsultantsNo === newer)!;
    expect(row).toMatchObject({
      customerName: '钱二',
      customerPhone: '13700003333',
      status: 'new',
      statusText: '待跟进',
      followUpCount: 0,
      lastFollowUpAt: null,
    });
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by status, keyword (number, phone, part of name or interest) and date range', async () => {
    const target = await pushIntention(store, {
      customer: { name: '孙百分_之', phone: '13700004444' },
      interest: '优享鲜奶月卡咨询',
    });
    const byNo = (await list(viewer, { keyword: target })).json<{ data: IntentionPage }>().data;
    expect(byNo.list.map((r) => r.omsConsultantsNo)).toEqual([target]);
    const byPhone = (await list(viewer, { keyword: '13700004444' })).json<{ data: IntentionPage }>().data;
    expect(byPhone.list.map((r) => r.omsConsultantsNo)).toEqual([target]);
    const byName = (await list(viewer, { keyword: '百分_' })).json<{ data: IntentionPage }>().data;
    expect(byName.list.map((r) => r.omsConsultantsNo)).toEqual([target]);
    const byInterest = (await list(viewer, { keyword: '鲜奶月卡' })).json<{ data: IntentionPage }>().data;
    expect(byInterest.list.map((r) => r.omsConsultantsNo)).toEqual([target]);
    // `_` is literal, not a wildcard.
    const wildcard = (await list(viewer, { keyword: '孙_分' })).json<{ data: IntentionPage }>().data;
    expect(wildcard.list).toEqual([]);

    const closedOnly = (await list(viewer, { status: 'closed' })).json<{ data: IntentionPage }>().data;
    expect(closedOnly.list.every((r) => r.status === 'closed')).toBe(true);
    expect(closedOnly.list.map((r) => r.omsConsultantsNo)).not.toContain(target);

    const today = new Date(t.clock().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const inRange = (await list(viewer, { dateFrom: today, dateTo: today, keyword: target })).json<{
      data: IntentionPage;
    }>().data;
    expect(inRange.list).toHaveLength(1);
    const before = (await list(viewer, { dateTo: '2000-01-01', keyword: target })).json<{
      data: IntentionPage;
    }>().data;
    expect(before.list).toEqual([]);
  });

  it('pages with pageNum and pageSize', async () => {
    await pushIntention(store);
    await pushIntention(store);
    const first = (await list(viewer, { pageSize: 1, pageNum: 1 })).json<{ data: IntentionPage }>().data;
    const second = (await list(viewer, { pageSize: 1, pageNum: 2 })).json<{ data: IntentionPage }>().data;
    expect(first.list).toHaveLength(1);
    expect(second.list).toHaveLength(1);
    expect(first.list[0]!.omsConsultantsNo).not.toBe(second.list[0]!.omsConsultantsNo);
    expect(first.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input with a Chinese 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'done' }, '意向状态不正确'],
      [{ dateFrom: '2024-02-30' }, '日期格式不正确'],
      [{ dateFrom: '2024-05-02', dateTo: '2024-05-01' }, '开始日期不能晚于结束日期'],
      [{ pageSize: 51 }, '每页条数不能超过50'],
      [{ keyword: 'x'.repeat(51) }, '搜索关键字不能超过50个字'],
    ];
    for (const [body, message] of cases) {
      const response = await list(viewer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errorMsg).toContain(message);
    }
  });

  it('needs a session and a store the caller is authorised for', async () => {
    expect((await staffPost(t, INTENTION_PATHS.list, null, { storeCode: store.code })).statusCode).toBe(401);
    const missing = await staffPost(t, INTENTION_PATHS.list, viewer, {});
    expect(missing.statusCode).toBe(400);
    const foreign = await staffPost(t, INTENTION_PATHS.list, outsider, { storeCode: store.code });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).errorMsg).toBe('您无权访问该门店');
  });
});

describe('customer intention detail', () => {
  it('answers the intention with its member and follow-ups; canFollow follows the button', async () => {
    const no = await pushIntention(store);
    const asViewer = await detailOf(viewer, no);
    expect(asViewer.statusCode).toBe(200);
    const detail = asViewer.json<{ data: IntentionDetail }>().data;
    expect(detail).toMatchObject({
      omsConsultantsNo: no,
      interest: '想了解中秋月饼礼盒团购',
      status: 'new',
      followUps: [],
      canFollow: false,
    });
    const asFollower = (await detailOf(follower, no)).json<{ data: IntentionDetail }>().data;
    expect(asFollower.canFollow).toBe(true);
  });

  it('the pushed message opens this detail (order and customer 6 with omsConsultantsNo)', async () => {
    const no = await pushIntention(store);
    const messages = await messagesOf(t.db, viewer.id, store.id);
    const message = messages.find((m) => m.expandInfo.omsConsultantsNo === no);
    expect(message).toMatchObject({ businessType: 2, messageType: 6, title: '您有新的客户意向' });
  });

  it("answers 404 for another store's intention and for an unknown number", async () => {
    const foreign = await pushIntention(other);
    const response = await detailOf(viewer, foreign);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).errorMsg).toBe('客户意向不存在');
    expect((await detailOf(viewer, 'CST-NOPE')).statusCode).toBe(404);
    const bad = await detailOf(viewer, '意向#1');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errorMsg).toContain('客户意向单号格式不正确');
  });
});

describe('following an intention up', () => {
  it('new → following with the note, user and time; a second note appends', async () => {
    const no = await pushIntention(store);
    const first = await follow(follower, { omsConsultantsNo: no, note: '已电话联系，周末到店' });
    expect(first.statusCode).toBe(200);
    const after = first.json<{ data: IntentionDetail }>().data;
    expect(after.status).toBe('following');
    expect(after.statusText).toBe('跟进中');
    expect(after.followUps).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        userName: follower.nickName,
        note: '已电话联系，周末到店',
      },
    ]);
    t.clock.advance(60_000);
    const second = (await follow(follower, { omsConsultantsNo: no, note: '已到店试吃' })).json<{
      data: IntentionDetail;
    }>().data;
    expect(second.followUps.map((f) => f.note)).toEqual(['已电话联系，周末到店', '已到店试吃']);
    expect(second.followUpCount).toBe(2);
    expect(second.lastFollowUpAt).toBe(second.followUps[1]!.at);
    const [row] = await t.db
      .select({ followUps: customerIntentions.followUps })
      .from(customerIntentions)
      .where(eq(customerIntentions.omsConsultantsNo, no));
    expect(row!.followUps[0]!.userId).toBe(follower.id);
  });

  it('a status change alone is a follow-up; closing needs a note, and a closed intention refuses more (409)', async () => {
    const no = await pushIntention(store);
    const started = await follow(follower, { omsConsultantsNo: no, status: 'following' });
    expect(started.statusCode).toBe(200);
    expect(started.json<{ data: IntentionDetail }>().data.status).toBe('following');

    const noNote = await follow(follower, { omsConsultantsNo: no, status: 'closed' });
    expect(noNote.statusCode).toBe(400);
    expect(errorOf(noNote).errorMsg).toContain('关闭意向需填写跟进说明');

    const closed = await follow(follower, {
      omsConsultantsNo: no,
      status: 'closed',
      note: '客户已在线上下单',
    });
    expect(closed.statusCode).toBe(200);
    const detail = closed.json<{ data: IntentionDetail }>().data;
    expect(detail).toMatchObject({ status: 'closed', statusText: '已关闭', canFollow: false });

    const again = await follow(follower, { omsConsultantsNo: no, note: '再次联系' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      errorCode: 'INTENTION_CLOSED',
      errorMsg: '该意向已关闭，不能再跟进',
    });
  });

  it('a new intention may be closed straight away with a note', async () => {
    const no = await pushIntention(store);
    const closed = await follow(follower, { omsConsultantsNo: no, status: 'closed', note: '号码无效' });
    expect(closed.json<{ data: IntentionDetail }>().data.status).toBe('closed');
  });

  it('refuses an empty follow-up, a long note and an unknown status with 400', async () => {
    const no = await pushIntention(store);
    const cases: [Record<string, unknown>, string][] = [
      [{ omsConsultantsNo: no }, '请填写跟进内容'],
      [{ omsConsultantsNo: no, note: '   ' }, '请填写跟进内容'],
      [{ omsConsultantsNo: no, note: '长'.repeat(201) }, '跟进内容不能超过200个字'],
      [{ omsConsultantsNo: no, note: '好', status: 'new' }, '意向状态不正确'],
      [{ note: '好' }, '缺少客户意向单号'],
    ];
    for (const [body, message] of cases) {
      const response = await follow(follower, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errorMsg).toContain(message);
    }
  });

  it('needs customerIntention:follow (403) and the store of the intention (404 for another store)', async () => {
    const no = await pushIntention(store);
    const denied = await follow(viewer, { omsConsultantsNo: no, note: '跟进' });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).errorMsg).toBe('您没有该操作权限');

    const foreign = await pushIntention(other);
    const notMine = await follow(follower, { omsConsultantsNo: foreign, note: '跟进' });
    expect(notMine.statusCode).toBe(404);
    expect(errorOf(notMine).errorMsg).toBe('客户意向不存在');
    const [row] = await t.db
      .select({ status: customerIntentions.status, followUps: customerIntentions.followUps })
      .from(customerIntentions)
      .where(eq(customerIntentions.omsConsultantsNo, foreign));
    expect(row).toEqual({ status: 'new', followUps: [] });

    const unauthorisedStore = await staffPost(t, INTENTION_PATHS.follow, outsider, {
      storeCode: store.code,
      omsConsultantsNo: no,
      note: '跟进',
    });
    expect(unauthorisedStore.statusCode).toBe(403);
  });
});
