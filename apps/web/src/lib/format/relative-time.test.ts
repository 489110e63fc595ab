import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date(2024, 2, 1, 12, 0, 0).getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [0, '刚刚'],
    [1, '刚刚'],
    [59 * SECOND + 999, '刚刚'],
    [MINUTE, '1分钟前'],
    [MINUTE + 59 * SECOND, '1分钟前'],
    [2 * MINUTE, '2分钟前'],
    [59 * MINUTE + 59 * SECOND, '59分钟前'],
    [HOUR, '1小时前'],
    [HOUR + 59 * MINUTE, '1小时前'],
    [23 * HOUR + 59 * MINUTE + 59 * SECOND, '23小时前'],
    [DAY, '1天前'],
    [2 * DAY - 1, '1天前'],
    [2 * DAY, '2天前'],
    [365 * DAY, '365天前'],
    [10_000 * DAY, '10000天前'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(relativeTime(NOW - elapsed, NOW)).toBe(expected);
  });

  it('says 刚刚 for future times', () => {
    expect(relativeTime(NOW + SECOND, NOW)).toBe('刚刚');
    expect(relativeTime(NOW + DAY, NOW)).toBe('刚刚');
  });

  it('reads 10-digit timestamps as seconds', () => {
    const nowSeconds = 1_700_000_000;
    expect(relativeTime(nowSeconds - 300, nowSeconds * 1000)).toBe('5分钟前');
    expect(relativeTime(String(nowSeconds - 7200), nowSeconds)).toBe('2小时前');
  });

  it('accepts dates, dayjs objects and date text', () => {
    expect(relativeTime(new Date(NOW - 3 * HOUR), new Date(NOW))).toBe('3小时前');
    expect(relativeTime(dayjs(NOW).subtract(3, 'day'), dayjs(NOW))).toBe('3天前');
    expect(relativeTime('2024-02-29 12:00:00', NOW)).toBe('1天前');
  });

  it('counts elapsed time, not calendar days', () => {
    const lateEvening = new Date(2024, 1, 29, 23, 0, 0).getTime();
    const earlyMorning = new Date(2024, 2, 1, 1, 0, 0).getTime();
    expect(relativeTime(lateEvening, earlyMorning)).toBe('2小时前');
  });

  it('defaults now to the current time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    expect(relativeTime(NOW - 10 * MINUTE)).toBe('10分钟前');
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('returns "" for %j', (input) => {
    expect(relativeTime(input, NOW)).toBe('');
  });

  it('returns "" for an invalid now', () => {
    expect(relativeTime(NOW, 'bad')).toBe('');
  });
});
