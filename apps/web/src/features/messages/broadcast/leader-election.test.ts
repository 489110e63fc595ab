import { describe, expect, it, vi } from 'vitest';
import { electLeader, pollLockName } from './leader-election';
import { fakeLocks } from './test-fakes';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('leader election', () => {
  it('lets one tab lead; the next takes over when the leader leaves', async () => {
    const locks = fakeLocks();
    const name = pollLockName(1, 'S001');
    const endFirst = vi.fn();
    const endSecond = vi.fn();
    const first = vi.fn(() => endFirst);
    const second = vi.fn(() => endSecond);
    const tab1 = electLeader(locks, name, first);
    const tab2 = electLeader(locks, name, second);
    await flush();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();

    tab1.stop();
    await flush();
    expect(endFirst).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);

    tab2.stop();
    await flush();
    expect(endSecond).toHaveBeenCalledTimes(1);
    expect(locks.holder(name)).toBeNull();
  });

  it('a tab that leaves while waiting never leads', async () => {
    const locks = fakeLocks();
    const name = pollLockName(1, 'S001');
    const tab1 = electLeader(locks, name, () => () => undefined);
    const waiting = vi.fn(() => () => undefined);
    const tab2 = electLeader(locks, name, waiting);
    tab2.stop();
    tab1.stop();
    await flush();
    expect(waiting).not.toHaveBeenCalled();
    expect(locks.holder(name)).toBeNull();
  });

  it('a store switch is another lock: each store has its own leader', async () => {
    const locks = fakeLocks();
    const a = vi.fn(() => () => undefined);
    const b = vi.fn(() => () => undefined);
    electLeader(locks, pollLockName(1, 'S001'), a);
    electLeader(locks, pollLockName(1, 'S002'), b);
    await flush();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('without Web Locks every tab leads', () => {
    const end = vi.fn();
    const lead = vi.fn(() => end);
    const tab = electLeader(undefined, 'x', lead);
    electLeader(undefined, 'x', lead);
    expect(lead).toHaveBeenCalledTimes(2);
    tab.stop();
    expect(end).toHaveBeenCalledTimes(1);
  });
});
