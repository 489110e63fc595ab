import { describe, expect, it } from 'vitest';
import { levelAfterCancel, levelFor, thresholdOf } from './member-level.js';

describe('member level thresholds', () => {
  it('answers the highest level the paid amount reaches', () => {
    expect(levelFor(0)).toBe(1);
    expect(levelFor(49_999)).toBe(1);
    expect(levelFor(50_000)).toBe(2);
    expect(levelFor(200_000)).toBe(3);
    expect(levelFor(9_999_999)).toBe(4);
    expect(thresholdOf(3)).toBe(200_000);
  });

  it('never raises the level on a cancel check, only keeps or drops it', () => {
    expect(levelAfterCancel(2, 600_000)).toBe(2);
    expect(levelAfterCancel(3, 199_999)).toBe(2);
    expect(levelAfterCancel(4, 0)).toBe(1);
  });
});
