import { hostname } from 'node:os';
import type { publishReleaseSchema } from '@console/contract';
import {
  INSTANCE_STALE_AFTER_SECONDS,
  instanceMetricsSchema,
  instanceSampleSchema,
  type DatabaseMonitor,
  type RedisMonitor,
  type ReleaseRow,
  type Releases,
  type ServerInstance,
  type ServerMonitor,
  type SqlMonitor,
  type SqlStatement,
} from '@console/contract';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database, DatabaseKind } from '../../db/client.js';
import type { QueryTimings, StatementTiming } from '../../db/query-timing.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { INSTANCE_ID } from '../../platform/jobs/job-state.js';
import type { RedisGuard } from '../../platform/redis-guard.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import { createMetricsSampler } from './instance-metrics.js';
import { createMonitorsRepository, type InstanceRecord } from './monitors.repository.js';
import { redisMonitorOf } from './redis-info.js';

/** How often each instance records itself (the `monitor.instance-heartbeat` instance job). */
export const HEARTBEAT_MS = 5_000;
const STALE_MS = INSTANCE_STALE_AFTER_SECONDS * 1000;
/** Stale instances stay listed (marked) this long; then their row is deleted. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
const TOP = 20;
/** Redis监控 is an administrator's page, not a hot path: it may wait longer than a rate-limit counter. */
const REDIS_INFO_DEADLINE_MS = 1_000;

const round = (value: number) => Math.round(value * 100) / 100;

const statementOf = (s: StatementTiming): SqlStatement => ({
  query: s.query,
  calls: s.calls,
  totalMs: round(s.totalMs),
  meanMs: round(s.totalMs / s.calls),
  maxMs: round(s.maxMs),
  rows: s.rows,
});

/** The application's own timings as SQL监控 shows them: the slowest by mean and the most called. */
export function applicationSqlMonitor(timings: QueryTimings): SqlMonitor {
  const all = timings.list();
  const top = (by: (s: StatementTiming) => number) =>
    [...all]
      .sort((a, b) => by(b) - by(a))
      .slice(0, TOP)
      .map(statementOf);
  return {
    source: 'application',
    since: timings.since().toISOString(),
    statements: all.length,
    calls: all.reduce((sum, s) => sum + s.calls, 0),
    slowest: top((s) => s.totalMs / s.calls),
    mostFrequent: top((s) => s.calls),
  };
}

const metricsOf = (value: unknown) => {
  const parsed = instanceMetricsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const historyOf = (value: unknown) => {
  const parsed = z.array(instanceSampleSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
};

export type MonitorsService = ReturnType<typeof createMonitorsService>;

/** 系统监控 (server, SQL, Redis, database) and 版本发布 (docs/domain/system-tools.md). */
export function createMonitorsService(deps: {
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  /** Redis behind its guard (platform/redis-guard.ts): INFO gets a deadline, an open circuit answers 503 at once. */
  redis: RedisGuard<Redis> | null;
  timings: QueryTimings;
  build: { version: string; commit: string };
}) {
  const { db, dbKind, clock, redis, timings, build } = deps;
  const repo = createMonitorsRepository(db);
  const audit = createAuditLog(db, clock);
  const change = auditedChanges(db, audit);
  const sampler = createMetricsSampler();
  const startedAt = clock();
  let releaseId: number | null = null;

  const instanceOf = (row: InstanceRecord, now: Date): ServerInstance => ({
    id: row.id,
    host: row.host,
    pid: row.pid,
    version: row.version,
    commit: row.commit,
    startedAt: row.startedAt.toISOString(),
    heartbeatAt: row.heartbeatAt.toISOString(),
    stale: now.getTime() - row.heartbeatAt.getTime() > STALE_MS,
    current: row.id === INSTANCE_ID,
    metrics: metricsOf(row.metrics),
    history: historyOf(row.history),
  });

  async function instances(): Promise<ServerInstance[]> {
    const now = clock();
    let rows = await repo.instances(new Date(now.getTime() - FORGET_AFTER_MS));
    // Its row is written at ready and every tick; should it be missing (deleted by hand), the answer still has it.
    if (!rows.some((row) => row.id === INSTANCE_ID)) {
      await heartbeat();
      rows = await repo.instances(new Date(now.getTime() - FORGET_AFTER_MS));
    }
    return rows.map((row) => instanceOf(row, now));
  }

  /** One tick of `monitor.instance-heartbeat`: record this instance, forget long-dead ones, learn the release. */
  async function heartbeat(): Promise<void> {
    const now = clock();
    const metrics = sampler.sample(now);
    await repo.saveInstance({
      id: INSTANCE_ID,
      host: hostname().slice(0, 255),
      pid: process.pid,
      version: build.version,
      commit: build.commit,
      startedAt,
      heartbeatAt: now,
      metrics,
      history: sampler.history(),
    });
    await repo.pruneInstances(new Date(now.getTime() - FORGET_AFTER_MS));
    releaseId = await repo.latestReleaseId();
  }

  const releaseRowOf = (row: Awaited<ReturnType<typeof repo.releases>>[number]): ReleaseRow => ({
    ...row,
    builtAt: row.builtAt.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
  });

  async function sqlMonitor(): Promise<SqlMonitor> {
    if (dbKind === 'postgres' && (await repo.hasStatStatements())) {
      try {
        const [slowest, mostFrequent, summary] = await Promise.all([
          repo.statStatements('mean'),
          repo.statStatements('calls'),
          repo.statStatementsSummary(),
        ]);
        return { source: 'pg_stat_statements', ...summary, slowest, mostFrequent };
      } catch {
        // Installed but not in shared_preload_libraries: reading it fails; the application's timing still answers.
      }
    }
    return applicationSqlMonitor(timings);
  }

  return {
    heartbeat,
    /** The latest published release as this instance last read it (index.html's release meta). */
    currentRelease: () => releaseId,
    stop: () => sampler.stop(),

    async servers(): Promise<ServerMonitor> {
      return { instances: await instances(), refreshSeconds: HEARTBEAT_MS / 1000 };
    },

    sql: sqlMonitor,

    async resetSql(actor: AdminActor): Promise<SqlMonitor> {
      const before = await sqlMonitor();
      if (before.source === 'pg_stat_statements') await repo.resetStatStatements();
      else timings.reset();
      await audit.change({
        action: 'monitor.sql.reset',
        actor: actor.caller,
        client: actor.client,
        target: before.source,
        before: { statements: before.statements, calls: before.calls, since: before.since },
        after: null,
      });
      return sqlMonitor();
    },

    async redis(): Promise<RedisMonitor> {
      if (!redis) return { configured: false };
      try {
        return redisMonitorOf(
          await redis.run((client) => client.info(), { deadlineMs: REDIS_INFO_DEADLINE_MS }),
        );
      } catch {
        throw new AppError(503, 'REDIS_UNAVAILABLE', 'Redis 暂时无法连接，请稍后重试');
      }
    },

    async database(): Promise<DatabaseMonitor> {
      const [summary, tables, indexes] = await Promise.all([
        repo.databaseSummary(),
        repo.tables(),
        repo.indexes(),
      ]);
      return { kind: dbKind, ...summary, tables, indexes };
    },

    async releases(): Promise<Releases> {
      const [list, live] = await Promise.all([repo.releases(), instances()]);
      return {
        list: list.map(releaseRowOf),
        instances: live.map(({ id, host, version, commit, heartbeatAt, stale, current }) => ({
          id,
          host,
          version,
          commit,
          heartbeatAt,
          stale,
          current,
        })),
      };
    },

    async publish(actor: AdminActor, input: z.output<typeof publishReleaseSchema>) {
      const saved = await change(actor, 'release.publish', input.version, async (tx) => {
        const row = await repo.insertRelease(tx, {
          version: input.version,
          commit: input.commit.toLowerCase(),
          builtAt: new Date(input.builtAt),
          notes: input.notes,
          publishedBy: actor.caller.user.id,
          publishedAt: clock(),
        });
        const after = { id: row.id, version: row.version, commit: row.commit, notes: row.notes };
        return { result: row, before: null, after };
      });
      // This instance serves the new mark at once; the others within one heartbeat.
      releaseId = saved.id;
      const [row] = (await repo.releases()).filter((r) => r.id === saved.id);
      if (!row) throw new Error('published release not found');
      return releaseRowOf(row);
    },
  };
}
