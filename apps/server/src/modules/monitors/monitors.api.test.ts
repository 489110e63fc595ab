import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HEALTH_PATHS,
  MONITOR_PATHS as PATHS,
  type DatabaseMonitor,
  type RedisMonitor,
  type ReleaseRow,
  type Releases,
  type ServerMonitor,
  type SqlMonitor,
} from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releases, serverInstances } from '../../db/schema.js';
import { INSTANCE_ID } from '../../platform/jobs/job-state.js';
import { adminCalls, type Method } from '../../test/admin-calls.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { createUser, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let dist: string;
let admin: { user: TestUser; token: string };
let headOffice: string;
let clerk: string;

const { send, ok, refused } = adminCalls(
  () => t,
  () => admin.token,
  '10.20.30.41',
);

const ALL = [
  'monitor:server',
  'sql:list',
  'sql:reset',
  'redis:list',
  'database:list',
  'release:list',
  'release:publish',
];
const RELEASE = {
  version: '2.4.0',
  commit: 'ABCDEF1234567',
  builtAt: '2026-11-28T08:00:00+08:00',
  notes: '服务监控上线',
};

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'console-release-'));
  writeFileSync(path.join(dist, 'index.html'), '<html><head><!--APP_CONFIG--></head><body></body></html>');
  t = await createTestApp({ webDist: dist, build: { version: '2.3.9', commit: 'feedc0de' } });
  const user = await createUser(t.db, { roles: ['admin', ...ALL] });
  admin = { user, token: await signIn(t.app, user) };
  headOffice = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', ...ALL] }));
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('access', () => {
  const calls: [Method, string, Record<string, unknown>][] = [
    ['GET', PATHS.servers, {}],
    ['GET', PATHS.sql, {}],
    ['POST', PATHS.sqlReset, {}],
    ['GET', PATHS.redis, {}],
    ['GET', PATHS.database, {}],
    ['GET', PATHS.releases, {}],
    ['POST', PATHS.publishRelease, RELEASE],
  ];
  it('answers 401 without a session, 403 to store staff holding the buttons and to head office without them', async () => {
    for (const [method, url, input] of calls) {
      expect((await send(method, url, null, input)).statusCode, url).toBe(401);
      expect((await send(method, url, clerk, input)).statusCode, url).toBe(403);
      expect((await send(method, url, headOffice, input)).statusCode, url).toBe(403);
    }
  });
});

describe('服务监控', () => {
  it('lists this instance with its build and metrics, recorded before the first request', async () => {
    const [recorded] = await t.db.select().from(serverInstances).where(eq(serverInstances.id, INSTANCE_ID));
    expect(recorded).toMatchObject({ version: '2.3.9', commit: 'feedc0de' });
    const monitor = await ok<ServerMonitor>('GET', PATHS.servers);
    const self = monitor.instances.find((i) => i.current);
    expect(self).toMatchObject({ id: INSTANCE_ID, pid: process.pid, version: '2.3.9', commit: 'feedc0de' });
    expect(self!.stale).toBe(false);
    expect(self!.metrics!.cpuCount).toBeGreaterThan(0);
    expect(self!.metrics!.heapUsedBytes).toBeGreaterThan(0);
    expect(self!.metrics!.loadAverage).toHaveLength(3);
    expect(self!.history.length).toBeGreaterThanOrEqual(1);
  });

  it('marks an instance without a recent heartbeat stale, and the heartbeat job forgets a day-old one', async () => {
    const now = t.clock();
    await t.db.insert(serverInstances).values([
      {
        id: 'gone-a-minute',
        host: 'node-b',
        pid: 2,
        version: '2.3.8',
        commit: '',
        startedAt: new Date(now.getTime() - 3_600_000),
        heartbeatAt: new Date(now.getTime() - 60_000),
      },
      {
        id: 'gone-two-days',
        host: 'node-c',
        pid: 3,
        version: '2.3.7',
        commit: '',
        startedAt: new Date(now.getTime() - 3 * 86_400_000),
        heartbeatAt: new Date(now.getTime() - 2 * 86_400_000),
      },
    ]);
    const monitor = await ok<ServerMonitor>('GET', PATHS.servers);
    expect(monitor.instances.find((i) => i.id === 'gone-a-minute')).toMatchObject({
      stale: true,
      current: false,
    });
    expect(monitor.instances.some((i) => i.id === 'gone-two-days')).toBe(false);
    await t.app.jobs.runNow('monitor.instance-heartbeat');
    expect(await t.db.select().from(serverInstances).where(eq(serverInstances.id, 'gone-two-days'))).toEqual(
      [],
    );
  });
});

describe('SQL监控', () => {
  it('answers the application timing on the embedded database, and a reset is audited and empties it', async () => {
    await ok('GET', PATHS.database);
    const before = await ok<SqlMonitor>('GET', PATHS.sql);
    expect(before.source).toBe(t.deps.dbKind === 'pglite' ? 'application' : before.source);
    expect(before.statements).toBeGreaterThan(0);
    expect(before.mostFrequent[0]!.calls).toBeGreaterThanOrEqual(before.mostFrequent.at(-1)!.calls);
    expect(before.slowest[0]!.meanMs).toBeGreaterThanOrEqual(before.slowest.at(-1)!.meanMs);
    // Values are bound, never part of the statement's text.
    expect(before.mostFrequent.some((s) => /select/i.test(s.query))).toBe(true);

    const after = await ok<SqlMonitor>('POST', PATHS.sqlReset);
    if (after.source === 'application') expect(after.calls).toBeLessThan(before.calls);
    const audited = await expectAuditedChange(t.db, 'monitor.sql.reset', admin.user.id);
    // The audit row holds the figures the reset cleared: those read just before, or a little more when a write
    // that follows an answer (the session's 最后访问, batched after the response) landed in between.
    expect((audited.before as { statements: number }).statements).toBeGreaterThanOrEqual(before.statements);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('SQL监控 on PostgreSQL', () => {
  it('falls back to the application timing when pg_stat_statements is installed but not loaded', async () => {
    // Creating the extension needs no preload; reading it then fails unless shared_preload_libraries names it.
    await t.db.execute(sql`create extension if not exists pg_stat_statements`);
    const loaded = await t.db
      .execute(sql`select 1 from pg_stat_statements limit 1`)
      .then(() => true)
      .catch(() => false);
    const monitor = await ok<SqlMonitor>('GET', PATHS.sql);
    expect(monitor.source).toBe(loaded ? 'pg_stat_statements' : 'application');
    expect(monitor.mostFrequent.length).toBeGreaterThan(0);
  });
});

describe('Redis监控', () => {
  it('says "not configured" without REDIS_URL', async () => {
    expect(await ok<RedisMonitor>('GET', PATHS.redis)).toEqual({ configured: false });
  });
});

describe('数据库监控', () => {
  it('lists tables with row estimates and sizes, indexes and connections', async () => {
    const monitor = await ok<DatabaseMonitor>('GET', PATHS.database);
    expect(monitor.kind).toBe(t.deps.dbKind);
    expect(monitor.version).toMatch(/^\d+/);
    expect(monitor.sizeBytes).toBeGreaterThan(0);
    expect(monitor.connections.total).toBeGreaterThanOrEqual(1);
    const users = monitor.tables.find((table) => table.name === 'users');
    expect(users?.totalBytes).toBeGreaterThan(0);
    expect(monitor.indexes.some((index) => index.table === 'users')).toBe(true);
  });
});

describe('版本发布', () => {
  it('health carries the build; publishing records a release, audited, and index.html names it', async () => {
    const health = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.health });
    expect(health.json().data).toMatchObject({ status: 'ok', version: '2.3.9', commit: 'feedc0de' });
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('console-release');

    const published = await ok<ReleaseRow>('POST', PATHS.publishRelease, RELEASE);
    expect(published).toMatchObject({ version: '2.4.0', commit: 'abcdef1234567', notes: '服务监控上线' });
    expect(published.publishedBy).not.toBe('');
    expect(Date.parse(published.builtAt)).toBe(Date.parse(RELEASE.builtAt));
    await expectAuditedChange(t.db, 'release.publish', admin.user.id);
    const [row] = await t.db.select().from(releases).where(eq(releases.id, published.id));
    expect(row?.publishedBy).toBe(admin.user.id);

    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.body).toContain(`<meta name="console-release" content="${published.id}">`);

    const list = await ok<Releases>('GET', PATHS.releases);
    expect(list.list[0]).toMatchObject({ id: published.id, version: '2.4.0' });
    expect(list.instances.find((i) => i.current)).toMatchObject({ version: '2.3.9', commit: 'feedc0de' });
  });

  it('refuses bad input with a Chinese 400 and runs nothing', async () => {
    await refused('POST', PATHS.publishRelease, { ...RELEASE, version: '' }, 400, /版本号/);
    await refused('POST', PATHS.publishRelease, { ...RELEASE, version: '1.0; rm -rf /' }, 400, /版本号/);
    await refused('POST', PATHS.publishRelease, { ...RELEASE, commit: '$(reboot)' }, 400, /提交号/);
    await refused('POST', PATHS.publishRelease, { ...RELEASE, builtAt: 'yesterday' }, 400, /构建时间/);
    await refused('POST', PATHS.publishRelease, { ...RELEASE, notes: '长'.repeat(2001) }, 400, /发布说明/);
  });
});
