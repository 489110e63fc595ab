import type { DashboardPoint } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { hasData, labelStep, layoutBars, niceMax, seriesOf, shortDay, ticksOf } from './chart-scale';

describe('seriesOf', () => {
  it("keeps one metric in day order and fills that metric's missing days with 0", () => {
    const points: DashboardPoint[] = [
      { day: '2026-01-02', metric: 'orders', value: 4 },
      { day: '2026-01-01', metric: 'salesCents', value: 900 },
      { day: '2026-01-03', metric: 'orders', value: 7 },
    ];
    expect(seriesOf(points, 'orders')).toEqual([
      { day: '2026-01-01', value: 0 },
      { day: '2026-01-02', value: 4 },
      { day: '2026-01-03', value: 7 },
    ]);
    expect(seriesOf(points, 'newMembers').map((p) => p.value)).toEqual([0, 0, 0]);
    expect(seriesOf([], 'orders')).toEqual([]);
  });
});

describe('niceMax and ticksOf', () => {
  it('rounds the top of the axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(-3)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(420)).toBe(500);
    expect(niceMax(123_456)).toBe(200_000);
    expect(ticksOf(200)).toEqual([0, 50, 100, 150, 200]);
  });
});

describe('layoutBars', () => {
  it('scales values to the plot height on a shared baseline', () => {
    const bars = layoutBars(
      [
        { day: 'a', value: 0 },
        { day: 'b', value: 50 },
        { day: 'c', value: 100 },
      ],
      300,
      200,
      100,
    );
    expect(bars.map((b) => b.height)).toEqual([0, 100, 200]);
    expect(bars.map((b) => b.y)).toEqual([200, 100, 0]);
    expect(bars.map((b) => b.x + b.width / 2)).toEqual([50, 150, 250]);
    expect(layoutBars([], 300, 200, 1)).toEqual([]);
  });
});

describe('labels', () => {
  it('thins day labels on narrow charts and shortens them', () => {
    expect(labelStep(7, 700)).toBe(1);
    expect(labelStep(30, 700)).toBe(2);
    expect(labelStep(30, 300)).toBe(5);
    expect(shortDay('2026-03-05')).toBe('3/5');
    expect(hasData([{ day: 'a', value: 0 }])).toBe(false);
    expect(hasData([{ day: 'a', value: 2 }])).toBe(true);
  });
});
