import { DASHBOARD_METRICS, type DashboardMetric, type DashboardPoint } from '@console/contract';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storeDailyMetrics } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Asia/Shanghai has had no daylight saving since 1991, so a fixed offset is exact. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Asia/Shanghai calendar day of an instant, as YYYY-MM-DD. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The `count` calendar days ending with the Shanghai day of `now`, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.parse(`${shanghaiDay(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

type MetricRow = { day: string; metric: string; value: number };

/** One point per day and metric, oldest first; days without a row are 0, unknown metrics are left out. */
export function fillSeries(days: readonly string[], rows: readonly MetricRow[]): DashboardPoint[] {
  const known = new Map(rows.map((row) => [`${row.day}|${row.metric}`, row.value]));
  return days.flatMap((day) =>
    DASHBOARD_METRICS.map((metric) => ({ day, metric, value: known.get(`${day}|${metric}`) ?? 0 })),
  );
}

export type DailyMetricDelta = { storeId: number; metric: DashboardMetric; day: string; delta: number };

/**
 * Adds `delta` to a store's figure of one day. Business modules call it inside their own transaction (pass
 * the transaction as `tx`), so the chart moves exactly when the business change commits.
 */
export async function recordDailyMetric(tx: Database, { storeId, metric, day, delta }: DailyMetricDelta) {
  if (!Number.isInteger(delta)) throw new Error(`daily metric delta must be an integer: ${delta}`);
  await tx
    .insert(storeDailyMetrics)
    .values({ storeId, metric, day, value: delta })
    .onConflictDoUpdate({
      target: [storeDailyMetrics.storeId, storeDailyMetrics.metric, storeDailyMetrics.day],
      set: { value: sql`${storeDailyMetrics.value} + ${delta}` },
    });
}

/** The stored figures of one store between two days (inclusive). */
export async function readDailyMetrics(
  db: Database,
  storeId: number,
  from: string,
  to: string,
): Promise<MetricRow[]> {
  return db
    .select({ day: storeDailyMetrics.day, metric: storeDailyMetrics.metric, value: storeDailyMetrics.value })
    .from(storeDailyMetrics)
    .where(and(eq(storeDailyMetrics.storeId, storeId), between(storeDailyMetrics.day, from, to)));
}
