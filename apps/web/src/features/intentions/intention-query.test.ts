import { describe, expect, it } from 'vitest';
import { readUrlQuery, writeUrlQuery } from '../../components/list/list-query';
import { followNoteError } from './follow-form';
import { intentionFiltersOf, intentionUrlShape } from './intention-query';

const NOW = new Date('2026-11-21T10:00:00+08:00');
const read = (search: string) => readUrlQuery(intentionUrlShape, new URLSearchParams(search));

describe('客户意向 URL query', () => {
  it('reads status, keyword, dates and page; unknown values fall back one by one', () => {
    expect(read('status=following&keyword=%20王%20&preset=0&pageNum=2')).toEqual({
      status: 'following',
      keyword: '王',
      preset: 0,
      from: undefined,
      to: undefined,
      pageNum: 2,
      pageSize: 20,
    });
    expect(read('status=bogus&pageNum=-1&keyword=CI1')).toMatchObject({
      status: 'all',
      keyword: 'CI1',
      preset: undefined,
      pageNum: 1,
    });
  });

  it('round-trips through the URL and leaves defaults out', () => {
    const search = 'status=closed&keyword=CI1&from=2026-11-01&to=2026-11-02&pageNum=3';
    const query = read(search);
    expect(new URLSearchParams(writeUrlQuery(intentionUrlShape, query)).toString()).toBe(search);
    expect(writeUrlQuery(intentionUrlShape, read(''))).toEqual({});
  });

  it('gives the list call the days of a preset', () => {
    expect(intentionFiltersOf('S0001', read('preset=0'), NOW)).toEqual({
      storeCode: 'S0001',
      status: 'all',
      keyword: null,
      dateFrom: '2026-11-21',
      dateTo: '2026-11-21',
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
