import {
  DASHBOARD_COUNT_KEYS,
  type DashboardCount,
  type DashboardRange,
  type DashboardSummary,
} from '@console/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import type { DashboardContext, DashboardSources } from './dashboard-sources.js';
import { fillSeries, lastDays, readDailyMetrics } from './daily-metrics.js';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService(deps: {
  db: Database;
  clock: Clock;
  sources: DashboardSources;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, clock, sources, log } = deps;

  /** A failing source shows "—" for its card only; the rest of the dashboard still answers. */
  const countOf = async (key: DashboardCount['key'], ctx: DashboardContext): Promise<DashboardCount> => {
    const source = sources.get(key);
    if (!source) return { key, value: null, source: null };
    try {
      return { key, value: await source.count(ctx), source: source.module };
    } catch (error) {
      log?.error({ err: error, key, module: source.module }, 'dashboard source failed');
      return { key, value: null, source: source.module };
    }
  };

  return {
    async summary(ctx: DashboardContext, days: DashboardRange): Promise<DashboardSummary> {
      const range = lastDays(clock(), days);
      const [counts, rows] = await Promise.all([
        Promise.all(DASHBOARD_COUNT_KEYS.map((key) => countOf(key, ctx))),
        readDailyMetrics(db, ctx.storeId, range[0]!, range[range.length - 1]!),
      ]);
      return { counts, series: { days, points: fillSeries(range, rows) } };
    },
  };
}
