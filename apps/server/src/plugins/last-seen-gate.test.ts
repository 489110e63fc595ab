import { describe, expect, it } from 'vitest';
import { createLastSeenGate } from './last-seen-gate.js';

describe('last-seen gate', () => {
  it('lets the first request of a session write, then one per window', () => {
    const gate = createLastSeenGate(60_000);
    expect(gate.due(1, 0)).toBe(true);
    expect(gate.due(1, 59_999)).toBe(false);
    expect(gate.due(2, 59_999)).toBe(true);
    expect(gate.due(1, 60_000)).toBe(true);
    expect(gate.due(1, 60_001)).toBe(false);
  });

  it('remembers only the sessions written within the window, however many came before', () => {
    const gate = createLastSeenGate(60_000);
    for (let id = 0; id < 50_000; id += 1) gate.due(id, id * 10);
    // Session 49,999 was written at 499,990 ms: the sessions of the last 60 s are 44,000 and later.
    expect(gate.size()).toBe(6_000);
    // A session seen long ago writes again; one seen within the window does not.
    expect(gate.due(0, 500_000)).toBe(true);
    expect(gate.due(49_999, 500_000)).toBe(false);
  });
});
