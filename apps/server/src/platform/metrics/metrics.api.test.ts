import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs } from '../../db/schema.js';
import { addStaff, addStore, poll, publishTo, waitUntil } from '../../modules/im/im-test-fixtures.js';
import { createUser } from '../../test/fixtures.js';
import { nginxInstalled, startNginx } from '../../test/nginx-process.js';
import { findFreePort } from '../../test/server-process.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { labelValues, sampleOf } from './exposition-text.js';
import { METRICS_PATH } from './metrics-endpoint.js';

const TOKEN = 'metrics-test-token-0123456789abcdefghijklmnop';
const metricsConfig = (token: string | null, port: number | null = null) => ({
  metrics: { token, port, host: '127.0.0.1' },
});

let t: TestApp;
const scrape = async (app = t.app) => {
  const response = await app.inject({
    method: 'GET',
    url: METRICS_PATH,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
};

beforeAll(async () => {
  t = await createTestApp({
    ...metricsConfig(TOKEN),
    longPoll: { holdMs: 5_000, maxHeld: 10, sweepMs: 60_000 },
  });
});
afterAll(() => t.close());

describe('GET /api/metrics', () => {
  it('answers 404 like an unknown path without a token, 401 with a wrong one, the metrics with the right one', async () => {
    const off = await createTestApp(metricsConfig(null));
    // Metrics on through the port only: its own registry next to t's (no collision), and no scrape route.
    const portOnly = await createTestApp(metricsConfig(null, 9), { build: { processMetrics: false } });
    try {
      expect(off.app.metrics.registry).toBeNull();
      expect(portOnly.app.metrics.registry).not.toBeNull();
      expect(portOnly.app.metrics.registry).not.toBe(t.app.metrics.registry);
      const unknown = await off.app.inject({ method: 'GET', url: '/api/no-such-path' });
      for (const app of [off.app, portOnly.app]) {
        const response = await app.inject({
          method: 'GET',
          url: METRICS_PATH,
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(unknown.json());
      }
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const response = await t.app.inject({
          method: 'GET',
          url: METRICS_PATH,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.json().errorMsg).toMatch(/[\u4e00-\u9fa5]/);
        expect(response.body).not.toContain('console_');
      }
      const text = await scrape();
      expect(text).toContain('# TYPE console_http_requests_total counter');
      expect(sampleOf(text, 'console_process_cpu_user_seconds_total')).not.toBeNull();
    } finally {
      await off.close();
      await portOnly.close();
    }
  });

  it('counts requests by route pattern, never by the URL with its ids', async () => {
    const before = await scrape();
    const labels = { route: '/api/users/avatar/:userId', method: 'GET' };
    const statuses = new Set<string>();
    for (const id of [987_654_321, 987_654_322, 987_654_323]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/users/avatar/${id}` });
      statuses.add(`${Math.floor(response.statusCode / 100)}xx`);
    }
    expect(statuses.size).toBe(1);
    const status = [...statuses][0]!;
    const after = await scrape();
    const count = (text: string) => sampleOf(text, 'console_http_requests_total', { ...labels, status }) ?? 0;
    expect(count(after) - count(before)).toBe(3);
    const durations = (text: string) =>
      sampleOf(text, 'console_http_request_duration_seconds_count', { ...labels, status }) ?? 0;
    expect(durations(after) - durations(before)).toBe(3);
    expect(after).not.toContain('987654321');
    // The scrapes themselves are counted under their own pattern.
    expect(
      sampleOf(after, 'console_http_requests_total', { route: METRICS_PATH, status: '2xx' }),
    ).toBeGreaterThan(0);
  });

  it('keeps the route labels bounded under random unknown URLs', async () => {
    const before = labelValues(await scrape(), 'console_http_requests_total', 'route');
    const unmatchedBefore =
      sampleOf(await scrape(), 'console_http_requests_total', {
        route: 'unmatched',
        method: 'POST',
        status: '4xx',
      }) ?? 0;
    const randomPaths = Array.from(
      { length: 40 },
      () => `/api/${randomBytes(6).toString('hex')}/${randomBytes(4).toString('hex')}`,
    );
    for (const url of randomPaths) {
      await t.app.inject({ method: 'POST', url, payload: {} });
      await t.app.inject({ method: 'GET', url });
      await t.app.inject({ method: 'PROPFIND' as 'GET', url });
    }
    const text = await scrape();
    const after = labelValues(text, 'console_http_requests_total', 'route');
    const added = [...after].filter((route) => !before.has(route));
    // At most the one label of unmatched requests and the web app's catch-all (when the web app is built).
    expect(added.every((route) => route === 'unmatched' || route === '/*')).toBe(true);
    expect(labelValues(text, 'console_http_requests_total', 'method')).not.toContain('PROPFIND');
    for (const path of randomPaths) expect(text).not.toContain(path.split('/')[2]!);
    expect(
      sampleOf(text, 'console_http_requests_total', { route: 'unmatched', method: 'POST', status: '4xx' }),
    ).toBe(unmatchedBefore + randomPaths.length);
  });

  it('shows a held poll while it is held, its answer and wake-up after, and the message published', async () => {
    const store = await addStore(t.db, '指标店');
    const staff = await addStaff(t, store);
    const gauge = async () => sampleOf(await scrape(), 'console_im_polls_held');
    const before = await scrape();
    const counter = (text: string, name: string, labels: Record<string, string>) =>
      sampleOf(text, name, labels) ?? 0;
    expect(await gauge()).toBe(0);

    const answered = poll(t, staff, store);
    // Held, and its first check done: a publish during that check is left to the wake-up (poll-hub.ts).
    const { hub } = t.app.messageCenter;
    await waitUntil(() => hub.size() === 1 && hub.heldFor('all').every((held) => !held.checking));
    expect(await gauge()).toBe(1);
    await publishTo(t, staff, store, { source: 'metrics-test' });
    const { json } = await answered;
    expect(json.data?.messageCount).toBe(1);
    expect(await gauge()).toBe(0);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      counter(after, name, labels) - counter(before, name, labels);
    expect(delta('console_im_polls_answered_total', { outcome: 'messages' })).toBe(1);
    // The publish answered the poll from the rows it committed; the wake-up after it found nobody left to re-check.
    expect(delta('console_im_wakeups_delivered_total', { via: 'publish' })).toBe(1);
    expect(delta('console_im_wakeups_delivered_total', { via: 'bus' })).toBe(0);
    expect(delta('console_im_wakeup_keys_total', { via: 'bus' })).toBeGreaterThanOrEqual(1);
    expect(delta('console_im_messages_published_total', { source: 'metrics-test' })).toBe(1);
    // The held poll's duration is counted under the listener's pattern once answered.
    expect(
      sampleOf(after, 'console_http_requests_total', { route: '/api/im/listener', status: '2xx' }),
    ).toBeGreaterThan(0);
  });

  it('counts job runs by job and outcome, with their duration', async () => {
    const labels = { job: 'exports.drain', outcome: 'ok' };
    const before = sampleOf(await scrape(), 'console_job_runs_total', labels) ?? 0;
    const run = await t.app.jobs.runNow('exports.drain');
    expect(run.ok).toBe(true);
    const text = await scrape();
    expect(sampleOf(text, 'console_job_runs_total', labels)).toBe(before + 1);
    expect(
      sampleOf(text, 'console_job_run_duration_seconds_count', { job: 'exports.drain' }),
    ).toBeGreaterThanOrEqual(before + 1);
  });

  it('reads the export queue and the database pool on each scrape', async () => {
    const user = await createUser(t.db);
    const before = sampleOf(await scrape(), 'console_export_jobs', { status: 'running' });
    expect(before).not.toBeNull();
    // A running job with a fresh heartbeat: no runner of this app touches it during the test.
    await t.db
      .insert(exportJobs)
      .values({ userId: user.id, kind: 'received-orders', status: 'running', finishedAt: new Date() });
    const text = await scrape();
    expect(sampleOf(text, 'console_export_jobs', { status: 'running' })).toBe(before! + 1);
    expect(sampleOf(text, 'console_db_info', { kind: t.deps.dbKind })).toBe(1);
    if (t.deps.dbKind === 'postgres') {
      expect(sampleOf(text, 'console_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'console_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'console_db_pool_waiting')).toBe(0);
      expect(sampleOf(text, 'console_db_pool_max')).toBeGreaterThan(1);
    } else {
      expect(sampleOf(text, 'console_db_pool_connections', { state: 'idle' })).toBeNull();
      expect(sampleOf(text, 'console_db_pool_max')).toBe(1);
    }
  });

  it.skipIf(!nginxInstalled() && !process.env.REQUIRE_EXTERNAL_SERVICES)(
    'is not reachable through the deployment nginx, even with the token',
    async () => {
      const port = await findFreePort();
      await t.app.listen({ port, host: '127.0.0.1' });
      const nginx = await startNginx({ upstreams: [`127.0.0.1:${port}`], holdMs: 5_000 });
      try {
        const headers = { authorization: `Bearer ${TOKEN}` };
        expect((await fetch(`${nginx.baseUrl}/api/health/live`)).status).toBe(200);
        for (const path of [METRICS_PATH, `${METRICS_PATH}/`, `${METRICS_PATH}?x=1`, '/api//metrics'])
          expect((await fetch(`${nginx.baseUrl}${path}`, { headers })).status, path).toBe(404);
        // The instance itself answers the scraper that reaches it directly.
        expect((await fetch(`http://127.0.0.1:${port}${METRICS_PATH}`, { headers })).status).toBe(200);
        expect(nginx.accessLog()).not.toMatch(/metrics[^\n]*upstream=127/);
      } finally {
        await nginx.stop();
      }
    },
  );
});
