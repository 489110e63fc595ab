import { toMillis } from './date';
import type { DateInput } from './date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RELATIVE_TIME_TEXT = {
  justNow: '刚刚',
  minutesAgo: (n: number): string => `${n}分钟前`,
  hoursAgo: (n: number): string => `${n}小时前`,
  daysAgo: (n: number): string => `${n}天前`,
} as const;

/**
 * How long ago `ts` was, as the message center shows it: under a minute (or in the future,
 * e.g. a server clock slightly ahead) 刚刚, then whole minutes, hours and days, rounded down.
 * `ts` follows {@link toMillis} (10-digit numbers are seconds). Empty or invalid input gives ''.
 */
export function relativeTime(ts: DateInput, now: DateInput = Date.now()): string {
  const then = toMillis(ts);
  const current = toMillis(now);
  if (then === null || current === null) return '';
  const elapsed = current - then;
  if (elapsed < MINUTE) return RELATIVE_TIME_TEXT.justNow;
  if (elapsed < HOUR) return RELATIVE_TIME_TEXT.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return RELATIVE_TIME_TEXT.hoursAgo(Math.floor(elapsed / HOUR));
  return RELATIVE_TIME_TEXT.daysAgo(Math.floor(elapsed / DAY));
}
