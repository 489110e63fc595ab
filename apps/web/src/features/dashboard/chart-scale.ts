import type { DashboardMetric, DashboardPoint } from '@console/contract';

export type ChartPoint = { day: string; value: number };
export type Bar = ChartPoint & { x: number; y: number; width: number; height: number };

/** One metric's points in day order; a day the answer lacks for that metric counts as 0. */
export function seriesOf(points: readonly DashboardPoint[], metric: DashboardMetric): ChartPoint[] {
  const days = [...new Set(points.map((p) => p.day))].sort();
  const values = new Map(points.filter((p) => p.metric === metric).map((p) => [p.day, p.value]));
  return days.map((day) => ({ day, value: values.get(day) ?? 0 }));
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max`, so axis ticks are round numbers; 0 or less gives 1. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** `count` + 1 evenly spaced tick values from 0 to `top`. */
export function ticksOf(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

/** Bars inside a plot area of `width` × `height` whose baseline is at `height`; taller values, taller bars. */
export function layoutBars(series: readonly ChartPoint[], width: number, height: number, top: number): Bar[] {
  if (series.length === 0) return [];
  const slot = width / series.length;
  const barWidth = Math.max(2, Math.min(32, slot * 0.6));
  return series.map((point, i) => {
    const barHeight = top > 0 ? (Math.max(0, point.value) / top) * height : 0;
    return {
      ...point,
      x: i * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
}

/** Every n-th day gets a label so labels never overlap (about 44 px each). */
export function labelStep(count: number, width: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, Math.floor(width / 44))));
}

/** 2026-03-05 → 3/5 */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
}

export const hasData = (series: readonly ChartPoint[]) => series.some((point) => point.value !== 0);
