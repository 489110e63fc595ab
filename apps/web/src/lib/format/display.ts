import { formatDate } from './date';
import { formatCents } from './money';

/** Money from cents as shown on screens: ¥ and the spec 9 helper (cents/100, 2 decimals, thousands separators). */
export function formatYuan(cents: number | null | undefined): string {
  const text = formatCents(cents);
  return text === '--' ? text : `¥${text}`;
}

type SummaryItem = { name: string; quantity: number };

/** How many items a summary names before it says "等N件". */
const SUMMARY_NAMES = 2;

/** '鲜牛奶×2、酸奶×1' or, for more lines, '鲜牛奶×2、酸奶×1 等5件' (the count is of pieces, not lines). */
export function itemsSummary(items: readonly SummaryItem[]): string {
  if (items.length === 0) return '-';
  const named = items
    .slice(0, SUMMARY_NAMES)
    .map((item) => `${item.name}×${item.quantity}`)
    .join('、');
  if (items.length <= SUMMARY_NAMES) return named;
  const pieces = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${named} 等${pieces}件`;
}

/** 850 → '850米', 1234 → '1.2公里'; a missing distance is '-'. */
export function distanceText(meters: number | null | undefined): string {
  if (meters == null || !Number.isFinite(meters) || meters < 0) return '-';
  if (Math.round(meters) < 1000) return `${Math.round(meters)}米`;
  return `${(Math.round(meters / 100) / 10).toFixed(1)}公里`;
}

/**
 * A time of an order as yyyy-MM-dd HH:mm:ss in local time. The order APIs answer ISO instants or Shanghai
 * wall-clock text; both read the same here. Missing or unreadable is '-'.
 */
export function formatTime(value: string | null | undefined): string {
  return formatDate(value) || '-';
}
