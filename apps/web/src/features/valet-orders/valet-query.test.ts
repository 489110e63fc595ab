import { describe, expect, it } from 'vitest';
import { readUrlQuery, writeUrlQuery } from '../../components/list/list-query';
import { valetFiltersOf, valetUrlShape } from './valet-query';

const query = (search: string) => readUrlQuery(valetUrlShape, new URLSearchParams(search));

describe('valet list URL filters', () => {
  it('reads kind, status, keyword, dates and page', () => {
    expect(
      query(
        'kind=uenjoy&status=confirmed&keyword=%20王%20&from=2026-11-01&to=2026-11-21&pageNum=3&pageSize=50',
      ),
    ).toEqual({
      kind: 'uenjoy',
      status: 'confirmed',
      keyword: '王',
      preset: undefined,
      from: '2026-11-01',
      to: '2026-11-21',
      pageNum: 3,
      pageSize: 50,
    });
  });

  it('falls back to the default of each unreadable parameter on its own', () => {
    expect(query('kind=retail&status=shipped&keyword=VO1&pageNum=-1&preset=99&pageSize=7')).toEqual({
      kind: 'integral',
      status: 'all',
      keyword: 'VO1',
      preset: undefined,
      from: undefined,
      to: undefined,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('writes a round-trippable search without the defaults', () => {
    expect(writeUrlQuery(valetUrlShape, query(''))).toEqual({});
    const search = writeUrlQuery(
      valetUrlShape,
      query('kind=uenjoy&status=pending_confirm&preset=0&pageNum=2'),
    );
    expect(search).toEqual({ kind: 'uenjoy', status: 'pending_confirm', preset: '0', pageNum: '2' });
    expect(query(new URLSearchParams(search).toString())).toEqual(
      query('kind=uenjoy&status=pending_confirm&preset=0&pageNum=2'),
    );
  });

  it('gives the contract its filters, a preset resolved to days', () => {
    const now = new Date('2026-11-21T10:00:00+08:00');
    expect(valetFiltersOf('S0001', query('preset=0&keyword=VO1&pageNum=2'), now)).toEqual({
      storeCode: 'S0001',
      status: 'all',
      keyword: 'VO1',
      dateFrom: '2026-11-21',
      dateTo: '2026-11-21',
    });
    expect(valetFiltersOf('S0001', query('from=2026-11-22&to=2026-11-01'), now)).toEqual({
      storeCode: 'S0001',
      status: 'all',
    });
  });
});
