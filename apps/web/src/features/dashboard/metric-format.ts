import type { DashboardMetric } from '@console/contract';
import { formatCents } from '../../lib/format/money';
import { DASHBOARD_LABELS } from './labels';

/** A figure as the cards, tooltips and table show it: sales as yuan, counts as integers. */
export function formatMetric(metric: DashboardMetric, value: number): string {
  return metric === 'salesCents' ? DASHBOARD_LABELS.yuan(formatCents(value)) : value.toLocaleString('zh-CN');
}

/** Axis ticks: short, sales in whole yuan and 万 above ten thousand. */
export function formatTick(metric: DashboardMetric, value: number): string {
  const amount = metric === 'salesCents' ? value / 100 : value;
  if (amount >= 10_000) return DASHBOARD_LABELS.tenThousand(String(Math.round(amount / 1000) / 10));
  return String(Math.round(amount * 10) / 10);
}
