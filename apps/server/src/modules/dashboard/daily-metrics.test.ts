import { describe, expect, it } from 'vitest';
import { fillSeries, lastDays, shanghaiDay } from './daily-metrics.js';

describe('shanghaiDay', () => {
  it('uses the China calendar day, not UTC', () => {
    expect(shanghaiDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(shanghaiDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});

describe('lastDays', () => {
  it('ends with today, oldest first, across month ends', () => {
    expect(lastDays(new Date('2026-03-02T01:00:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(new Date('2026-03-01T20:00:00Z'), 2)).toEqual(['2026-03-01', '2026-03-02']);
    expect(lastDays(new Date(), 30)).toHaveLength(30);
  });
});

describe('fillSeries', () => {
  it('fills missing days and metrics with 0 and drops unknown metrics', () => {
    const points = fillSeries(
      ['2026-01-01', '2026-01-02'],
      [
        { day: '2026-01-02', metric: 'orders', value: 5 },
        { day: '2026-01-01', metric: 'salesCents', value: 990 },
        { day: '2026-01-01', metric: 'mystery', value: 7 },
        { day: '2025-12-31', metric: 'orders', value: 3 },
      ],
    );
    expect(points).toEqual([
      { day: '2026-01-01', metric: 'orders', value: 0 },
      { day: '2026-01-01', metric: 'salesCents', value: 990 },
      { day: '2026-01-01', metric: 'newMembers', value: 0 },
      { day: '2026-01-02', metric: 'orders', value: 5 },
      { day: '2026-01-02', metric: 'salesCents', value: 0 },
      { day: '2026-01-02', metric: 'newMembers', value: 0 },
    ]);
  });
});
