import { DASHBOARD_PATHS, type DashboardSummary } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { shopGroups, storeDailyMetrics, stores, userStores } from '../../db/schema.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDashboardSources } from './dashboard-sources.js';
import { createDashboardService } from './dashboard.service.js';
import { lastDays, recordDailyMetric, shanghaiDay } from './daily-metrics.js';

let t: TestApp;
let aliceToken: string;
let bobToken: string;
let aliceId: number;
let alice: TestUser;
const storeIds: Record<string, number> = {};

async function addStore(code: string, groupId: number) {
  const [row] = await t.db
    .insert(stores)
    .values({ shopCode: code, shopName: `${code}店`, businessScopeName: `测试${code}`, shopGroupId: groupId })
    .returning({ id: stores.id });
  storeIds[code] = row!.id;
}

const summary = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: DASHBOARD_PATHS.summary,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const valueOf = (data: DashboardSummary, day: string, metric: string) =>
  data.series.points.find((p) => p.day === day && p.metric === metric)?.value;

beforeAll(async () => {
  t = await createTestApp();
  const [group] = await t.db.insert(shopGroups).values({ frontTitle: '测试区' }).returning();
  for (const code of ['DA01', 'DB01', 'DC01']) await addStore(code, group!.id);
  alice = await createUser(t.db);
  const bob = await createUser(t.db);
  aliceId = alice.id;
  await t.db.insert(userStores).values([
    { userId: alice.id, storeId: storeIds.DA01! },
    { userId: bob.id, storeId: storeIds.DB01! },
  ]);
  // Distinct figures per store: DA01 orders are multiples of 100 + 1, DB01 of 100 + 2.
  const days = lastDays(t.clock(), 30);
  for (const [i, day] of days.entries()) {
    if (i % 3 === 0) continue; // gaps the answer must fill with 0
    await recordDailyMetric(t.db, { storeId: storeIds.DA01!, metric: 'orders', day, delta: i * 100 + 1 });
    await recordDailyMetric(t.db, { storeId: storeIds.DB01!, metric: 'orders', day, delta: i * 100 + 2 });
  }
  aliceToken = await signIn(t.app, alice);
  bobToken = await signIn(t.app, bob);
});
afterAll(() => t.close());

describe('POST /api/dashboard/summary', () => {
  it('is for signed-in users of the store only', async () => {
    expect((await summary(null, { storeCode: 'DA01' })).statusCode).toBe(401);

    const missing = await summary(aliceToken, { days: 7 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorMsg).toBe('缺少门店编号');

    for (const code of ['DB01', 'DC01', 'NOPE01']) {
      const foreign = await summary(aliceToken, { storeCode: code });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ errorCode: 'STORE_FORBIDDEN', errorMsg: '您无权访问该门店' });
    }
  });

  it('accepts 7 or 30 days only, 7 by default', async () => {
    for (const days of [0, 14, 31, -7, '7', 7.5, null]) {
      const response = await summary(aliceToken, { storeCode: 'DA01', days });
      expect(response.statusCode, String(days)).toBe(400);
      expect(response.json().errorMsg).toBe('统计天数只能是7天或30天');
    }
    const byDefault = (await summary(aliceToken, { storeCode: 'DA01' })).json<{ data: DashboardSummary }>();
    expect(byDefault.data.series.days).toBe(7);
    const month = (await summary(aliceToken, { storeCode: 'DA01', days: 30 })).json<{
      data: DashboardSummary;
    }>();
    expect(month.data.series.days).toBe(30);
    expect(month.data.series.points).toHaveLength(30 * 3);
  });

  it('answers every day of the range oldest first, missing days as 0', async () => {
    const response = await summary(aliceToken, { storeCode: 'DA01', days: 7 });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: DashboardSummary }>().data;
    const days = lastDays(t.clock(), 30);
    const week = days.slice(-7);
    expect([...new Set(data.series.points.map((p) => p.day))]).toEqual(week);
    expect(week.at(-1)).toBe(shanghaiDay(t.clock()));
    for (const [offset, day] of week.entries()) {
      const i = 23 + offset;
      expect(valueOf(data, day, 'orders')).toBe(i % 3 === 0 ? 0 : i * 100 + 1);
      expect(valueOf(data, day, 'salesCents')).toBe(0);
      expect(valueOf(data, day, 'newMembers')).toBe(0);
    }
  });

  it('moves with the app clock: tomorrow starts at 0', async () => {
    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      // A day later the first session has expired: sign in again.
      const token = await signIn(t.app, alice);
      const data = (await summary(token, { storeCode: 'DA01' })).json<{ data: DashboardSummary }>().data;
      const today = shanghaiDay(t.clock());
      expect(data.series.points.filter((p) => p.day === today).map((p) => p.value)).toEqual([0, 0, 0]);
    } finally {
      t.clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it('flags every card without a source as null; the message center feeds unread messages', async () => {
    const data = (await summary(aliceToken, { storeCode: 'DA01' })).json<{ data: DashboardSummary }>().data;
    expect(data.counts).toEqual([
      { key: 'ordersToGrab', value: 0, source: 'orders' },
      { key: 'ordersToShip', value: 0, source: 'orders' },
      { key: 'unreadMessages', value: 0, source: 'messages' },
      { key: 'pendingAudits', value: null, source: null },
    ]);
  });

  it('never mixes stores under parallel requests of two users', async () => {
    const calls = Array.from({ length: 40 }, (_, n) =>
      n % 2 === 0
        ? { token: aliceToken, code: 'DA01', ending: 1 }
        : { token: bobToken, code: 'DB01', ending: 2 },
    );
    const answers = await Promise.all(
      calls.map(async (call) => ({
        call,
        response: await summary(call.token, { storeCode: call.code, days: 30 }),
      })),
    );
    for (const { call, response } of answers) {
      expect(response.statusCode).toBe(200);
      const orders = response
        .json<{ data: DashboardSummary }>()
        .data.series.points.filter((p) => p.metric === 'orders' && p.value > 0);
      expect(orders.length).toBe(20);
      for (const point of orders) expect(point.value % 100).toBe(call.ending);
    }
  });
});

describe('recordDailyMetric', () => {
  it('adds up, and a rolled-back business transaction adds nothing', async () => {
    const day = '2026-01-01';
    const storeId = storeIds.DC01!;
    await recordDailyMetric(t.db, { storeId, metric: 'salesCents', day, delta: 1250 });
    await recordDailyMetric(t.db, { storeId, metric: 'salesCents', day, delta: 750 });
    await t.db
      .transaction(async (tx) => {
        await recordDailyMetric(tx as unknown as Database, {
          storeId,
          metric: 'salesCents',
          day,
          delta: 999,
        });
        throw new Error('business rule failed');
      })
      .catch(() => undefined);
    const rows = await t.db
      .select()
      .from(storeDailyMetrics)
      .where(and(eq(storeDailyMetrics.storeId, storeId), eq(storeDailyMetrics.day, day)));
    expect(rows).toEqual([{ storeId, day, metric: 'salesCents', value: 2000 }]);
  });
});

describe('dashboard sources', () => {
  it('answers registered counters with their module, and a failing one as null', async () => {
    const sources = createDashboardSources();
    const seen: unknown[] = [];
    sources.register('ordersToGrab', 'orders', async (ctx) => {
      seen.push(ctx);
      return ctx.storeId * 10;
    });
    sources.register('pendingAudits', 'audits', () => Promise.reject(new Error('down')));
    expect(() => sources.register('ordersToGrab', 'other', async () => 1)).toThrow(/already fed by orders/);

    const service = createDashboardService({ db: t.db, clock: t.clock, sources });
    const ctx = { storeId: storeIds.DA01!, userId: aliceId, workCode: 'W1' };
    const result = await service.summary(ctx, 7);
    expect(seen).toEqual([ctx]);
    expect(result.counts).toEqual([
      { key: 'ordersToGrab', value: storeIds.DA01! * 10, source: 'orders' },
      { key: 'ordersToShip', value: null, source: null },
      { key: 'unreadMessages', value: null, source: null },
      { key: 'pendingAudits', value: null, source: 'audits' },
    ]);
  });
});
