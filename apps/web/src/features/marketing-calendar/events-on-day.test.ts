import type { MarketingEvent } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { eventsOnDay } from './events-on-day';

const event = (key: string, startDate: string, endDate: string): MarketingEvent => ({
  key,
  id: null,
  type: 'coupon',
  typeText: '优惠券',
  title: key,
  startDate,
  endDate,
  color: '#eb2f96',
  storesText: '全部门店',
  remark: '',
});

describe('eventsOnDay', () => {
  const month = event('scheme', '2026-11-01', '2026-11-30');
  const week = event('week', '2026-11-20', '2026-11-26');
  const today = event('today', '2026-11-22', '2026-11-22');
  const starts = event('starts', '2026-11-22', '2026-12-10');
  const other = event('other', '2026-11-23', '2026-11-23');

  it('keeps only the events that share the day', () => {
    expect(eventsOnDay([month, other], '2026-11-22').map((e) => e.key)).toEqual(['scheme']);
  });

  it('puts what starts that day first, then the shorter events', () => {
    expect(eventsOnDay([month, week, starts, today], '2026-11-22').map((e) => e.key)).toEqual([
      'today',
      'starts',
      'week',
      'scheme',
    ]);
  });
});
