import { MARKETING_CALENDAR_PATHS as P, type MarketingEvent } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  imMessages,
  integralShelves,
  issueSchemeStores,
  issueSchemes,
  skus,
  teaTreeActivities,
} from '../../db/schema.js';
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
import { shanghaiDay } from '../dashboard/daily-metrics.js';

const DAY_MS = 86_400_000;
let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let outside: OrderStore;
let clerk: OrderStaff;
let otherClerk: OrderStaff;
let office: OrderStaff;
let reader: OrderStaff;

const day = (offset: number) => shanghaiDay(new Date(t.clock().getTime() + offset * DAY_MS));
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const get = (path: string, who: OrderStaff, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}`, headers: bearer(who.token) });
const storeEvents = async (who: OrderStaff, at: OrderStore, from = day(-5), to = day(30), type?: string) => {
  const response = await get(P.list, who, { storeCode: at.code, from, to, ...(type ? { type } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<MarketingEvent[]>(response);
};
const add = (body: object, who = office) =>
  staffPost(t, P.add, who, {
    title: '双十二预热',
    type: 'promotion',
    startDate: day(1),
    endDate: day(3),
    color: '#FF2F28',
    storeIds: [store.id],
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp();
  store = await addOrderStore(t.db, { name: '日历测试店' });
  other = await addOrderStore(t.db, { name: '日历另一店' });
  outside = await addOrderStore(t.db);
  clerk = await addOrderStaff(t, [store], []);
  otherClerk = await addOrderStaff(t, [other], []);
  office = await addOrderStaff(t, [store, other], ['head_office', 'marketingCalendar:edit']);
  reader = await addOrderStaff(t, [store, other], ['head_office']);
});
afterAll(() => t.close());

describe('marketing calendar', () => {
  it('head office adds an event; the store concerned sees it, another store does not', async () => {
    const response = await add({ remark: '门店提前布置堆头' });
    expect(response.statusCode, response.body).toBe(200);
    const event = dataOf<MarketingEvent>(response);
    expect(event).toMatchObject({
      type: 'promotion',
      typeText: '促销',
      color: '#ff2f28',
      storesText: '日历测试店',
      startDate: day(1),
    });
    expect((await storeEvents(clerk, store)).map((e) => e.key)).toContain(event.key);
    expect((await storeEvents(otherClerk, other)).map((e) => e.key)).not.toContain(event.key);
    // Outside the range, or of another type, it is not listed.
    expect((await storeEvents(clerk, store, day(10), day(20))).map((e) => e.key)).not.toContain(event.key);
    expect((await storeEvents(clerk, store, day(-5), day(30), 'festival')).map((e) => e.key)).not.toContain(
      event.key,
    );
    const managed = dataOf<MarketingEvent[]>(await get(P.manageList, reader, { from: day(0), to: day(5) }));
    expect(managed.map((e) => e.key)).toContain(event.key);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marketing.event_add'), eq(auditLog.target, String(event.id))));
    expect(audits).toHaveLength(1);
  });

  it('shows tea-tree activities as events of every store', async () => {
    const now = t.clock().getTime();
    const [activity] = await t.db
      .insert(teaTreeActivities)
      .values({
        activityNo: `TTCAL${now % 100000}`,
        name: '日历龙井认养',
        season: '2027春',
        garden: '龙井村',
        treeCount: 10,
        priceCents: 100,
        signUpStart: new Date(now + 2 * DAY_MS),
        signUpEnd: new Date(now + 9 * DAY_MS),
        deliveries: [{ round: 1, plannedDate: day(20), content: '龙井 250g' }],
      })
      .returning();
    const keys = (await storeEvents(otherClerk, other, day(0), day(25), 'tea_tree')).map((e) => e.key);
    expect(keys).toEqual([`tea_tree:${activity!.id}:signup`, `tea_tree:${activity!.id}:round1`]);
  });

  it('shows coupon issue schemes to the stores they issue at, hidden ones to head office only', async () => {
    const now = t.clock().getTime();
    const dayStart = (offset: number) => new Date(`${day(offset)}T00:00:00+08:00`);
    const scheme = (name: string, values: Partial<typeof issueSchemes.$inferInsert>) => ({
      schemeNo: `ISCAL${now % 100000}${name.length}`,
      name,
      channels: ['store_counter', 'mini_program'],
      quantity: 10,
      startAt: dayStart(2),
      // The start of the day after the last day, as the schemes service stores it.
      endAt: dayStart(6),
      ...values,
    });
    const [listed, hidden] = await t.db
      .insert(issueSchemes)
      .values([
        scheme('日历门店发券', { storeScope: 'listed' }),
        scheme('日历隐藏方案发券', { visible: false }),
      ])
      .returning();
    await t.db.insert(issueSchemeStores).values({ schemeId: listed!.id, storeId: store.id });

    const atStore = await storeEvents(clerk, store, day(0), day(10), 'coupon');
    expect(atStore.map((e) => e.key)).toEqual([`coupon:${listed!.id}`]);
    expect(atStore[0]).toMatchObject({
      typeText: '优惠券',
      startDate: day(2),
      endDate: day(5),
      storesText: '日历测试店',
      remark: '门店发放、小程序领取',
      id: null,
    });
    expect(await storeEvents(otherClerk, other, day(0), day(10), 'coupon')).toEqual([]);
    // A range that ends before the window starts, or starts after it ended, does not list it.
    expect(await storeEvents(clerk, store, day(0), day(1), 'coupon')).toEqual([]);
    expect(await storeEvents(clerk, store, day(6), day(9), 'coupon')).toEqual([]);

    const managed = dataOf<MarketingEvent[]>(
      await get(P.manageList, reader, { from: day(0), to: day(10), type: 'coupon' }),
    );
    const titles = new Map(managed.map((e) => [e.key, e.title]));
    expect(titles.get(`coupon:${hidden!.id}`)).toBe('日历隐藏方案发券（已隐藏）');
    expect(titles.get(`coupon:${listed!.id}`)).toBe('日历门店发券');
  });

  it('shows a points-mall SKU’s redemption window to the stores that shelve it', async () => {
    const [sku] = await t.db
      .insert(skus)
      .values({
        skuCode: `ICAL${t.clock().getTime() % 100000}`,
        name: '日历限定茶礼',
        kind: 'integral',
        priceCents: 0,
        points: 800,
        validFrom: new Date(`${day(3)}T10:00:00+08:00`),
        validTo: new Date(`${day(8)}T00:00:00+08:00`),
      })
      .returning();
    await t.db.insert(integralShelves).values([
      { storeId: store.id, skuId: sku!.id, onShelf: true, stock: 5 },
      { storeId: other.id, skuId: sku!.id, onShelf: false, stock: 5 },
    ]);
    const atStore = await storeEvents(clerk, store, day(0), day(10), 'points');
    expect(atStore.map((e) => e.key)).toContain(`points:${sku!.id}`);
    expect(atStore.find((e) => e.key === `points:${sku!.id}`)).toMatchObject({
      title: '日历限定茶礼限时兑换',
      typeText: '积分商城',
      startDate: day(3),
      endDate: day(7),
      remark: '800积分兑换',
    });
    // Off the shelf at the other store: not its campaign.
    expect((await storeEvents(otherClerk, other, day(0), day(10), 'points')).map((e) => e.key)).not.toContain(
      `points:${sku!.id}`,
    );
    const managed = dataOf<MarketingEvent[]>(
      await get(P.manageList, reader, { from: day(0), to: day(10), type: 'points' }),
    );
    expect(managed.find((e) => e.key === `points:${sku!.id}`)?.storesText).toBe('1家门店上架');
  });

  it('refuses bad input, stores outside the data scope and callers without the button', async () => {
    const color = await add({ color: 'red' });
    expect(color.statusCode).toBe(400);
    expect(errorOf(color).errorMsg).toBe('颜色格式不正确');
    const order = await add({ startDate: day(5), endDate: day(1) });
    expect(errorOf(order).errorMsg).toBe('开始日期不能晚于结束日期');
    const none = await add({ storeIds: [] });
    expect(errorOf(none).errorMsg).toBe('请选择活动涉及的门店');
    const foreign = await add({ storeIds: [outside.id] });
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).errorMsg).toBe('1家门店不存在或不在您的数据范围内');
    const everyone = await add({ allStores: true, storeIds: [] });
    expect(everyone.statusCode).toBe(403);
    expect((await add({}, reader)).statusCode).toBe(403);
    expect((await add({}, clerk)).statusCode).toBe(403);
    const long = await get(P.list, clerk, { storeCode: store.code, from: day(0), to: day(80) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).errorMsg).toBe('一次最多查询62天');
  });

  it('tells the store’s staff the day before, once however often the job runs', async () => {
    const event = dataOf<MarketingEvent>(
      await add({
        title: '会员日',
        type: 'activity',
        startDate: day(1),
        endDate: day(1),
        storeIds: [other.id],
      }),
    );
    const messagesOf = () =>
      t.db
        .select()
        .from(imMessages)
        .where(and(eq(imMessages.receiverId, otherClerk.id), eq(imMessages.businessType, 10)));
    expect(await messagesOf()).toHaveLength(0);
    expect(await t.app.jobs.runNow('marketing-calendar.remind-tomorrow')).toMatchObject({ ok: true });
    const sent = await messagesOf();
    expect(sent.map((m) => m.text)).toContain(`明天（${day(1)}）：活动「会员日」，请提前做好准备。`);
    await t.app.jobs.runNow('marketing-calendar.remind-tomorrow');
    expect(await messagesOf()).toHaveLength(sent.length);

    const removed = await staffPost(t, P.delete, office, { id: event.id });
    expect(removed.statusCode).toBe(200);
    expect((await storeEvents(otherClerk, other)).map((e) => e.key)).not.toContain(event.key);
  });
});
