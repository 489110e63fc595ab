import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { instant, createdAt, updatedAt, identityId } from './columns.js';

/** Server errors (5xx) as 异常日志 shows them; the stack only ever reaches the administrator. */
export const serverErrors = pgTable(
  'server_errors',
  {
    id: identityId(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    status: smallint('status').notNull(),
    message: varchar('message', { length: 1000 }).notNull(),
    stack: varchar('stack', { length: 8000 }).notNull().default(''),
    userId: integer('user_id'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('server_errors_created_idx').on(t.createdAt)],
);

/**
 * What an administrator changed of a job the code registers (定时任务): a cron replacing the code's schedule,
 * and whether scheduled ticks run. A job without a row runs as the code says. Every instance reads it.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  cron: varchar('cron', { length: 64 }),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * One run of a job: `running` with a heartbeat while it goes, then `ok` or `failed`. A `running` row whose
 * heartbeat stopped (its instance died) is marked failed by the next tick of any instance.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: identityId(),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    /** schedule | manual */
    trigger: varchar('trigger', { length: 8 }).notNull(),
    instanceId: varchar('instance_id', { length: 64 }).notNull(),
    /** running | ok | failed */
    status: varchar('status', { length: 8 }).notNull(),
    startedAt: instant('started_at').notNull(),
    heartbeatAt: instant('heartbeat_at').notNull(),
    finishedAt: instant('finished_at'),
    durationMs: integer('duration_ms'),
    error: text('error'),
  },
  (t) => [
    index('job_runs_job_idx').on(t.jobName, t.startedAt),
    index('job_runs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * The instance registry (服务监控, 版本发布): each running server writes its row every few seconds through the
 * `monitor.instance-heartbeat` instance job; a row without a heartbeat for a day is deleted by the same job.
 */
export const serverInstances = pgTable('server_instances', {
  /** INSTANCE_ID of platform/jobs/job-state.ts: what job_runs rows name. */
  id: varchar('id', { length: 64 }).primaryKey(),
  host: varchar('host', { length: 255 }).notNull(),
  pid: integer('pid').notNull(),
  version: varchar('version', { length: 32 }).notNull(),
  commit: varchar('commit', { length: 40 }).notNull(),
  startedAt: instant('started_at').notNull(),
  heartbeatAt: instant('heartbeat_at').notNull(),
  /** The latest metrics and the last few minutes of samples (contract instanceMetricsSchema / instanceSampleSchema). */
  metrics: jsonb('metrics').$type<Record<string, unknown> | null>(),
  history: jsonb('history').$type<unknown[]>().notNull().default([]),
});

/** 版本发布: what was published, by whom. Recording one is all a request does; no command ever runs from it. */
export const releases = pgTable(
  'releases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: varchar('version', { length: 32 }).notNull(),
    commit: varchar('commit', { length: 40 }).notNull(),
    builtAt: instant('built_at').notNull(),
    notes: text('notes').notNull().default(''),
    publishedBy: integer('published_by').notNull(),
    publishedAt: instant('published_at').notNull().defaultNow(),
  },
  (t) => [index('releases_published_idx').on(t.publishedAt)],
);
