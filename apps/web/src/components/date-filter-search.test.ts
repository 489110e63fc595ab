import { describe, expect, it } from 'vitest';
import {
  dateFilterOfSearch,
  daysOfDateFilter,
  pageNumOfSearch,
  searchOfDateFilter,
} from './date-filter-search';

const NOW = new Date('2026-11-21T10:00:00+08:00');

describe('date filters in a list URL', () => {
  it('reads a preset, or two real days in order, and nothing else', () => {
    expect(dateFilterOfSearch(new URLSearchParams('preset=0'))).toEqual({ preset: 0 });
    expect(dateFilterOfSearch(new URLSearchParams('from=2026-11-01&to=2026-11-03'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-03',
    });
    expect(dateFilterOfSearch(new URLSearchParams('preset=99'))).toBeNull();
    expect(dateFilterOfSearch(new URLSearchParams('from=2026-11-03&to=2026-11-01'))).toBeNull();
    expect(dateFilterOfSearch(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toBeNull();
  });

  it('writes a filter back the way it reads it', () => {
    expect(searchOfDateFilter({ preset: 3 })).toEqual({ preset: '3' });
    expect(searchOfDateFilter({ from: '2026-11-01', to: '2026-11-02' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(searchOfDateFilter(null)).toEqual({});
  });

  it('resolves a preset to days at the moment the list is read', () => {
    expect(daysOfDateFilter({ preset: 0 }, NOW)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(daysOfDateFilter({ from: '2026-11-01', to: '2026-11-02' }, NOW)).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(daysOfDateFilter(null, NOW)).toBeNull();
  });

  it('reads a page number from 1 to the limit, else 1', () => {
    expect(pageNumOfSearch(new URLSearchParams('pageNum=3'))).toBe(3);
    expect(pageNumOfSearch(new URLSearchParams('pageNum=0'))).toBe(1);
    expect(pageNumOfSearch(new URLSearchParams('pageNum=2.5'))).toBe(1);
    expect(pageNumOfSearch(new URLSearchParams('pageNum=x'))).toBe(1);
    expect(pageNumOfSearch(new URLSearchParams('pageNum=20000'))).toBe(1);
  });
});
