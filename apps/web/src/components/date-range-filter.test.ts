import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateFilterOfRange, rangeOfDateFilter } from './date-range-filter';

const NOW = new Date(2026, 10, 18, 9, 0); // a Wednesday
const day = (text: string) => dayjs(text);

describe('dateFilterOfRange', () => {
  it('recognises a preset by its days', () => {
    expect(dateFilterOfRange([day('2026-11-18'), day('2026-11-18')], NOW)).toEqual({ preset: 0 });
    expect(dateFilterOfRange([day('2026-11-16'), day('2026-11-22')], NOW)).toEqual({ preset: 2 });
    expect(dateFilterOfRange([day('2026-08-21'), day('2026-11-18')], NOW)).toEqual({ preset: 10 });
  });
  it('keeps other days as they are', () => {
    expect(dateFilterOfRange([day('2026-11-02'), day('2026-11-05')], NOW)).toEqual({
      from: '2026-11-02',
      to: '2026-11-05',
    });
  });
  it('is null when cleared', () => {
    expect(dateFilterOfRange(null, NOW)).toBeNull();
  });
});

describe('rangeOfDateFilter', () => {
  it('resolves a preset at now and picked days as whole days', () => {
    const [start, end] = rangeOfDateFilter({ preset: 1 }, NOW)!;
    expect([start.format('YYYY-MM-DD HH:mm'), end.format('YYYY-MM-DD HH:mm')]).toEqual([
      '2026-11-17 00:00',
      '2026-11-17 23:59',
    ]);
    const [from, to] = rangeOfDateFilter({ from: '2026-11-02', to: '2026-11-05' }, NOW)!;
    expect([from.format('YYYY-MM-DD HH:mm'), to.format('YYYY-MM-DD HH:mm')]).toEqual([
      '2026-11-02 00:00',
      '2026-11-05 23:59',
    ]);
  });
});
