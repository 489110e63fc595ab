import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/** A point in time as the API or the UI hands it over. */
export type DateInput = number | string | Date | Dayjs | null | undefined;

/** The spec's default yyyy-MM-dd HH:mm:ss, in dayjs tokens. */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_ONLY_FORMAT = 'YYYY-MM-DD';

/** Largest distance from the epoch a JavaScript Date can hold, in ms. */
const MAX_DATE_MS = 8.64e15;
const NUMERIC_TEXT = /^[+-]?\d+(?:\.\d+)?$/;
/** Local wall-clock text such as '2024-01-05', '2024/1/5 08:30' or '2024-01-05T08:30:15.250'. */
const LOCAL_DATE_TEXT =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
/** ISO 8601 text that names its own offset, so it is an absolute instant. */
const ZONED_ISO_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A numeric timestamp in milliseconds. Exactly 10 integer digits means seconds (the API's Unix
 * time, 2001-09-09 to 2286-11-20); any other size is already milliseconds.
 */
function timestampToMillis(ts: number): number | null {
  if (!Number.isFinite(ts)) return null;
  const magnitude = Math.abs(ts);
  const ms = magnitude >= 1e9 && magnitude < 1e10 ? Math.round(ts * 1000) : Math.round(ts);
  return Math.abs(ms) <= MAX_DATE_MS ? ms + 0 : null;
}

/** Parses local date text strictly: '2024-02-30' is rejected rather than rolled over to March. */
function parseLocalDateText(text: string): number | null {
  const match = LOCAL_DATE_TEXT.exec(text);
  if (!match) return null;
  const part = (index: number): number => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2) - 1, part(3), part(4), part(5), part(6)];
  const millis = Number((match[7] ?? '').padEnd(3, '0'));
  const date = new Date(year, month, day, hour, minute, second, millis);
  // Date rolls invalid fields over (Feb 30 → Mar 1, 24:00 → next day); reading them back catches that.
  const sameFields =
    date.getFullYear() === year &&
    date.getMonth() === month &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute &&
    date.getSeconds() === second;
  return sameFields ? date.getTime() : null;
}

function textToMillis(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (NUMERIC_TEXT.test(trimmed)) return timestampToMillis(Number(trimmed));
  if (ZONED_ISO_TEXT.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? null : ms;
  }
  return parseLocalDateText(trimmed);
}

/**
 * Milliseconds since the epoch, or null when the input is empty or not a valid time.
 * Numbers and numeric strings are timestamps: 10 integer digits are seconds, anything else
 * milliseconds (so 0 is the epoch, not "missing"). Other strings must be local date text
 * ('YYYY-MM-DD[ HH:mm[:ss[.SSS]]]', '-' or '/') or ISO 8601 with Z or an offset.
 */
export function toMillis(value: DateInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return timestampToMillis(value);
  if (typeof value === 'string') return textToMillis(value);
  const ms = value.valueOf();
  return Number.isNaN(ms) ? null : ms;
}

/** The input as a dayjs object in local time, or null when it is empty or invalid. */
export function toDayjs(value: DateInput): Dayjs | null {
  const ms = toMillis(value);
  return ms === null ? null : dayjs(ms);
}

/**
 * Formats a time in local time with a dayjs pattern (default 'YYYY-MM-DD HH:mm:ss').
 * Empty or invalid input gives ''.
 */
export function formatDate(value: DateInput, pattern: string = DEFAULT_DATE_FORMAT): string {
  const day = toDayjs(value);
  return day === null ? '' : day.format(pattern);
}
