import type { Database } from '../client.js';
import { storeDailyMetrics } from '../schema.js';
import { lastDays } from '../../modules/dashboard/daily-metrics.js';
import { randomFor } from './prng.js';

export const DEMO_METRIC_DAYS = 30;

type MetricRow = typeof storeDailyMetrics.$inferInsert;

/**
 * Plausible daily figures for the dashboard chart: each store gets its own size, weekends are busier, an
 * order averages ¥35–¥120. Deterministic per store code and day.
 */
export function planDailyMetrics(storeCode: string, storeId: number, days: readonly string[]): MetricRow[] {
  const size = randomFor(`metrics:${storeCode}`).int(20, 120);
  return days.flatMap((day) => {
    const random = randomFor(`metrics:${storeCode}:${day}`);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
    const orders = Math.round(size * weekend * (0.7 + random.next() * 0.6));
    const salesCents = orders * random.int(3_500, 12_000);
    const newMembers = random.int(0, Math.ceil(orders / 8));
    return [
      { storeId, day, metric: 'orders', value: orders },
      { storeId, day, metric: 'salesCents', value: salesCents },
      { storeId, day, metric: 'newMembers', value: newMembers },
    ];
  });
}

/** The last 30 days (Asia/Shanghai) of every demo store, in a few batched inserts. */
export async function seedDailyMetrics(
  tx: Database,
  storeRows: readonly { id: number; shopCode: string }[],
  now: Date,
): Promise<void> {
  const days = lastDays(now, DEMO_METRIC_DAYS);
  const rows = storeRows.flatMap((store) => planDailyMetrics(store.shopCode, store.id, days));
  const BATCH = 2_000;
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(storeDailyMetrics).values(rows.slice(i, i + BATCH));
  }
}
