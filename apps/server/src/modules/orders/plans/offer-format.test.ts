import { describe, expect, it } from 'vitest';
import { newPerformanceOrderNo, newWriteOffCode } from '../order-numbers.js';
import { itemsSummaryOf, maskName, maskPhone, offerSummaryOf, type OfferRow } from './offer-format.js';

const row = (overrides: Partial<OfferRow> = {}): OfferRow => ({
  performancePlanOrderNo: 'PP1',
  status: 'offering',
  offeredAt: new Date('2026-05-01T02:00:00Z'),
  expiresAt: new Date('2026-05-01T02:30:00Z'),
  omsOrderNo: 'OMS1',
  channel: 'online',
  deliveryType: 'pickup',
  customerName: '欧阳晓燕',
  regionName: '北京市大兴区',
  goodsCents: 100,
  payCents: 100,
  pointsUsed: 0,
  distanceMeters: 800,
  ...overrides,
});

describe('offer format', () => {
  it('masks names and phones', () => {
    expect(maskName('欧阳晓燕')).toBe('欧**');
    expect(maskName('王五')).toBe('王*');
    expect(maskName('王')).toBe('王');
    expect(maskPhone('13912345678')).toBe('139****5678');
  });

  it('summarises at most three lines, then the total count', () => {
    expect(itemsSummaryOf([{ name: '蛋黄酥', quantity: 2 }])).toBe('蛋黄酥×2');
    const four = ['a', 'b', 'c', 'd'].map((name) => ({ name, quantity: 1 }));
    expect(itemsSummaryOf(four)).toBe('a×1，b×1，c×1等4件');
  });

  it('counts the seconds left and reads a lapsed offer as expired', () => {
    const open = offerSummaryOf(row(), [], new Date('2026-05-01T02:10:00.500Z'));
    expect(open).toMatchObject({ status: 'offering', secondsLeft: 1199, offeredAt: '2026-05-01 10:00:00' });
    expect(open.deliveryTypeText).toBe('到店自提');
    const lapsed = offerSummaryOf(row(), [], new Date('2026-05-01T02:30:00Z'));
    expect(lapsed).toMatchObject({ status: 'expired', statusText: '无人接单', secondsLeft: 0 });
  });

  it('numbers orders by Shanghai time and gives 6-digit write-off codes', () => {
    expect(newPerformanceOrderNo(new Date('2026-05-01T16:30:05Z'))).toMatch(/^PF20260502003005\d{6}$/);
    expect(newWriteOffCode()).toMatch(/^\d{6}$/);
  });
});
