import type { Message } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollLoop, type PollLoopDeps } from './poll-loop';
import { fakeMessage } from './test-fakes';

type Pending = {
  ackIds: number[];
  resolve(m: Message[]): void;
  reject(e: unknown): void;
  signal: AbortSignal;
};

function setup(overrides: Partial<PollLoopDeps> = {}) {
  const calls: Pending[] = [];
  let online = true;
  const deps: PollLoopDeps = {
    fetchBatch: (ackIds, signal) =>
      new Promise((resolve, reject) => {
        calls.push({ ackIds, resolve, reject, signal });
        signal.addEventListener('abort', () => reject({ cancelled: true }));
      }),
    onMessages: vi.fn(),
    onOffline: vi.fn(),
    onFailureNotice: vi.fn(),
    isOnline: () => online,
    statusOf: (error) => (error as { status?: number }).status ?? null,
    isCancel: (error) => (error as { cancelled?: boolean }).cancelled === true,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
      now: () => Date.now(),
    },
    ...overrides,
  };
  const loop = createPollLoop(deps);
  return { loop, deps, calls, setOnline: (value: boolean) => (online = value) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

/** Fails the latest call and lets the retry timer run. */
async function failAndRetry(calls: Pending[], status: number, retryMs = 60_000) {
  calls.at(-1)!.reject({ status });
  await flush();
  await vi.advanceTimersByTimeAsync(retryMs);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('poll loop', () => {
  it('polls again right after each answer, acknowledging the previous answer', async () => {
    const { loop, deps, calls } = setup();
    loop.start();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.ackIds).toEqual([]);
    calls[0]!.resolve([fakeMessage(7), fakeMessage(9)]);
    await flush();
    expect(deps.onMessages).toHaveBeenCalledWith([
      expect.objectContaining({ messageId: 7 }),
      expect.anything(),
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.ackIds).toEqual([7, 9]);
    calls[1]!.resolve([]);
    await flush();
    expect(calls[2]!.ackIds).toEqual([]);
  });

  it('keeps the acknowledgement of an answer until a later call succeeds (lost answer loses nothing)', async () => {
    const { loop, calls } = setup();
    loop.start();
    calls[0]!.resolve([fakeMessage(3)]);
    await flush();
    await failAndRetry(calls, 502);
    expect(calls).toHaveLength(3);
    expect(calls[2]!.ackIds).toEqual([3]);
  });

  it('retries after 60 s on a failure and after 120 s on status 555', async () => {
    const { loop, calls } = setup();
    loop.start();
    calls[0]!.reject({ status: 500 });
    await flush();
    expect(loop.state()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);

    calls[1]!.reject({ status: 555 });
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('stops after 100 errors', async () => {
    const { loop, calls } = setup();
    loop.start();
    for (let i = 0; i < 99; i++) await failAndRetry(calls, 500);
    expect(calls).toHaveLength(100);
    calls.at(-1)!.reject({ status: 500 });
    await flush();
    expect(loop.state()).toBe('stopped');
    expect(loop.errorCount()).toBe(100);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(100);
  });

  it('shows the failure notice after more than 2 consecutive failures, at most once an hour', async () => {
    const { loop, deps, calls } = setup();
    loop.start();
    await failAndRetry(calls, 500);
    await failAndRetry(calls, 500);
    expect(deps.onFailureNotice).not.toHaveBeenCalled();
    await failAndRetry(calls, 500);
    expect(deps.onFailureNotice).toHaveBeenCalledTimes(1);
    // More failures within the hour: no second notice.
    for (let i = 0; i < 50; i++) await failAndRetry(calls, 500);
    expect(deps.onFailureNotice).toHaveBeenCalledTimes(1);
    // Failure n happens at (n - 1) minutes: the notice came at failure 3 (2 min), the next is due at 62 min.
    for (let i = 0; i < 9; i++) await failAndRetry(calls, 500);
    expect(deps.onFailureNotice).toHaveBeenCalledTimes(1);
    await failAndRetry(calls, 500);
    expect(deps.onFailureNotice).toHaveBeenCalledTimes(2);
  });

  it('a success resets the consecutive count', async () => {
    const { loop, deps, calls } = setup();
    loop.start();
    await failAndRetry(calls, 500);
    await failAndRetry(calls, 500);
    calls.at(-1)!.resolve([]);
    await flush();
    await failAndRetry(calls, 500);
    await failAndRetry(calls, 500);
    expect(deps.onFailureNotice).not.toHaveBeenCalled();
  });

  it('pauses offline with the notice, and back online takes 3 off the error count and resumes at once', async () => {
    const { loop, deps, calls, setOnline } = setup();
    loop.start();
    for (let i = 0; i < 5; i++) await failAndRetry(calls, 500);
    expect(loop.errorCount()).toBe(5);
    setOnline(false);
    loop.goOffline();
    expect(deps.onOffline).toHaveBeenCalledTimes(1);
    expect(loop.state()).toBe('offline');
    expect(calls.at(-1)!.signal.aborted).toBe(true);
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toHaveLength(before);

    setOnline(true);
    loop.goOnline();
    expect(loop.errorCount()).toBe(2);
    expect(calls).toHaveLength(before + 1);
    expect(loop.state()).toBe('polling');
  });

  it('does not let the error count go below 0 and says offline when starting offline', () => {
    const { loop, deps, calls, setOnline } = setup();
    setOnline(false);
    loop.start();
    expect(calls).toHaveLength(0);
    expect(deps.onOffline).toHaveBeenCalledTimes(1);
    setOnline(true);
    loop.goOnline();
    expect(loop.errorCount()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('aborts the request in flight on stop and ignores its late answer', async () => {
    const { loop, deps, calls } = setup();
    loop.start();
    loop.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve([fakeMessage(1)]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(deps.onMessages).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(loop.state()).toBe('idle');
  });
});
