import { describe, expect, it } from 'vitest';
import { followNoteError } from './follow-form';
import { intentionListBody, intentionQueryOf, intentionSearch } from './intention-query';

const NOW = new Date('2026-11-21T10:00:00+08:00');

describe('客户意向 URL query', () => {
  it('reads status, keyword, dates and page; unknown values fall back', () => {
    const query = intentionQueryOf(
      new URLSearchParams('status=following&keyword=%20王%20&preset=0&pageNum=2'),
    );
    expect(query).toEqual({ status: 'following', keyword: '王', date: { preset: 0 }, pageNum: 2 });
    expect(intentionQueryOf(new URLSearchParams('status=bogus&pageNum=-1'))).toEqual({
      status: undefined,
      keyword: '',
      date: null,
      pageNum: 1,
    });
  });

  it('round-trips through the URL and leaves defaults out', () => {
    const search = 'status=closed&keyword=CI1&from=2026-11-01&to=2026-11-02&pageNum=3';
    const query = intentionQueryOf(new URLSearchParams(search));
    expect(new URLSearchParams(intentionSearch(query)).toString()).toBe(search);
    expect(intentionSearch(intentionQueryOf(new URLSearchParams()))).toEqual({});
  });

  it('builds the list call with the days of a preset', () => {
    const query = intentionQueryOf(new URLSearchParams('preset=0'));
    expect(intentionListBody('S0001', query, NOW)).toEqual({
      storeCode: 'S0001',
      status: 'all',
      keyword: null,
      dateFrom: '2026-11-21',
      dateTo: '2026-11-21',
      pageNum: 1,
      pageSize: 20,
    });
  });
});

describe('follow-up note', () => {
  it('needs a note, and says why when closing', () => {
    expect(followNoteError({ note: '  ', status: 'following' })).toBe('请填写跟进内容');
    expect(followNoteError({ note: '', status: 'closed' })).toBe('关闭意向需填写跟进说明');
    expect(followNoteError({ note: '已电话联系', status: 'closed' })).toBeNull();
  });
});
