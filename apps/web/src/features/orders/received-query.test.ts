import { describe, expect, it } from 'vitest';
import { receivedQueryOf, receivedSearch, takenDays, type ReceivedQuery } from './received-query';

const parse = (search: string) => receivedQueryOf(new URLSearchParams(search));
const ALL: ReceivedQuery = {
  status: undefined,
  deliveryType: undefined,
  keyword: '',
  date: null,
  pageNum: 1,
};

describe('receivedQueryOf', () => {
  it('reads every filter', () => {
    expect(parse('status=shipped&deliveryType=express&keyword=%20OMS1%20&preset=9&pageNum=3')).toEqual({
      status: 'shipped',
      deliveryType: 'express',
      keyword: 'OMS1',
      date: { preset: 9 },
      pageNum: 3,
    });
    expect(parse('from=2026-11-01&to=2026-11-15').date).toEqual({ from: '2026-11-01', to: '2026-11-15' });
  });

  it('falls back to all, page 1, for anything unreadable', () => {
    expect(parse('')).toEqual(ALL);
    expect(parse('status=lost&deliveryType=drone&preset=11&pageNum=0')).toEqual(ALL);
    expect(parse('preset=&pageNum=1.5').pageNum).toBe(1);
    expect(parse('from=2026-02-30&to=2026-03-01').date).toBeNull();
    expect(parse('from=2026-11-15&to=2026-11-01').date).toBeNull();
    expect(parse('from=2026-11-15').date).toBeNull();
  });

  it('caps the keyword length', () => {
    expect(parse(`keyword=${'x'.repeat(80)}`).keyword).toHaveLength(50);
  });
});

describe('receivedSearch', () => {
  it('round-trips and leaves defaults out', () => {
    expect(receivedSearch(ALL)).toEqual({});
    const query: ReceivedQuery = {
      ...ALL,
      status: 'wait_ship',
      date: { preset: 0 },
      keyword: '张',
      pageNum: 2,
    };
    expect(receivedQueryOf(new URLSearchParams(receivedSearch(query)))).toEqual(query);
    const custom: ReceivedQuery = { ...ALL, date: { from: '2026-01-01', to: '2026-01-31' } };
    expect(receivedSearch(custom)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });
});

describe('takenDays', () => {
  const now = new Date(2026, 10, 21, 15, 30);
  it('resolves a preset at now', () => {
    expect(takenDays({ preset: 1 }, now)).toEqual({ dateFrom: '2026-11-20', dateTo: '2026-11-20' });
    expect(takenDays({ preset: 2 }, now)).toEqual({ dateFrom: '2026-11-16', dateTo: '2026-11-22' });
    expect(takenDays({ preset: 10 }, now)).toEqual({ dateFrom: '2026-08-24', dateTo: '2026-11-21' });
  });
  it('passes picked days through', () => {
    expect(takenDays({ from: '2026-11-01', to: '2026-11-02' }, now)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-02',
    });
  });
  it('is null without a date filter', () => {
    expect(takenDays(null, now)).toBeNull();
  });
});
