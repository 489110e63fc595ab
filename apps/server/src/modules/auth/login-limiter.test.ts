import { describe, expect, it } from 'vitest';
import { lockedForMs } from './login-limiter.js';

const WINDOW = 15 * 60 * 1000;
const now = new Date('2025-01-01T00:15:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('lockedForMs', () => {
  it('allows a try below the limit', () => {
    expect(lockedForMs([ago(1000), ago(2000)], 3, WINDOW, now)).toBe(0);
    expect(lockedForMs([], 3, WINDOW, now)).toBe(0);
  });

  it('waits until the oldest counted failure leaves the window', () => {
    expect(lockedForMs([ago(1000), ago(2000), ago(60_000)], 3, WINDOW, now)).toBe(WINDOW - 60_000);
  });

  it('with more failures than the limit (concurrent tries), waits for the max-th newest', () => {
    expect(lockedForMs([ago(1000), ago(2000), ago(3000), ago(600_000)], 3, WINDOW, now)).toBe(WINDOW - 3000);
  });
});
