import { describe, expect, it } from 'vitest';
import { readUrlQuery, writeUrlQuery } from '../../components/list/list-query';
import { receivedFiltersOf, receivedUrlShape, type ReceivedQuery } from './received-query';

const parse = (search: string) => readUrlQuery(receivedUrlShape, new URLSearchParams(search));
const ALL: ReceivedQuery = {
  status: 'all',
  deliveryType: undefined,
  keyword: '',
  preset: undefined,
  from: undefined,
  to: undefined,
  pageNum: 1,
  pageSize: 20,
};

describe('receivedUrlShape', () => {
  it('reads every filter', () => {
    expect(
      parse('status=shipped&deliveryType=express&keyword=%20OMS1%20&preset=9&pageNum=3&pageSize=50'),
    ).toEqual({
      ...ALL,
      status: 'shipped',
      deliveryType: 'express',
      keyword: 'OMS1',
      preset: 9,
      pageNum: 3,
      pageSize: 50,
    });
    expect(parse('from=2026-11-01&to=2026-11-15')).toMatchObject({ from: '2026-11-01', to: '2026-11-15' });
  });

  it('falls back to the default of each unreadable parameter alone', () => {
    expect(parse('')).toEqual(ALL);
    expect(parse('status=lost&deliveryType=drone&preset=11&pageNum=0&pageSize=1000')).toEqual(ALL);
    expect(parse('status=lost&keyword=OMS1').keyword).toBe('OMS1');
    expect(parse('preset=&pageNum=1.5').pageNum).toBe(1);
    expect(parse('from=2026-02-30&to=2026-03-01').from).toBeUndefined();
  });

  it('caps the keyword length', () => {
    expect(parse(`keyword=${'x'.repeat(80)}`).keyword).toHaveLength(50);
  });

  it('round-trips and leaves defaults out', () => {
    const query = parse('status=wait_ship&keyword=王&from=2026-11-01&to=2026-11-02&pageNum=2');
    expect(writeUrlQuery(receivedUrlShape, query)).toEqual({
      status: 'wait_ship',
      keyword: '王',
      from: '2026-11-01',
      to: '2026-11-02',
      pageNum: '2',
    });
    expect(writeUrlQuery(receivedUrlShape, ALL)).toEqual({});
  });
});

describe('receivedFiltersOf', () => {
  it('names the filters as the contract does, a preset resolved at now', () => {
    const now = new Date('2026-11-21T10:00:00+08:00');
    expect(receivedFiltersOf('S0001', { ...ALL, preset: 0 }, now)).toEqual({
      storeCode: 'S0001',
      status: 'all',
      deliveryType: null,
      keyword: null,
      dateFrom: '2026-11-21',
      dateTo: '2026-11-21',
    });
    expect(
      receivedFiltersOf('S0001', { ...ALL, from: '2026-11-15', to: '2026-11-01' }, now),
    ).not.toHaveProperty('dateFrom');
  });
});
