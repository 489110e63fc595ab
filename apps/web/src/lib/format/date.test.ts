import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_ONLY_FORMAT, DEFAULT_DATE_FORMAT, formatDate, toDayjs, toMillis } from './date';

/**
 * Expected values are built from local-time Date fields, so these tests hold in any TZ
 * (the console runs in Asia/Shanghai; CI may not).
 */
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number =>
  new Date(y, mo - 1, d, h, mi, s, ms).getTime();

describe('toMillis', () => {
  it('treats 10-digit numbers as seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_000_000_000)).toBe(1_000_000_000_000);
    expect(toMillis(9_999_999_999)).toBe(9_999_999_999_000);
    expect(toMillis(-1_700_000_000)).toBe(-1_700_000_000_000);
  });

  it('keeps fractional seconds as milliseconds', () => {
    expect(toMillis(1_700_000_000.123)).toBe(1_700_000_000_123);
  });

  it('treats 13-digit and other sizes as milliseconds', () => {
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(999_999_999)).toBe(999_999_999);
    expect(toMillis(10_000_000_000)).toBe(10_000_000_000);
    expect(toMillis(0)).toBe(0);
    expect(toMillis(86_400_000)).toBe(86_400_000);
  });

  it('applies the same rule to numeric strings', () => {
    expect(toMillis('1700000000')).toBe(1_700_000_000_000);
    expect(toMillis(' 1700000000000 ')).toBe(1_700_000_000_000);
    expect(toMillis('0')).toBe(0);
    expect(toMillis('-1700000000')).toBe(-1_700_000_000_000);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toMillis(-0), 0)).toBe(true);
    expect(Object.is(toMillis('-0'), 0)).toBe(true);
  });

  it('reads Date and dayjs objects', () => {
    const ms = local(2024, 2, 29, 12);
    expect(toMillis(new Date(ms))).toBe(ms);
    expect(toMillis(dayjs(ms))).toBe(ms);
    expect(toMillis(new Date(Number.NaN))).toBeNull();
    expect(toMillis(dayjs('not a date'))).toBeNull();
  });

  it('parses local date text strictly', () => {
    expect(toMillis('2024-01-05')).toBe(local(2024, 1, 5));
    expect(toMillis('2024/1/5')).toBe(local(2024, 1, 5));
    expect(toMillis('2024-01-05 08:30')).toBe(local(2024, 1, 5, 8, 30));
    expect(toMillis('2024-01-05 08:30:15')).toBe(local(2024, 1, 5, 8, 30, 15));
    expect(toMillis('2024-01-05T08:30:15.25')).toBe(local(2024, 1, 5, 8, 30, 15, 250));
    expect(toMillis('2024-02-29')).toBe(local(2024, 2, 29));
    expect(toMillis('2024-12-31 23:59:59')).toBe(local(2024, 12, 31, 23, 59, 59));
  });

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-05 24:00',
    '2024-01-05 12:60',
  ])('rejects the impossible date %j instead of rolling it over', (text) => {
    expect(toMillis(text)).toBeNull();
  });

  it('parses ISO 8601 with an explicit offset as an absolute instant', () => {
    expect(toMillis('2024-01-05T00:00:00Z')).toBe(Date.UTC(2024, 0, 5));
    expect(toMillis('2024-01-05T08:00:00+08:00')).toBe(Date.UTC(2024, 0, 5));
    expect(toMillis('2024-01-05T08:00:00.500+0800')).toBe(Date.UTC(2024, 0, 5, 0, 0, 0, 500));
  });

  it.each([null, undefined, '', '   ', 'abc', 'yesterday', '2024-1', '1.2.3', '2024-01-05T08:00:00+25:00'])(
    'returns null for %j',
    (input) => {
      expect(toMillis(input)).toBeNull();
    },
  );

  it('returns null outside the Date range and for non-finite numbers', () => {
    expect(toMillis(8.64e15)).toBe(8.64e15);
    expect(toMillis(8.64e15 + 1)).toBeNull();
    expect(toMillis(Number.NaN)).toBeNull();
    expect(toMillis(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toMillis('99999999999999999999')).toBeNull();
  });
});

describe('toDayjs', () => {
  it('returns a dayjs object in local time', () => {
    const day = toDayjs(local(2024, 3, 1, 9));
    expect(day?.format('YYYY-MM-DD HH')).toBe('2024-03-01 09');
  });

  it('returns null for invalid input', () => {
    expect(toDayjs('bad')).toBeNull();
    expect(toDayjs(null)).toBeNull();
  });
});

describe('formatDate', () => {
  it('uses YYYY-MM-DD HH:mm:ss by default', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(local(2024, 1, 5, 8, 3, 9))).toBe('2024-01-05 08:03:09');
  });

  it('formats 10-digit seconds and 13-digit milliseconds alike', () => {
    const ms = local(2023, 11, 14, 22, 13, 20);
    expect(formatDate(ms)).toBe('2023-11-14 22:13:20');
    expect(formatDate(ms / 1000)).toBe('2023-11-14 22:13:20');
    expect(formatDate(String(ms / 1000))).toBe('2023-11-14 22:13:20');
    expect(formatDate(String(ms))).toBe('2023-11-14 22:13:20');
  });

  it('accepts a custom pattern', () => {
    const ms = local(2024, 2, 29, 23, 59, 59, 999);
    expect(formatDate(ms, DATE_ONLY_FORMAT)).toBe('2024-02-29');
    expect(formatDate(ms, 'YYYY年MM月DD日 HH:mm')).toBe('2024年02月29日 23:59');
    expect(formatDate(ms, 'HH:mm:ss.SSS')).toBe('23:59:59.999');
  });

  it('formats boundaries: year end, month end, leap day, midnight', () => {
    expect(formatDate(local(2023, 12, 31, 23, 59, 59))).toBe('2023-12-31 23:59:59');
    expect(formatDate(local(2024, 1, 1))).toBe('2024-01-01 00:00:00');
    expect(formatDate(local(2024, 4, 30, 12))).toBe('2024-04-30 12:00:00');
    expect(formatDate('2024-02-29 00:00:00')).toBe('2024-02-29 00:00:00');
  });

  it('treats 0 as the epoch, not as missing', () => {
    expect(formatDate(0)).toBe(dayjs(0).format(DEFAULT_DATE_FORMAT));
    expect(formatDate(0, 'YYYY')).toMatch(/^19(69|70)$/);
  });

  it('formats Date and dayjs inputs', () => {
    const ms = local(2024, 6, 1, 10);
    expect(formatDate(new Date(ms))).toBe('2024-06-01 10:00:00');
    expect(formatDate(dayjs(ms), 'MM/DD')).toBe('06/01');
  });

  it.each([null, undefined, '', 'abc', '2024-02-30', Number.NaN, Number.POSITIVE_INFINITY])(
    'returns an empty string for %j',
    (input) => {
      expect(formatDate(input)).toBe('');
    },
  );

  it('returns an empty string for invalid Date and dayjs objects', () => {
    expect(formatDate(new Date('nope'))).toBe('');
    expect(formatDate(dayjs('nope'))).toBe('');
  });
});
