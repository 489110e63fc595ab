import { describe, expect, it } from 'vitest';
import { lastDays } from '../../modules/dashboard/daily-metrics.js';
import { planDailyMetrics } from './daily-metrics.js';

describe('planDailyMetrics', () => {
  const days = lastDays(new Date('2026-11-21T04:00:00Z'), 30);

  it('is deterministic and differs between stores', () => {
    expect(planDailyMetrics('SD11010501', 1, days)).toEqual(planDailyMetrics('SD11010501', 1, days));
    const a = planDailyMetrics('SD11010501', 1, days).map((r) => r.value);
    const b = planDailyMetrics('SD11010502', 2, days).map((r) => r.value);
    expect(a).not.toEqual(b);
  });

  it('gives every day orders, sales in cents and new members in plausible ranges', () => {
    const rows = planDailyMetrics('SD31011501', 7, days);
    expect(rows).toHaveLength(30 * 3);
    for (const day of days) {
      const of = (metric: string) => rows.find((r) => r.day === day && r.metric === metric)!.value!;
      expect(of('orders')).toBeGreaterThan(0);
      expect(of('salesCents') / of('orders')).toBeGreaterThanOrEqual(3_500);
      expect(of('salesCents') / of('orders')).toBeLessThanOrEqual(12_000);
      expect(of('newMembers')).toBeLessThanOrEqual(of('orders'));
    }
  });
});
