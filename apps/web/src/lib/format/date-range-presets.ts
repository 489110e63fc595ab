import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/** Preset labels; the position in this list is the preset index the spec and the API use. */
export const DATE_RANGE_PRESET_LABELS = [
  '今天',
  '昨天',
  '本周',
  '上周',
  '本月',
  '上月',
  '今年',
  '去年',
  '最近7天',
  '最近30天',
  '最近90天',
] as const;

export type DateRangePresetIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
export type DateRangePresetLabel = (typeof DATE_RANGE_PRESET_LABELS)[number];
/** [first day 00:00:00.000, last day 23:59:59.999], both in local time. */
export type DateRange = [Dayjs, Dayjs];

/** Matches antd RangePicker `presets` items; a function value is evaluated on each click. */
export interface DateRangePreset<Value extends DateRange | (() => DateRange)> {
  label: DateRangePresetLabel;
  value: Value;
}

export function isDateRangePresetIndex(index: number): index is DateRangePresetIndex {
  return Number.isInteger(index) && index >= 0 && index < DATE_RANGE_PRESET_LABELS.length;
}

/** Monday of the week containing `day`; independent of the dayjs locale's first weekday. */
function startOfIsoWeek(day: Dayjs): Dayjs {
  return day.startOf('day').subtract((day.day() + 6) % 7, 'day');
}

function days(first: Dayjs, last: Dayjs): DateRange {
  return [first.startOf('day'), last.endOf('day')];
}

function lastDays(today: Dayjs, count: number): DateRange {
  return days(today.subtract(count - 1, 'day'), today);
}

const RANGES: Record<DateRangePresetIndex, (today: Dayjs) => DateRange> = {
  0: (today) => days(today, today),
  1: (today) => days(today.subtract(1, 'day'), today.subtract(1, 'day')),
  2: (today) => days(startOfIsoWeek(today), startOfIsoWeek(today).add(6, 'day')),
  3: (today) => days(startOfIsoWeek(today).subtract(7, 'day'), startOfIsoWeek(today).subtract(1, 'day')),
  4: (today) => days(today.startOf('month'), today.endOf('month')),
  // Step back from the 1st so that e.g. 31 March never lands on a clamped 28/29 February.
  5: (today) => days(today.startOf('month').subtract(1, 'month'), today.startOf('month').subtract(1, 'day')),
  6: (today) => days(today.startOf('year'), today.endOf('year')),
  7: (today) => days(today.startOf('year').subtract(1, 'year'), today.startOf('year').subtract(1, 'day')),
  8: (today) => lastDays(today, 7),
  9: (today) => lastDays(today, 30),
  10: (today) => lastDays(today, 90),
};

/**
 * The date range of preset `index` relative to `now`. Calendar periods (this week, month, year)
 * run to their last day even when it is still in the future; "last N days" means today and the
 * N−1 days before. Throws RangeError for an unknown index or an invalid `now`.
 */
export function presetRange(index: number, now: Date | Dayjs | number = new Date()): DateRange {
  if (!isDateRangePresetIndex(index)) throw new RangeError(`Unknown date range preset index: ${index}`);
  const today = dayjs(now);
  if (!today.isValid()) throw new RangeError('presetRange: `now` is not a valid date');
  return RANGES[index](today);
}

/** All presets with ranges fixed at `now`; for a picker that stays open across midnight prefer DATE_RANGE_PRESETS. */
export function getDateRangePresets(now: Date | Dayjs | number = new Date()): DateRangePreset<DateRange>[] {
  return DATE_RANGE_PRESET_LABELS.map((label, index) => ({ label, value: presetRange(index, now) }));
}

/** Ready for `<RangePicker presets={DATE_RANGE_PRESETS} />`: each range is computed when it is picked. */
export const DATE_RANGE_PRESETS: DateRangePreset<() => DateRange>[] = DATE_RANGE_PRESET_LABELS.map(
  (label, index) => ({ label, value: () => presetRange(index) }),
);
