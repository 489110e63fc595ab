import { describe, expect, it } from 'vitest';
import { distanceText, itemsSummary, formatYuan, formatTime } from './display';

describe('formatYuan', () => {
  it('shows cents as yuan with separators and two decimals', () => {
    expect(formatYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(0)).toBe('¥0.00');
  });
  it('keeps a missing amount apart from zero', () => {
    expect(formatYuan(null)).toBe('--');
    expect(formatYuan(undefined)).toBe('--');
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

describe('formatTime', () => {
  it('shows ISO instants and wall-clock text alike, in local time', () => {
    const iso = new Date(2026, 10, 21, 20, 52, 24, 558).toISOString();
    expect(formatTime(iso)).toBe('2026-11-21 20:52:24');
    expect(formatTime('2026-11-21 20:51:54')).toBe('2026-11-21 20:51:54');
  });
  it('shows a dash for missing or unreadable', () => {
    expect(formatTime(null)).toBe('-');
    expect(formatTime('soon')).toBe('-');
  });
});
