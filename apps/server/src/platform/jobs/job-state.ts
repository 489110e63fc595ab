import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobRuns, scheduledJobs } from '../../db/schema.js';
import type { JobRun, JobSetting, JobStateStore } from './job-runner.js';

/** This process among the instances: what a run row names, so an operator can tell which one died. */
export const INSTANCE_ID = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`.slice(0, 64);

/** The message of a run whose instance stopped beating mid-run. */
export const STALE_RUN_ERROR = '运行中的实例已停止（无心跳），本次运行未完成';

/** Job state in the database (`scheduled_jobs`, `job_runs`), read and written by every instance alike. */
export function createJobStateStore(db: Database): JobStateStore {
  const settingOf = (row: { cron: string | null; enabled: boolean }): JobSetting => ({
    cron: row.cron,
    enabled: row.enabled,
  });
  return {
    async settings() {
      const rows = await db.select().from(scheduledJobs);
      return new Map(rows.map((row) => [row.name, settingOf(row)]));
    },
    async setting(name) {
      const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
      return row ? settingOf(row) : null;
    },
    async begin(name, trigger, startedAt) {
      const [row] = await db
        .insert(jobRuns)
        .values({
          jobName: name,
          trigger,
          instanceId: INSTANCE_ID,
          status: 'running',
          startedAt,
          heartbeatAt: startedAt,
        })
        .returning({ id: jobRuns.id });
      return row!.id;
    },
    async heartbeat(runIds, at) {
      await db
        .update(jobRuns)
        .set({ heartbeatAt: at })
        .where(and(inArray(jobRuns.id, runIds), eq(jobRuns.status, 'running')));
    },
    async finish(runId, run) {
      await db
        .update(jobRuns)
        .set(finishedColumns(run))
        .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'running')));
    },
    async record(name, trigger, run) {
      await db.insert(jobRuns).values({
        jobName: name,
        trigger,
        instanceId: INSTANCE_ID,
        startedAt: run.startedAt,
        heartbeatAt: run.finishedAt,
        ...finishedColumns(run),
      });
    },
    async reapStale(before, at) {
      const rows = await db
        .update(jobRuns)
        .set({ status: 'failed', finishedAt: at, error: STALE_RUN_ERROR })
        .where(and(eq(jobRuns.status, 'running'), lt(jobRuns.heartbeatAt, before)))
        .returning({ id: jobRuns.id });
      return rows.length;
    },
  };
}

function finishedColumns(run: JobRun) {
  return {
    status: run.ok ? 'ok' : 'failed',
    finishedAt: run.finishedAt,
    durationMs: Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()),
    error: run.error?.slice(0, 2000) ?? null,
  };
}
