import { describe, expect, it } from 'vitest';
import { valetListBody, valetQueryOf, valetSearch } from './valet-query';

const query = (search: string) => valetQueryOf(new URLSearchParams(search));

describe('valet list URL filters', () => {
  it('reads kind, status, keyword, dates and page', () => {
    expect(
      query('kind=uenjoy&status=confirmed&keyword=%20王%20&from=2026-11-01&to=2026-11-21&pageNum=3'),
    ).toEqual({
      kind: 'uenjoy',
      status: 'confirmed',
      keyword: '王',
      date: { from: '2026-11-01', to: '2026-11-21' },
      pageNum: 3,
    });
  });

  it('falls back to the defaults for anything unreadable', () => {
    expect(query('kind=retail&status=shipped&from=2026-11-22&to=2026-11-01&pageNum=-1&preset=99')).toEqual({
      kind: 'integral',
      status: undefined,
      keyword: '',
      date: null,
      pageNum: 1,
    });
  });

  it('writes a round-trippable search without the defaults', () => {
    expect(valetSearch(query(''))).toEqual({});
    const search = valetSearch(query('kind=uenjoy&status=pending_confirm&preset=0&pageNum=2'));
    expect(search).toEqual({ kind: 'uenjoy', status: 'pending_confirm', preset: '0', pageNum: '2' });
    expect(valetQueryOf(new URLSearchParams(search))).toEqual(
      query('kind=uenjoy&status=pending_confirm&preset=0&pageNum=2'),
    );
  });

  it('resolves a preset to days when the list is called', () => {
    const now = new Date('2026-11-21T10:00:00+08:00');
    expect(valetListBody(query('preset=0&keyword=VO1'), now)).toEqual({
      status: 'all',
      keyword: 'VO1',
      dateFrom: '2026-11-21',
      dateTo: '2026-11-21',
      pageNum: 1,
      pageSize: 20,
    });
  });
});
