import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');

describe('timeLeft', () => {
  it('shows minutes and seconds, rounding a started second up', () => {
    expect(timeLeft(NOW + 29 * 60_000 + 59_500, NOW)).toEqual({
      ms: 29 * 60_000 + 59_500,
      text: '30:00',
      urgent: false,
      expired: false,
    });
    expect(timeLeft('2026-11-21T10:12:05.000Z', NOW).text).toBe('12:05');
  });

  it('adds hours from one hour up', () => {
    expect(timeLeft(NOW + 3_600_000 + 61_000, NOW).text).toBe('1:01:01');
  });

  it('is urgent under five minutes, not at five', () => {
    expect(timeLeft(NOW + 5 * 60_000, NOW).urgent).toBe(false);
    expect(timeLeft(NOW + 5 * 60_000 - 1, NOW).urgent).toBe(true);
    expect(timeLeft(NOW + 1_000, NOW)).toMatchObject({ text: '00:01', urgent: true, expired: false });
  });

  it('is expired at and after the end, and for an unreadable date', () => {
    expect(timeLeft(NOW, NOW)).toEqual({ ms: 0, text: '00:00', urgent: false, expired: true });
    expect(timeLeft(NOW - 60_000, NOW).expired).toBe(true);
    expect(timeLeft('not a date', NOW).expired).toBe(true);
  });
});
