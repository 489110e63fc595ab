import { describe, expect, it } from 'vitest';
import { isFiltered, readUrlQuery, writeUrlQuery } from '../../components/list/list-query';
import { cancelCheckFiltersOf, cancelCheckUrlShape } from './cancel-check-query';

const NOW = new Date('2026-11-21T10:00:00+08:00');
const read = (search: string) => readUrlQuery(cancelCheckUrlShape, new URLSearchParams(search));

describe('取消核查 URL query', () => {
  it('reads state, keyword, dates, page and the open check; unknown values fall back one by one', () => {
    expect(read('state=pending&keyword=PF1&preset=0&pageNum=2&id=7')).toMatchObject({
      state: 'pending',
      keyword: 'PF1',
      preset: 0,
      pageNum: 2,
      id: 7,
    });
    expect(read('state=done&id=abc&keyword=PF1')).toMatchObject({
      state: 'all',
      id: undefined,
      keyword: 'PF1',
    });
  });

  it('round-trips through the URL; the open check is no filter and not in the list call', () => {
    const search = 'state=rejected&from=2026-11-01&to=2026-11-02&id=9';
    const query = read(search);
    expect(new URLSearchParams(writeUrlQuery(cancelCheckUrlShape, query)).toString()).toBe(search);
    expect(isFiltered(cancelCheckUrlShape, read('id=9'))).toBe(false);
    expect(cancelCheckFiltersOf('S0001', query, NOW)).toEqual({
      storeCode: 'S0001',
      state: 'rejected',
      keyword: null,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-02',
    });
  });
});
