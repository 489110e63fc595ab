import { describe, expect, it } from 'vitest';
import { readUrlQuery, writeUrlQuery } from '../../components/list/list-query';
import { recordsRequestOf, recordsUrlShape } from './records-query';

const read = (search: string) => readUrlQuery(recordsUrlShape, new URLSearchParams(search));

describe('records query in the URL', () => {
  it('reads status, page and size, each falling back on its own', () => {
    expect(read('pageNum=3&status=pending&pageSize=20')).toEqual({
      status: 'pending',
      pageNum: 3,
      pageSize: 20,
    });
    expect(read('pageNum=-1&status=maybe&pageSize=999')).toEqual({ status: 'all', pageNum: 1, pageSize: 10 });
    expect(read('pageNum=2.5&status=refused')).toEqual({ status: 'refused', pageNum: 1, pageSize: 10 });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeUrlQuery(recordsUrlShape, read(''))).toEqual({});
    expect(writeUrlQuery(recordsUrlShape, { status: 'refused', pageNum: 2, pageSize: 10 })).toEqual({
      status: 'refused',
      pageNum: '2',
    });
  });

  it('sends no status for 全部', () => {
    expect(recordsRequestOf(read(''))).toEqual({ pageNum: 1, pageSize: 10 });
    expect(recordsRequestOf(read('status=pending&pageNum=2'))).toEqual({
      pageNum: 2,
      pageSize: 10,
      status: 'pending',
    });
  });
});
