import dayjs from 'dayjs';
import {
  isDateRangePresetIndex,
  presetRange,
  type DateRangePresetIndex,
} from '../lib/format/date-range-presets';
import type { DateFilter } from './date-range-filter';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FORMAT = 'YYYY-MM-DD';

function isDay(text: string | null): text is string {
  return text !== null && DAY.test(text) && dayjs(text).format(DAY_FORMAT) === text;
}

/** A list's date filter from its URL (`preset`, or `from` + `to`); anything unreadable is no filter. */
export function dateFilterOfSearch(params: URLSearchParams): DateFilter {
  const preset = params.get('preset');
  if (preset !== null && preset !== '' && isDateRangePresetIndex(Number(preset))) {
    return { preset: Number(preset) as DateRangePresetIndex };
  }
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

/** The URL search entries of a date filter (none for no filter). */
export function searchOfDateFilter(filter: DateFilter): Record<string, string> {
  if (!filter) return {};
  if ('preset' in filter) return { preset: String(filter.preset) };
  return { from: filter.from, to: filter.to };
}

/** The inclusive days a filter stands for at `now` (a preset is resolved when the list is read). */
export function daysOfDateFilter(
  filter: DateFilter,
  now: Date = new Date(),
): { from: string; to: string } | null {
  if (!filter) return null;
  if (!('preset' in filter)) return { from: filter.from, to: filter.to };
  const [start, end] = presetRange(filter.preset, now);
  return { from: start.format(DAY_FORMAT), to: end.format(DAY_FORMAT) };
}

/** A page number from the URL: a whole number from 1 to `max`, else 1. */
export function pageNumOfSearch(params: URLSearchParams, max = 10_000): number {
  const page = Number(params.get('pageNum'));
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}
