import type { DatePicker, GetProps } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  DATE_RANGE_PRESETS,
  DATE_RANGE_PRESET_LABELS,
  getDateRangePresets,
  isDateRangePresetIndex,
  presetRange,
} from './date-range-presets';
import type { DateRange } from './date-range-presets';

/** `now` and expectations are local wall-clock times, so the tests hold in any TZ. */
const at = (y: number, mo: number, d: number, h = 12, mi = 34, s = 56, ms = 789): Date =>
  new Date(y, mo - 1, d, h, mi, s, ms);

const FORMAT = 'YYYY-MM-DD HH:mm:ss.SSS';
const show = ([start, end]: DateRange): [string, string] => [start.format(FORMAT), end.format(FORMAT)];
const range = (first: string, last: string): [string, string] => [
  `${first} 00:00:00.000`,
  `${last} 23:59:59.999`,
];

describe('DATE_RANGE_PRESET_LABELS', () => {
  it('lists the 11 presets in index order', () => {
    expect(DATE_RANGE_PRESET_LABELS).toEqual([
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
    ]);
  });
});

describe('presetRange on an ordinary Wednesday (2024-05-15)', () => {
  const now = at(2024, 5, 15);

  it.each([
    [0, '2024-05-15', '2024-05-15'],
    [1, '2024-05-14', '2024-05-14'],
    [2, '2024-05-13', '2024-05-19'],
    [3, '2024-05-06', '2024-05-12'],
    [4, '2024-05-01', '2024-05-31'],
    [5, '2024-04-01', '2024-04-30'],
    [6, '2024-01-01', '2024-12-31'],
    [7, '2023-01-01', '2023-12-31'],
    [8, '2024-05-09', '2024-05-15'],
    [9, '2024-04-16', '2024-05-15'],
    [10, '2024-02-16', '2024-05-15'],
  ])('preset %i → %s … %s', (index, first, last) => {
    expect(show(presetRange(index, now))).toEqual(range(first, last));
  });

  it('last N days span exactly N calendar days', () => {
    for (const [index, count] of [
      [8, 7],
      [9, 30],
      [10, 90],
    ] as const) {
      const [start, end] = presetRange(index, now);
      expect(end.startOf('day').diff(start, 'day') + 1).toBe(count);
    }
  });
});

describe('weeks start on Monday', () => {
  it('on a Monday the week starts that day', () => {
    expect(show(presetRange(2, at(2024, 5, 13)))).toEqual(range('2024-05-13', '2024-05-19'));
    expect(show(presetRange(3, at(2024, 5, 13)))).toEqual(range('2024-05-06', '2024-05-12'));
  });

  it('on a Sunday the week started six days earlier', () => {
    expect(show(presetRange(2, at(2024, 5, 19)))).toEqual(range('2024-05-13', '2024-05-19'));
    expect(show(presetRange(3, at(2024, 5, 19)))).toEqual(range('2024-05-06', '2024-05-12'));
  });

  it('a week may straddle two years', () => {
    expect(show(presetRange(2, at(2025, 1, 1)))).toEqual(range('2024-12-30', '2025-01-05'));
    expect(show(presetRange(3, at(2025, 1, 1)))).toEqual(range('2024-12-23', '2024-12-29'));
  });

  it('does not follow the dayjs locale week start', () => {
    expect(
      dayjs(at(2024, 5, 15))
        .startOf('week')
        .day(),
    ).toBe(0);
    expect(presetRange(2, at(2024, 5, 15))[0].day()).toBe(1);
  });
});

describe('month, year and leap-year boundaries', () => {
  it('this month ends on 29 February in a leap year and 28 otherwise', () => {
    expect(show(presetRange(4, at(2024, 2, 10)))).toEqual(range('2024-02-01', '2024-02-29'));
    expect(show(presetRange(4, at(2023, 2, 10)))).toEqual(range('2023-02-01', '2023-02-28'));
    expect(show(presetRange(4, at(2100, 2, 10)))).toEqual(range('2100-02-01', '2100-02-28'));
    expect(show(presetRange(4, at(2000, 2, 10)))).toEqual(range('2000-02-01', '2000-02-29'));
  });

  it('last month from the 31st is the whole previous month', () => {
    expect(show(presetRange(5, at(2024, 3, 31)))).toEqual(range('2024-02-01', '2024-02-29'));
    expect(show(presetRange(5, at(2023, 3, 31)))).toEqual(range('2023-02-01', '2023-02-28'));
    expect(show(presetRange(5, at(2024, 5, 31)))).toEqual(range('2024-04-01', '2024-04-30'));
    expect(show(presetRange(5, at(2024, 7, 31)))).toEqual(range('2024-06-01', '2024-06-30'));
  });

  it('last month in January is December of the previous year', () => {
    expect(show(presetRange(5, at(2024, 1, 15)))).toEqual(range('2023-12-01', '2023-12-31'));
  });

  it('yesterday crosses month and year ends', () => {
    expect(show(presetRange(1, at(2024, 1, 1)))).toEqual(range('2023-12-31', '2023-12-31'));
    expect(show(presetRange(1, at(2024, 3, 1)))).toEqual(range('2024-02-29', '2024-02-29'));
    expect(show(presetRange(1, at(2023, 3, 1)))).toEqual(range('2023-02-28', '2023-02-28'));
  });

  it('last 7 days count a leap day', () => {
    expect(show(presetRange(8, at(2024, 3, 3)))).toEqual(range('2024-02-26', '2024-03-03'));
    expect(show(presetRange(8, at(2023, 3, 3)))).toEqual(range('2023-02-25', '2023-03-03'));
  });

  it('last 30 and 90 days cross a year end', () => {
    expect(show(presetRange(9, at(2024, 1, 10)))).toEqual(range('2023-12-12', '2024-01-10'));
    expect(show(presetRange(10, at(2024, 1, 10)))).toEqual(range('2023-10-13', '2024-01-10'));
  });

  it('this year and last year on 1 January and 31 December', () => {
    expect(show(presetRange(6, at(2024, 1, 1, 0, 0, 0, 0)))).toEqual(range('2024-01-01', '2024-12-31'));
    expect(show(presetRange(7, at(2024, 12, 31, 23, 59, 59, 999)))).toEqual(
      range('2023-01-01', '2023-12-31'),
    );
  });
});

describe('presetRange inputs', () => {
  it('gives the same day at the first and last millisecond of the day', () => {
    expect(show(presetRange(0, at(2024, 5, 15, 0, 0, 0, 0)))).toEqual(range('2024-05-15', '2024-05-15'));
    expect(show(presetRange(0, at(2024, 5, 15, 23, 59, 59, 999)))).toEqual(range('2024-05-15', '2024-05-15'));
  });

  it('accepts a Date, a dayjs object or epoch milliseconds for now', () => {
    const now = at(2024, 5, 15);
    const expected = range('2024-05-15', '2024-05-15');
    expect(show(presetRange(0, dayjs(now)))).toEqual(expected);
    expect(show(presetRange(0, now.getTime()))).toEqual(expected);
  });

  it('does not modify the now argument', () => {
    const now = at(2024, 5, 15);
    const copy = now.getTime();
    presetRange(3, now);
    expect(now.getTime()).toBe(copy);
  });

  it.each([-1, 11, 1.5, Number.NaN])('throws RangeError for index %j', (index) => {
    expect(() => presetRange(index)).toThrow(RangeError);
  });

  it('throws RangeError for an invalid now', () => {
    expect(() => presetRange(0, new Date('bad'))).toThrow(/not a valid date/);
  });

  it('defaults now to the current time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at(2024, 2, 29));
    try {
      expect(show(presetRange(0))).toEqual(range('2024-02-29', '2024-02-29'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('isDateRangePresetIndex', () => {
  it('accepts 0 to 10 only', () => {
    expect([0, 5, 10].every(isDateRangePresetIndex)).toBe(true);
    expect([-1, 11, 0.5, Number.NaN, Number.POSITIVE_INFINITY].some(isDateRangePresetIndex)).toBe(false);
  });
});

describe('presets for antd RangePicker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('getDateRangePresets fixes every range at now', () => {
    const presets = getDateRangePresets(at(2024, 5, 15));
    expect(presets.map((preset) => preset.label)).toEqual([...DATE_RANGE_PRESET_LABELS]);
    expect(show(presets[3]!.value)).toEqual(range('2024-05-06', '2024-05-12'));
  });

  it('DATE_RANGE_PRESETS computes each range when it is picked', () => {
    expect(DATE_RANGE_PRESETS).toHaveLength(11);
    expect(DATE_RANGE_PRESETS.map((preset) => preset.label)).toEqual([...DATE_RANGE_PRESET_LABELS]);
    vi.useFakeTimers();
    vi.setSystemTime(at(2024, 12, 31, 23, 59, 59, 999));
    expect(show(DATE_RANGE_PRESETS[0]!.value())).toEqual(range('2024-12-31', '2024-12-31'));
    vi.setSystemTime(at(2025, 1, 1, 0, 0, 0, 0));
    expect(show(DATE_RANGE_PRESETS[0]!.value())).toEqual(range('2025-01-01', '2025-01-01'));
    expect(show(DATE_RANGE_PRESETS[8]!.value())).toEqual(range('2024-12-26', '2025-01-01'));
  });

  it('fit the RangePicker presets prop', () => {
    type Presets = NonNullable<GetProps<typeof DatePicker.RangePicker>['presets']>;
    expectTypeOf(DATE_RANGE_PRESETS).toExtend<Presets>();
    expectTypeOf(getDateRangePresets()).toExtend<Presets>();
    expectTypeOf(presetRange(0)).toEqualTypeOf<[Dayjs, Dayjs]>();
  });
});
