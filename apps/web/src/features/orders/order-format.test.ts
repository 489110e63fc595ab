import { describe, expect, it } from 'vitest';
import { distanceText, itemsSummary, maskPhone, orderAmount, orderTime } from './order-format';

describe('orderAmount', () => {
  it('shows cents as yuan with separators and two decimals', () => {
    expect(orderAmount(123456789)).toBe('¥1,234,567.89');
    expect(orderAmount(5)).toBe('¥0.05');
    expect(orderAmount(0)).toBe('¥0.00');
  });
  it('keeps a missing amount apart from zero', () => {
    expect(orderAmount(null)).toBe('--');
    expect(orderAmount(undefined)).toBe('--');
  });
});

describe('itemsSummary', () => {
  it('names up to two lines', () => {
    expect(itemsSummary([{ name: '鲜牛奶', quantity: 2 }])).toBe('鲜牛奶×2');
    expect(
      itemsSummary([
        { name: '鲜牛奶', quantity: 2 },
        { name: '酸奶', quantity: 1 },
      ]),
    ).toBe('鲜牛奶×2、酸奶×1');
  });
  it('counts all pieces when there are more lines', () => {
    expect(
      itemsSummary([
        { name: '鲜牛奶', quantity: 2 },
        { name: '酸奶', quantity: 1 },
        { name: '奶酪', quantity: 3 },
      ]),
    ).toBe('鲜牛奶×2、酸奶×1 等6件');
  });
  it('shows a dash for no items', () => {
    expect(itemsSummary([])).toBe('-');
  });
});

describe('distanceText', () => {
  it('uses metres under a kilometre and one decimal above', () => {
    expect(distanceText(850)).toBe('850米');
    expect(distanceText(999.6)).toBe('1.0公里');
    expect(distanceText(1234)).toBe('1.2公里');
    expect(distanceText(12_000)).toBe('12.0公里');
  });
  it('shows a dash for missing or nonsense', () => {
    expect(distanceText(null)).toBe('-');
    expect(distanceText(-1)).toBe('-');
    expect(distanceText(Number.NaN)).toBe('-');
  });
});

describe('maskPhone', () => {
  it('masks the middle four digits of a mobile number only', () => {
    expect(maskPhone('13800001234')).toBe('138****1234');
    expect(maskPhone('010-1234')).toBe('010-1234');
  });
});

describe('orderTime', () => {
  it('shows ISO instants and wall-clock text alike, in local time', () => {
    const iso = new Date(2026, 10, 21, 20, 52, 24, 558).toISOString();
    expect(orderTime(iso)).toBe('2026-11-21 20:52:24');
    expect(orderTime('2026-11-21 20:51:54')).toBe('2026-11-21 20:51:54');
  });
  it('shows a dash for missing or unreadable', () => {
    expect(orderTime(null)).toBe('-');
    expect(orderTime('soon')).toBe('-');
  });
});
