import { describe, expect, it, vi } from 'vitest';
import {
  dateFilterOfQuery,
  dateRangeOfQuery,
  dateUrlShape,
  isFiltered,
  keptOnReset,
  keywordMaxOf,
  pageSizesOf,
  queryOfDateFilter,
  readUrlQuery,
  urlField,
  writeUrlQuery,
} from './list-query';
import { statusFilterOf } from './use-list-query';

const shape = {
  status: urlField.oneOfOr(['all', 'open', 'closed'], 'all'),
  type: urlField.oneOf(['a', 'b']),
  keyword: urlField.keyword(5),
  ...dateUrlShape,
  pageNum: urlField.pageNum(100),
  pageSize: urlField.pageSize([10, 20], 10),
};
const read = (search: string) => readUrlQuery(shape, new URLSearchParams(search));

describe('the limits a URL shape declares', () => {
  it('gives the page sizes and the keyword length of its fields, for the selector and the search box', () => {
    expect(pageSizesOf(shape)).toEqual([10, 20]);
    expect(keywordMaxOf(shape)).toBe(5);
    expect(pageSizesOf({ pageNum: urlField.pageNum() })).toBeUndefined();
    expect(keywordMaxOf({ pageNum: urlField.pageNum() })).toBeUndefined();
  });
});

describe('readUrlQuery', () => {
  it('reads each field and falls back per field, not for the whole query', () => {
    expect(read('status=open&type=b&keyword=%20abc%20&pageNum=3&pageSize=20')).toMatchObject({
      status: 'open',
      type: 'b',
      keyword: 'abc',
      pageNum: 3,
      pageSize: 20,
    });
    expect(read('status=bad&type=z&keyword=abcdefgh&pageNum=101&pageSize=15')).toMatchObject({
      status: 'all',
      type: undefined,
      keyword: 'abcde',
      pageNum: 1,
      pageSize: 10,
    });
    expect(read('status=bad&keyword=ok').keyword).toBe('ok');
  });

  it('refuses impossible days and unknown presets', () => {
    expect(read('from=2026-02-30&to=2026-03-01').from).toBeUndefined();
    expect(read('preset=11').preset).toBeUndefined();
    expect(read('preset=3').preset).toBe(3);
  });
});

describe('writeUrlQuery', () => {
  it('leaves defaults out and round-trips', () => {
    expect(writeUrlQuery(shape, read(''))).toEqual({});
    const search = { status: 'closed', keyword: 'x', from: '2026-01-01', to: '2026-01-02', pageNum: '2' };
    expect(writeUrlQuery(shape, read(new URLSearchParams(search).toString()))).toEqual(search);
  });
});

describe('isFiltered', () => {
  it('ignores paging', () => {
    expect(isFiltered(shape, read('pageNum=3&pageSize=20'))).toBe(false);
    expect(isFiltered(shape, read('keyword=a'))).toBe(true);
    expect(isFiltered(shape, read('status=open'))).toBe(true);
  });

  it('ignores the views fields, which 重置 keeps', () => {
    expect(isFiltered(shape, read('type=b'), ['type'])).toBe(false);
    expect(isFiltered(shape, read('type=b&keyword=a'), ['type'])).toBe(true);
    expect(keptOnReset(shape, read('type=b&keyword=a&pageNum=2'), ['type'])).toEqual({ type: 'b' });
    expect(keptOnReset(shape, read('keyword=a'), ['type'])).toEqual({});
  });
});

describe('date filter', () => {
  it('keeps a preset as a preset and days as days', () => {
    expect(dateFilterOfQuery(read('preset=0'))).toEqual({ preset: 0 });
    expect(dateFilterOfQuery(read('from=2026-01-02&to=2026-01-01'))).toBeNull();
    expect(queryOfDateFilter({ from: '2026-01-01', to: '2026-01-02' })).toEqual({
      preset: undefined,
      from: '2026-01-01',
      to: '2026-01-02',
    });
  });

  it('gives the contract its dateFrom/dateTo', () => {
    const now = new Date('2026-11-21T10:00:00+08:00');
    expect(dateRangeOfQuery(read('preset=0'), now)).toEqual({ dateFrom: '2026-11-21', dateTo: '2026-11-21' });
    expect(dateRangeOfQuery(read(''), now)).toEqual({});
  });
});

describe('statusFilterOf', () => {
  it('shows the URL status and sets it on a click', () => {
    const shape = { status: urlField.oneOfOr(['all', 'open'], 'all'), pageNum: urlField.pageNum() };
    const setQuery = vi.fn();
    const listQuery = {
      query: readUrlQuery(shape, new URLSearchParams('')),
      setQuery,
      hrefOf: vi.fn(),
      reset: vi.fn(),
      filtered: false,
    };
    const options = [
      { value: 'all' as const, label: '全部' },
      { value: 'open' as const, label: '进行中' },
    ];
    const filter = statusFilterOf(listQuery, options);
    expect(filter.value).toBe('all');
    expect(filter.options).toBe(options);
    filter.onChange('open');
    expect(setQuery).toHaveBeenCalledWith({ status: 'open' });
  });
});

describe('urlField.flag', () => {
  const flags = { near: urlField.flag(), keyword: urlField.keyword(5) };
  it('reads 1 as on and anything else as off, and writes only what is on', () => {
    expect(readUrlQuery(flags, new URLSearchParams('near=1'))).toEqual({ near: true, keyword: '' });
    expect(readUrlQuery(flags, new URLSearchParams('near=yes')).near).toBe(false);
    expect(readUrlQuery(flags, new URLSearchParams('')).near).toBe(false);
    expect(writeUrlQuery(flags, { near: true, keyword: '' })).toEqual({ near: '1' });
    expect(writeUrlQuery(flags, { near: false, keyword: 'R1' })).toEqual({ keyword: 'R1' });
    expect(isFiltered(flags, { near: true, keyword: '' })).toBe(true);
    expect(isFiltered(flags, { near: false, keyword: '' })).toBe(false);
  });
});
