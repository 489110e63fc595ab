import { AUTH_PATHS, MONITOR_PATHS, SYSTEM_TOOL_PATHS, type ServerMonitor } from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { seedBaseData } from '../../db/seed/index.js';
import { jobRuns, scheduledJobs, sessions } from '../../db/schema.js';
import { multiInstanceServices } from '../../test/external-services.js';
import { bearer, createUser } from '../../test/fixtures.js';
import {
  createScratchDatabase,
  delay,
  issueSessionToken,
  postJson,
  startPrivateRedis,
  startServerProcess,
  type PrivateRedis,
  type ScratchDatabase,
  type ServerProcess,
} from '../../test/server-process.js';
import { STALE_RUN_ERROR } from './job-state.js';

/**
 * Issue 12's two-instance test: two real server processes on one PostgreSQL and one Redis. A cluster job runs
 * once per tick across both; a forced sign-out (在线用户) holds on both within a second; 服务监控 lists both; an
 * instance killed with SIGKILL in the middle of a run leaves that run marked failed. Runs in the `server-pg` project when
 * TEST_REDIS_URL is set too; REQUIRE_EXTERNAL_SERVICES turns a missing URL into a failure instead of a skip.
 */
// TEST_REDIS_URL says Redis is available here; the file runs its own redis-server (see `redis` below).
const { enabled, adminUrl } = multiInstanceServices();

/** A cluster job whose run is cheap and can be held up on purpose (it deletes from audit_log). */
const JOB = 'system.log-retention';
/** Every second (croner, seconds first): many ticks in a few seconds. */
const EVERY_SECOND = '* * * * * *';
const HEARTBEAT_MS = 300;
const STALE_AFTER_MS = 2_000;

let scratch: ScratchDatabase;
let database: DatabaseHandle;
/** This file's own redis-server, so nothing of other test files' Redis traffic reaches these instances. */
let redis: PrivateRedis;
let a: ServerProcess;
let b: ServerProcess;

const scheduledRuns = () =>
  database.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobName, JOB), eq(jobRuns.trigger, 'schedule')))
    .orderBy(asc(jobRuns.startedAt), asc(jobRuns.id));

/** The process whose INSTANCE_ID (`host-pid-uuid`) a run row names. */
const serverOf = (instanceId: string) => [a, b].find((s) => instanceId.includes(`-${s.pid}-`));

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await delay(50);
  }
}

describe.skipIf(!enabled)('scheduled jobs and sign-outs on two instances (PostgreSQL + Redis)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'two');
    database = await openDatabase({ databaseUrl: scratch.url }, 3);
    await migrateDatabase(database);
    await seedBaseData(database.db);
    // What an administrator saves in 定时任务; both instances read it when they start.
    await database.db.insert(scheduledJobs).values({ name: JOB, cron: EVERY_SECOND, enabled: true });
    redis = await startPrivateRedis();
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      SERVICE_TOKEN: 'two-instances-service-token-0123456789abcdef',
      JOB_HEARTBEAT_MS: String(HEARTBEAT_MS),
      JOB_STALE_AFTER_MS: String(STALE_AFTER_MS),
    };
    const started = await Promise.allSettled([
      startServerProcess({ name: 'two-A', env }),
      startServerProcess({ name: 'two-B', env }),
    ]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await database?.close();
    await scratch?.drop();
  });

  it('runs a cluster job once per tick across both instances', async () => {
    const from = new Date();
    await delay(5_000);
    const to = new Date();
    // The runs of the window, once each has ended (on a loaded machine the last may still be going).
    const runs = await until(
      'the runs of the window end',
      async () => {
        const window = (await scheduledRuns()).filter((run) => run.startedAt >= from && run.startedAt < to);
        return window.every((run) => run.status !== 'running') ? window : undefined;
      },
      15_000,
    );
    // One run a second; two instances running the same tick would start within a few ms of each other.
    expect(runs.length, JSON.stringify(runs)).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < runs.length; i += 1)
      expect(runs[i]!.startedAt.getTime() - runs[i - 1]!.startedAt.getTime()).toBeGreaterThan(500);
    expect(runs.filter((run) => run.status !== 'ok')).toEqual([]);
    expect(runs.every((run) => serverOf(run.instanceId) !== undefined)).toBe(true);
  });

  it('ends a session from 在线用户 on both instances within a second', async () => {
    const admin = await createUser(database.db, { roles: ['admin', 'online:list', 'online:kick'] });
    const adminToken = await issueSessionToken(database.db, admin.id);
    const victim = await createUser(database.db, { roles: ['head_office'] });
    const victimToken = await issueSessionToken(database.db, victim.id);
    const [session] = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, victim.id));
    const info = (server: ServerProcess) =>
      fetch(`${server.baseUrl}${AUTH_PATHS.info}`, { headers: bearer(victimToken) }).then((r) => r.status);
    // Both instances now hold the sign-in in their cache (AUTH_CACHE_TTL_MS 5 s).
    expect([await info(a), await info(b)]).toEqual([200, 200]);

    const kicked = await postJson(
      `${a.baseUrl}${SYSTEM_TOOL_PATHS.kick}`,
      { sessionId: session!.id },
      bearer(adminToken),
    );
    expect(kicked.status, JSON.stringify(kicked.body)).toBe(200);
    const startedAt = Date.now();
    for (const server of [a, b]) {
      while ((await info(server)) !== 401) {
        expect(Date.now() - startedAt, `${server.name} still lets the session in`).toBeLessThan(1_000);
        await delay(20);
      }
    }
  });

  it('lists both instances on 服务监控, each marking itself as the one answering', async () => {
    const admin = await createUser(database.db, { roles: ['admin', 'monitor:server'] });
    const token = await issueSessionToken(database.db, admin.id);
    for (const server of [a, b]) {
      const response = await fetch(`${server.baseUrl}${MONITOR_PATHS.servers}`, { headers: bearer(token) });
      expect(response.status).toBe(200);
      const { instances } = ((await response.json()) as { data: ServerMonitor }).data;
      const listed = instances.filter((i) => serverOf(i.id) !== undefined);
      expect(listed.map((i) => i.pid).sort()).toEqual([a.pid, b.pid].sort());
      expect(listed.every((i) => !i.stale && i.metrics !== null)).toBe(true);
      expect(listed.find((i) => i.current)?.pid).toBe(server.pid);
    }
  });

  it('marks failed the run of an instance killed in the middle of it; the other instance takes the job over', async () => {
    // Hold the job up: its first delete waits for this lock, so the run stays `running` on its instance.
    const blocker = new pg.Client({ connectionString: scratch.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table audit_log in access exclusive mode');
      const running = await until(
        'a running run',
        async () => (await scheduledRuns()).find((run) => run.status === 'running'),
        5_000,
      );
      const holder = serverOf(running.instanceId)!;
      const other = holder === a ? b : a;
      expect(holder).toBeDefined();

      // While its instance lives the run beats: past the stale limit it is still running, never reaped.
      await delay(STALE_AFTER_MS + 500);
      const [alive] = await database.db.select().from(jobRuns).where(eq(jobRuns.id, running.id));
      expect(alive!.status).toBe('running');
      expect(alive!.heartbeatAt.getTime()).toBeGreaterThan(running.heartbeatAt.getTime());

      await holder.kill('SIGKILL');
      await blocker.query('commit');

      const reaped = await until(
        'the killed run marked failed',
        async () => {
          const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.id, running.id));
          return row!.status === 'running' ? undefined : row!;
        },
        3 * STALE_AFTER_MS + 2_000,
      );
      expect(reaped).toMatchObject({ status: 'failed', error: STALE_RUN_ERROR });

      // The survivor holds the job's lock now and runs it on its ticks.
      const afterKill = new Date();
      const taken = await until(
        'a run of the other instance',
        async () =>
          (await scheduledRuns()).find(
            (run) => run.startedAt > afterKill && run.status === 'ok' && serverOf(run.instanceId) === other,
          ),
        5_000,
      );
      expect(taken).toBeDefined();
      expect(other.alive()).toBe(true);
    } finally {
      await blocker.end();
    }
  });
});
