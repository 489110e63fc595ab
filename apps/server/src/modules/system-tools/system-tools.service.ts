import { and, eq } from 'drizzle-orm';
import { Cron } from 'croner';
import {
  LOGIN_FAILURE_TEXT,
  LOGIN_METHOD_TEXT,
  type ErrorLogQuery,
  type JobRow,
  type JobRunRow,
  type LoginLogQuery,
  type LoginLogRow,
  type OnlineQuery,
  type OperationLogQuery,
  type OperationLogRow,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { dictItems, dictTypes } from '../../db/schema.js';
import { mapPage } from '../../db/paged-query.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { JobRunner, JobSchedule, JobStatus } from '../../platform/jobs/job-runner.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import type { SessionService } from '../auth/session.service.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import { createSystemToolsRepository, type LogRow, type RetentionKind } from './system-tools.repository.js';

export const RETENTION_DICT = 'log_retention';
/** Days each kind is kept when the dictionary item is missing (docs/domain/system-tools.md). */
export const RETENTION_DEFAULT_DAYS: Record<RetentionKind, number> = {
  operation: 180,
  login: 90,
  error: 30,
  job_run: 30,
};
const DAY_MS = 24 * 60 * 60 * 1000;

type Request = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The next `count` runs of a cron, or a Chinese 400 naming the field. */
export function cronNextRuns(pattern: string, from: Date, count = 5): Date[] {
  try {
    const cron = new Cron(pattern, { paused: true });
    const runs = cron.nextRuns(count, from);
    cron.stop();
    if (runs.length === 0) throw new Error('never runs');
    return runs;
  } catch {
    throw badRequest(
      '定时表达式不正确：请填写5段（分 时 日 月 周）或6段（秒 分 时 日 月 周）表达式',
      'CRON_INVALID',
    );
  }
}

/** A sign-in audit row as 登录日志 shows it (the page and its export). */
export function loginLogRowOf(row: LogRow): LoginLogRow {
  const detail = row.detail;
  const ok = row.action === 'auth.login.success';
  return {
    id: row.id,
    account: row.target,
    userName: row.userName,
    result: ok ? 'ok' : 'fail',
    method: LOGIN_METHOD_TEXT[text(detail.method)] ?? text(detail.method),
    reason: ok ? '' : (LOGIN_FAILURE_TEXT[text(detail.reason)] ?? text(detail.reason)),
    ip: row.ip,
    userAgent: text((row.request as Request).userAgent),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An audit row as 操作日志's list shows it; its detail adds the request and the change. */
export function operationLogRowOf(row: LogRow): OperationLogRow {
  const request = row.request as Request;
  return {
    id: row.id,
    action: row.action,
    userName: row.userName,
    userAccount: row.userAccount,
    storeCode: row.storeCode,
    target: row.target,
    ip: row.ip,
    result: row.result === 'fail' ? 'fail' : 'ok',
    method: text(request.method),
    path: text(request.path),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An error row as 异常日志 shows it to `caller`: the stack only for the administrator. */
const errorRowFor =
  (caller: AuthContext) =>
  <Row extends { stack: string; createdAt: Date }>(row: Row) => ({
    ...row,
    stack: caller.roles.includes(SUPER_ROLE) ? row.stack : null,
    createdAt: row.createdAt.toISOString(),
  });

export function scheduleText(schedule: JobSchedule): string {
  return 'cron' in schedule ? schedule.cron : `每 ${Math.round(schedule.everyMs / 1000)} 秒`;
}

export function createSystemToolsService(deps: {
  db: Database;
  clock: Clock;
  jobs: JobRunner;
  sessions: SessionService;
}) {
  const { db, clock, jobs, sessions } = deps;
  const repo = createSystemToolsRepository(db);
  const audit = createAuditLog(db, clock);
  const change = auditedChanges(db, audit);

  const runRowOf = (row: {
    id: number;
    jobName: string;
    trigger: string;
    instanceId: string;
    status: string;
    startedAt: Date;
    finishedAt: Date | null;
    durationMs: number | null;
    error: string | null;
  }): JobRunRow => ({
    ...row,
    trigger: row.trigger === 'manual' ? 'manual' : 'schedule',
    status: row.status as JobRunRow['status'],
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  });

  const jobRowOf = (status: JobStatus, lastRun: JobRunRow | null): JobRow => ({
    name: status.name,
    description: status.description,
    schedule: scheduleText(status.schedule),
    cron: 'cron' in status.schedule ? status.schedule.cron : null,
    defaultSchedule: scheduleText(status.defaultSchedule),
    scope: status.scope,
    enabled: status.enabled,
    running: status.running || lastRun?.status === 'running',
    lastRun,
    nextRunAt: status.nextRun?.toISOString() ?? null,
  });

  const knownJob = (name: string): JobStatus => {
    const status = jobs.list().find((job) => job.name === name);
    if (!status) throw notFound('定时任务不存在', 'JOB_NOT_FOUND');
    return status;
  };

  async function jobRow(name: string): Promise<JobRow> {
    const last = (await repo.lastRuns()).find((run) => run.jobName === name);
    return jobRowOf(knownJob(name), last ? runRowOf(last) : null);
  }

  async function retentionDays(): Promise<Record<RetentionKind, number | null>> {
    const rows = await db
      .select({ value: dictItems.value, label: dictItems.label, enabled: dictItems.enabled })
      .from(dictItems)
      .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
      .where(and(eq(dictTypes.code, RETENTION_DICT), eq(dictTypes.enabled, true)));
    const days = { ...RETENTION_DEFAULT_DAYS } as Record<RetentionKind, number | null>;
    for (const row of rows) {
      if (!(row.value in days)) continue;
      const match = /(\d+)\s*天/.exec(row.label);
      days[row.value as RetentionKind] = !row.enabled
        ? null
        : match
          ? Math.max(1, Number(match[1]))
          : days[row.value as RetentionKind];
    }
    return days;
  }

  return {
    async operationLogs(query: OperationLogQuery & { pageNum: number; pageSize: number }) {
      return mapPage(await repo.operationLogs(query), operationLogRowOf);
    },

    async operationLog(id: number) {
      const row = await repo.operationLog(id);
      if (!row) throw notFound('日志不存在', 'LOG_NOT_FOUND');
      const request = row.request as Request;
      const { before = null, after = null, ...detail } = row.detail;
      return {
        ...operationLogRowOf(row),
        requestId: text(request.id),
        userAgent: text(request.userAgent),
        before,
        after,
        detail,
        params: request.params ?? null,
      };
    },

    async loginLogs(query: LoginLogQuery & { pageNum: number; pageSize: number }) {
      return mapPage(await repo.loginLogs(query), loginLogRowOf);
    },

    /** The stack is the administrator's only: it names files and internals (docs/domain/system-tools.md). */
    async serverErrors(caller: AuthContext, query: ErrorLogQuery & { pageNum: number; pageSize: number }) {
      return mapPage(await repo.serverErrors(query), errorRowFor(caller));
    },

    async clientErrors(caller: AuthContext, query: ErrorLogQuery & { pageNum: number; pageSize: number }) {
      return mapPage(await repo.clientErrors(query), errorRowFor(caller));
    },

    async online(caller: AuthContext, query: OnlineQuery & { pageNum: number; pageSize: number }) {
      return mapPage(await repo.onlineSessions(query, clock()), (row) => ({
        ...row,
        signedInAt: row.signedInAt.toISOString(),
        lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        current: row.sessionId === caller.sessionId,
      }));
    },

    /** Ends a session through the sign-out path: revoked in the database, dropped from every instance's cache. */
    async kick(actor: AdminActor, sessionId: number): Promise<null> {
      if (sessionId === actor.caller.sessionId)
        throw badRequest('不能强制下线自己当前的会话，请使用退出登录', 'OWN_SESSION');
      const session = await repo.liveSession(sessionId, clock());
      if (!session) throw notFound('会话不存在或已结束', 'SESSION_NOT_FOUND');
      await sessions.revoke(sessionId);
      await audit.change({
        action: 'online.kick',
        actor: actor.caller,
        client: actor.client,
        target: session.userName,
        before: { sessionId, userId: session.userId },
        after: null,
      });
      return null;
    },

    async jobs(): Promise<JobRow[]> {
      const last = new Map((await repo.lastRuns()).map((run) => [run.jobName, runRowOf(run)]));
      return jobs.list().map((status) => {
        const memory = status.lastRun;
        const recorded = last.get(status.name) ?? null;
        // An instance job records failures only: its in-memory last run is the newer one when it went well.
        const lastRun =
          memory && (!recorded || memory.startedAt.getTime() > Date.parse(recorded.startedAt))
            ? {
                id: 0,
                jobName: status.name,
                trigger: 'schedule' as const,
                instanceId: '',
                status: memory.ok ? ('ok' as const) : ('failed' as const),
                startedAt: memory.startedAt.toISOString(),
                finishedAt: memory.finishedAt.toISOString(),
                durationMs: memory.finishedAt.getTime() - memory.startedAt.getTime(),
                error: memory.error,
              }
            : recorded;
        return jobRowOf(status, lastRun);
      });
    },

    async setJobEnabled(actor: AdminActor, name: string, enabled: boolean): Promise<JobRow> {
      knownJob(name);
      const saved = await change(actor, enabled ? 'job.resume' : 'job.pause', name, async (tx) => {
        const { before, after } = await repo.saveJobSetting(
          tx,
          name,
          { enabled },
          actor.caller.user.id,
          clock(),
        );
        return { result: after, before, after };
      });
      jobs.apply(name, saved);
      return jobRow(name);
    },

    async setJobCron(actor: AdminActor, name: string, cron: string | null): Promise<JobRow> {
      knownJob(name);
      if (cron !== null) cronNextRuns(cron, clock());
      const saved = await change(actor, 'job.cron', name, async (tx) => {
        const { before, after } = await repo.saveJobSetting(
          tx,
          name,
          { cron },
          actor.caller.user.id,
          clock(),
        );
        return { result: after, before, after };
      });
      jobs.apply(name, saved);
      return jobRow(name);
    },

    cronPreview(cron: string) {
      return { next: cronNextRuns(cron, clock()).map((at) => at.toISOString()) };
    },

    async runJob(actor: AdminActor, name: string): Promise<JobRunRow> {
      knownJob(name);
      if (await repo.runningElsewhere(name, new Date(clock().getTime() - jobs.staleAfterMs)))
        throw conflict('任务正在运行，请稍后再试', 'JOB_RUNNING');
      await audit.change({
        action: 'job.run',
        actor: actor.caller,
        client: actor.client,
        target: name,
        before: null,
        after: null,
      });
      await jobs.runNow(name);
      const page = await repo.jobRuns(name, { pageNum: 1, pageSize: 1 });
      const run = page.list[0];
      if (!run) throw notFound('运行记录不存在');
      return runRowOf(run);
    },

    async jobRuns(name: string, paging: { pageNum: number; pageSize: number }) {
      knownJob(name);
      return mapPage(await repo.jobRuns(name, paging), runRowOf);
    },

    /** The retention job: each kind older than its dictionary days goes. */
    async pruneLogs(): Promise<Record<RetentionKind, number>> {
      const days = await retentionDays();
      const now = clock().getTime();
      const pruned = { operation: 0, login: 0, error: 0, job_run: 0 };
      for (const kind of Object.keys(pruned) as RetentionKind[]) {
        const keep = days[kind];
        if (keep !== null) pruned[kind] = await repo.prune(kind, new Date(now - keep * DAY_MS));
      }
      return pruned;
    },
  };
}
