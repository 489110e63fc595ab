import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import {
  DATE_RANGE_PRESET_LABELS,
  presetRange,
  type DateRangePresetIndex,
} from '../lib/format/date-range-presets';

/** A list's date filter: one of the 11 presets of spec 9, or days picked by hand (YYYY-MM-DD, inclusive). */
export type DateFilter = { preset: DateRangePresetIndex } | { from: string; to: string } | null;

const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The filter a picked range stands for: the first preset whose days it covers at `now`, so "今天" stays today
 * when the URL is opened tomorrow; otherwise the days themselves.
 */
export function dateFilterOfRange(range: readonly [Dayjs, Dayjs] | null, now: Date = new Date()): DateFilter {
  if (!range) return null;
  const from = range[0].format(DAY_FORMAT);
  const to = range[1].format(DAY_FORMAT);
  const preset = DATE_RANGE_PRESET_LABELS.findIndex((_, index) => {
    const [start, end] = presetRange(index, now);
    return start.format(DAY_FORMAT) === from && end.format(DAY_FORMAT) === to;
  });
  return preset >= 0 ? { preset: preset as DateRangePresetIndex } : { from, to };
}

/** The range a filter shows in the picker, at `now`. */
export function rangeOfDateFilter(filter: DateFilter, now: Date = new Date()): [Dayjs, Dayjs] | null {
  if (!filter) return null;
  if ('preset' in filter) return presetRange(filter.preset, now);
  return [dayjs(filter.from).startOf('day'), dayjs(filter.to).endOf('day')];
}
