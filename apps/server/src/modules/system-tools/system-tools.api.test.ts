import {
  DICT_PATHS,
  PROFILE_PATHS,
  SYSTEM_TOOL_PATHS as PATHS,
  type JobRow,
  type JobRunRow,
  type OnlineRow,
  type OperationLogDetail,
  type OperationLogRow,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, serverErrors } from '../../db/schema.js';
import { adminCalls, type Method } from '../../test/admin-calls.js';
import { bearer, createUser, passwordLogin, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { STALE_RUN_ERROR } from '../../platform/jobs/job-state.js';
import { REFUSED_CALL_ACTION } from './request-records.js';

let t: TestApp;
let admin: { user: TestUser; token: string };
let headOffice: string;
let clerk: string;

const { send, ok, refused } = adminCalls(
  () => t,
  () => admin.token,
  '10.20.30.40',
);

const ALL_PERMISSIONS = [
  'log:list',
  'errorLog:list',
  'loginLog:list',
  'online:list',
  'online:kick',
  'timing:list',
  'timing:edit',
  'timing:run',
];

/** Audit rows of refused calls are written after the answer; wait for them. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 50; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { roles: ['admin', 'dict:add', ...ALL_PERMISSIONS] });
  admin = { user, token: await signIn(t.app, user) };
  headOffice = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', ...ALL_PERMISSIONS] }));
});

afterAll(() => t.close());

describe('access', () => {
  const calls: [Method, string, Record<string, unknown>][] = [
    ['GET', PATHS.logQuery, {}],
    ['GET', PATHS.logDetail, { id: 1 }],
    ['GET', PATHS.errorLogs, {}],
    ['GET', PATHS.clientErrorLogs, {}],
    ['GET', PATHS.loginLogs, {}],
    ['GET', PATHS.online, {}],
    ['POST', PATHS.kick, { sessionId: 1 }],
    ['GET', PATHS.jobs, {}],
    ['POST', PATHS.jobEnabled, { name: 'exports.drain', enabled: false }],
    ['POST', PATHS.jobRun, { name: 'exports.drain' }],
    ['POST', PATHS.jobCron, { name: 'exports.drain', cron: '* * * * *' }],
    ['GET', PATHS.cronPreview, { cron: '* * * * *' }],
    ['GET', PATHS.jobRuns, { name: 'exports.drain' }],
  ];
  it('answers 401 without a session, 403 to store staff holding the buttons and to head office without them', async () => {
    for (const [method, url, input] of calls) {
      expect((await send(method, url, null, input)).statusCode, url).toBe(401);
      expect((await send(method, url, clerk, input)).statusCode, url).toBe(403);
      expect((await send(method, url, headOffice, input)).statusCode, url).toBe(403);
    }
  });
});

describe('操作日志', () => {
  it('finds a change just made by user, action, result and day, and opens it with before and after', async () => {
    const created = await ok<{ id: number }>('POST', DICT_PATHS.types, {
      code: 'log_probe',
      name: '日志探针',
    });
    const page = await ok<{ list: OperationLogRow[]; total: number }>('GET', PATHS.logQuery, {
      user: admin.user.username,
      action: 'dict.',
      result: 'ok',
      dateFrom: new Date().toISOString().slice(0, 10),
    });
    const row = page.list.find((r) => r.target === String(created.id) || r.path === DICT_PATHS.types);
    expect(row).toMatchObject({ method: 'POST', path: DICT_PATHS.types, result: 'ok', ip: '10.20.30.40' });
    const detail = await ok<OperationLogDetail>('GET', PATHS.logDetail, { id: row!.id });
    // `code` is a secret's name to the audit writer (sign-in and SMS codes), so a dictionary's code is masked too.
    expect(detail.after).toMatchObject({ code: '***', name: '日志探针' });
    expect(detail.params).toMatchObject({ body: { code: '***', name: '日志探针' } });
    expect(detail.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const none = await ok<{ total: number }>('GET', PATHS.logQuery, { user: 'nobody-like-this' });
    expect(none.total).toBe(0);
  });

  it('records a refused change as 失败 with its parameters, secrets masked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: PROFILE_PATHS.updatePassword,
      headers: bearer(admin.token),
      payload: { oldPassword: 'Wrong#Pass99', newPassword: 'Brand#New2024' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const page = await eventually(
      () =>
        ok<{ list: OperationLogRow[] }>('GET', PATHS.logQuery, {
          action: REFUSED_CALL_ACTION,
          result: 'fail',
        }),
      (p) => p.list.some((r) => r.path === PROFILE_PATHS.updatePassword),
    );
    const row = page.list.find((r) => r.path === PROFILE_PATHS.updatePassword)!;
    const detail = await ok<OperationLogDetail>('GET', PATHS.logDetail, { id: row.id });
    expect(detail.result).toBe('fail');
    expect(detail.params).toEqual({ query: {}, body: { oldPassword: '***', newPassword: '***' } });
    expect(JSON.stringify(detail)).not.toContain('Wrong#Pass99');
    expect(detail.detail).toMatchObject({ status: response.statusCode });
  });

  it('refuses a bad filter with a Chinese 400 naming it', async () => {
    await refused('GET', PATHS.logQuery, { result: 'maybe' }, 400, /结果/);
    await refused('GET', PATHS.logQuery, { dateFrom: '2026-02-30' }, 400, /日期/);
  });
});

describe('登录日志 and 异常日志', () => {
  it('lists sign-in failures with IP and reason, and successes', async () => {
    const user = await createUser(t.db, {});
    await passwordLogin(t.app, { username: user.username, password: 'Not#Right123' }, '10.1.1.9');
    const page = await ok<{ list: { account: string; result: string; reason: string; ip: string }[] }>(
      'GET',
      PATHS.loginLogs,
      { keyword: user.username },
    );
    expect(page.list[0]).toMatchObject({
      account: user.username,
      result: 'fail',
      reason: '密码错误',
      ip: '10.1.1.9',
    });
    const successes = await ok<{ list: { result: string }[] }>('GET', PATHS.loginLogs, {
      keyword: admin.user.username,
      result: 'ok',
    });
    expect(successes.list.length).toBeGreaterThan(0);
  });

  it('shows server errors with the request id; the stack to the administrator only', async () => {
    await t.db.insert(serverErrors).values({
      requestId: 'req-probe-1',
      method: 'GET',
      path: '/api/x',
      status: 500,
      message: 'boom',
      stack: 'Error: boom\n    at secret.ts:1',
    });
    const asAdmin = await ok<{ list: { requestId: string; stack: string | null }[] }>(
      'GET',
      PATHS.errorLogs,
      {
        keyword: 'req-probe',
      },
    );
    expect(asAdmin.list[0]).toMatchObject({
      requestId: 'req-probe-1',
      stack: expect.stringContaining('secret.ts'),
    });
    const reader = await createUser(t.db, { roles: ['head_office', 'errorLog:list'] });
    const asReader = await ok<{ list: { stack: string | null }[] }>(
      'GET',
      PATHS.errorLogs,
      { keyword: 'req-probe' },
      await signIn(t.app, reader),
    );
    expect(asReader.list[0]!.stack).toBeNull();
  });
});

describe('在线用户', () => {
  it('lists live sessions, ends another one at once, and refuses the caller’s own', async () => {
    const victim = await createUser(t.db, { roles: ['head_office'] });
    const token = await signIn(t.app, victim, '10.7.7.7');
    expect((await send('GET', '/api/users/profile', token)).statusCode).toBe(200);
    const page = await ok<{ list: OnlineRow[] }>('GET', PATHS.online, { keyword: victim.username });
    const row = page.list[0]!;
    expect(row).toMatchObject({ userAccount: victim.username, ip: '10.7.7.7', current: false });
    const own = (
      await ok<{ list: OnlineRow[] }>('GET', PATHS.online, { keyword: admin.user.username })
    ).list.find((r) => r.current)!;
    await refused('POST', PATHS.kick, { sessionId: own.sessionId }, 400, /自己/);

    await ok('POST', PATHS.kick, { sessionId: row.sessionId });
    expect((await send('GET', '/api/users/profile', token)).statusCode).toBe(401);
    const after = await ok<{ list: OnlineRow[] }>('GET', PATHS.online, { keyword: victim.username });
    expect(after.list).toEqual([]);
    await refused('POST', PATHS.kick, { sessionId: row.sessionId }, 404, /会话/);
  });
});

describe('定时任务', () => {
  const job = (rows: JobRow[], name: string) => rows.find((r) => r.name === name)!;

  it('lists the runner’s jobs with their schedules', async () => {
    const rows = await ok<JobRow[]>('GET', PATHS.jobs);
    expect(job(rows, 'orders.offer-expiry')).toMatchObject({
      schedule: '每 60 秒',
      scope: 'cluster',
      enabled: true,
    });
    expect(job(rows, 'system.log-retention')).toMatchObject({ cron: '0 40 3 * * *' });
  });

  it('pauses, runs once while paused, records the run, and resumes', async () => {
    const paused = await ok<JobRow>('POST', PATHS.jobEnabled, {
      name: 'orders.offer-expiry',
      enabled: false,
    });
    expect(paused).toMatchObject({ enabled: false, nextRunAt: null });
    const run = await ok<JobRunRow>('POST', PATHS.jobRun, { name: 'orders.offer-expiry' });
    expect(run).toMatchObject({ jobName: 'orders.offer-expiry', trigger: 'manual', status: 'ok' });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    const runs = await ok<{ list: JobRunRow[] }>('GET', PATHS.jobRuns, { name: 'orders.offer-expiry' });
    expect(runs.list[0]!.id).toBe(run.id);
    expect(job(await ok<JobRow[]>('GET', PATHS.jobs), 'orders.offer-expiry').lastRun?.id).toBe(run.id);
    const resumed = await ok<JobRow>('POST', PATHS.jobEnabled, {
      name: 'orders.offer-expiry',
      enabled: true,
    });
    expect(resumed.enabled).toBe(true);
    expect(resumed.nextRunAt).not.toBeNull();
  });

  it('edits the cron with a preview, refuses a bad one with a Chinese 400, and goes back to the default', async () => {
    const preview = await ok<{ next: string[] }>('GET', PATHS.cronPreview, { cron: '0 */5 * * * *' });
    expect(preview.next).toHaveLength(5);
    expect(Date.parse(preview.next[1]!) - Date.parse(preview.next[0]!)).toBe(5 * 60_000);
    await refused('GET', PATHS.cronPreview, { cron: 'every day' }, 400, /定时表达式/);
    await refused(
      'POST',
      PATHS.jobCron,
      { name: 'orders.ship-reminder', cron: '61 * * * *' },
      400,
      /定时表达式/,
    );
    await refused('POST', PATHS.jobCron, { name: 'no.such-job', cron: '* * * * *' }, 404, /任务/);
    const edited = await ok<JobRow>('POST', PATHS.jobCron, {
      name: 'orders.ship-reminder',
      cron: '0 */5 * * * *',
    });
    expect(edited).toMatchObject({ schedule: '0 */5 * * * *', defaultSchedule: '每 60 秒' });
    const back = await ok<JobRow>('POST', PATHS.jobCron, { name: 'orders.ship-reminder', cron: null });
    expect(back).toMatchObject({ schedule: '每 60 秒', cron: null });
  });

  it('marks failed a run whose instance stopped beating', async () => {
    const long = new Date(Date.now() - 10 * 60_000);
    const [row] = await t.db
      .insert(jobRuns)
      .values({
        jobName: 'orders.offer-expiry',
        trigger: 'schedule',
        instanceId: 'dead-instance',
        status: 'running',
        startedAt: long,
        heartbeatAt: long,
      })
      .returning({ id: jobRuns.id });
    await t.app.jobs.runNow('jobs.stale-runs');
    const [after] = await t.db.select().from(jobRuns).where(eq(jobRuns.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', error: STALE_RUN_ERROR });
  });
});
