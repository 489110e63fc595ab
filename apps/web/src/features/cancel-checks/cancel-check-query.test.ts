import { describe, expect, it } from 'vitest';
import { cancelCheckPageBody, cancelCheckQueryOf, cancelCheckSearch } from './cancel-check-query';

const NOW = new Date('2026-11-21T10:00:00+08:00');

describe('取消核查 URL query', () => {
  it('reads state, keyword, dates, page and the open check; unknown values fall back', () => {
    expect(
      cancelCheckQueryOf(new URLSearchParams('state=pending&keyword=PF1&preset=0&pageNum=2&id=7')),
    ).toEqual({
      state: 'pending',
      keyword: 'PF1',
      date: { preset: 0 },
      pageNum: 2,
      checkId: 7,
    });
    expect(cancelCheckQueryOf(new URLSearchParams('state=done&id=abc'))).toMatchObject({
      state: undefined,
      checkId: undefined,
    });
  });

  it('round-trips through the URL, and the page call ignores the open check', () => {
    const search = 'state=rejected&from=2026-11-01&to=2026-11-02&id=9';
    const query = cancelCheckQueryOf(new URLSearchParams(search));
    expect(new URLSearchParams(cancelCheckSearch(query)).toString()).toBe(search);
    expect(cancelCheckPageBody('S0001', query, NOW)).toEqual({
      storeCode: 'S0001',
      state: 'rejected',
      keyword: null,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-02',
      pageNum: 1,
      pageSize: 20,
    });
  });
});
