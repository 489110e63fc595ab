import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRedisGuard, RedisUnavailableError, type RedisGuard } from './redis-guard.js';

/** A stand-in for the Redis client: each command answers after `latencyMs`, or never while `stalled`. */
class FakeRedis {
  latencyMs = 1;
  stalled = false;
  failing = false;
  calls = 0;
  probes = 0;

  private answer<T>(value: T): Promise<T> {
    if (this.failing) return Promise.reject(new Error('connection refused'));
    if (this.stalled) return new Promise<T>(() => undefined);
    return new Promise<T>((resolve) => setTimeout(() => resolve(value), this.latencyMs));
  }

  incr(): Promise<number> {
    this.calls += 1;
    return this.answer(this.calls);
  }

  probe(): Promise<string> {
    this.probes += 1;
    return this.answer('OK');
  }
}

const DEADLINE_MS = 50;
const PROBE_EVERY_MS = 1_000;

describe('createRedisGuard', () => {
  let redis: FakeRedis;
  let guard: RedisGuard<FakeRedis>;

  beforeEach(() => {
    vi.useFakeTimers();
    redis = new FakeRedis();
    guard = createRedisGuard(redis, {
      deadlineMs: DEADLINE_MS,
      probeEveryMs: PROBE_EVERY_MS,
      probe: (client) => client.probe(),
    });
  });

  afterEach(() => {
    guard.stop();
    vi.useRealTimers();
  });

  /** Runs one guarded INCR; answers its outcome and the fake time it took. */
  async function timedIncr(): Promise<{ ok: boolean; value?: number; error?: unknown; tookMs: number }> {
    const started = Date.now();
    const outcome = guard
      .run((client) => client.incr())
      .then(
        (value) => ({ ok: true, value }),
        (error: unknown) => ({ ok: false, error }),
      );
    await vi.advanceTimersByTimeAsync(DEADLINE_MS + 10);
    return { ...(await outcome), tookMs: Date.now() - started };
  }

  it('passes a prompt answer through and stays closed', async () => {
    const outcome = await timedIncr();
    expect(outcome).toMatchObject({ ok: true, value: 1 });
    expect(guard.isOpen()).toBe(false);
  });

  it('a stalled command rejects at the deadline and opens the circuit', async () => {
    redis.stalled = true;
    const started = Date.now();
    const outcome = guard.run((client) => client.incr()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(DEADLINE_MS - 1);
    expect(guard.isOpen()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runOnlyPendingTimersAsync(); // the setImmediate after the deadline (I/O first)
    expect(await outcome).toBeInstanceOf(RedisUnavailableError);
    expect(Date.now() - started).toBeLessThanOrEqual(DEADLINE_MS + 1);
    expect(guard.isOpen()).toBe(true);
  });

  it('a failing command opens the circuit too', async () => {
    redis.failing = true;
    const outcome = await timedIncr();
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBeInstanceOf(RedisUnavailableError);
    expect(guard.isOpen()).toBe(true);
  });

  it('while open, calls fail at once without reaching Redis', async () => {
    redis.stalled = true;
    await timedIncr();
    const callsWhenOpened = redis.calls;
    await expect(guard.run((client) => client.incr())).rejects.toThrow(/circuit open/);
    await expect(guard.run((client) => client.incr())).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(redis.calls).toBe(callsWhenOpened);
  });

  it('probes once per interval while Redis stalls and closes when a probe answers in time', async () => {
    redis.stalled = true;
    await timedIncr();
    expect(redis.probes).toBe(0);
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS + DEADLINE_MS);
    expect(redis.probes).toBe(1);
    expect(guard.isOpen()).toBe(true);
    // A probe that misses its deadline schedules the next one: one per interval plus deadline.
    await vi.advanceTimersByTimeAsync(3 * (PROBE_EVERY_MS + DEADLINE_MS));
    expect(redis.probes).toBe(4);
    expect(guard.isOpen()).toBe(true);

    redis.stalled = false;
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS + DEADLINE_MS);
    expect(guard.isOpen()).toBe(false);
    const probes = redis.probes;
    const outcome = await timedIncr();
    expect(outcome.ok).toBe(true);
    // Closed: no more probes.
    await vi.advanceTimersByTimeAsync(5 * PROBE_EVERY_MS);
    expect(redis.probes).toBe(probes);
  });

  it('a probe answering, but slower than the deadline, keeps the circuit open', async () => {
    redis.failing = true;
    await timedIncr();
    redis.failing = false;
    redis.latencyMs = DEADLINE_MS * 3;
    await vi.advanceTimersByTimeAsync(3 * (PROBE_EVERY_MS + DEADLINE_MS));
    expect(redis.probes).toBeGreaterThanOrEqual(2);
    expect(guard.isOpen()).toBe(true);
    redis.latencyMs = 1;
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS + DEADLINE_MS);
    expect(guard.isOpen()).toBe(false);
  });

  it('an answer read in the same loop turn as the deadline still counts (a blocked loop is no Redis stall)', async () => {
    // The answer and the deadline fall due together, as when this process was blocked past the deadline.
    redis.latencyMs = DEADLINE_MS;
    const outcome = await timedIncr();
    expect(outcome).toMatchObject({ ok: true, value: 1 });
    expect(guard.isOpen()).toBe(false);
  });

  it('a longer deadline for one call (an admin page) is honoured', async () => {
    redis.latencyMs = 200;
    const outcome = guard.run((client) => client.incr(), { deadlineMs: 1_000 });
    await vi.advanceTimersByTimeAsync(200);
    await expect(outcome).resolves.toBe(1);
    expect(guard.isOpen()).toBe(false);
  });

  it('stop ends the probing', async () => {
    redis.stalled = true;
    await timedIncr();
    guard.stop();
    await vi.advanceTimersByTimeAsync(5 * PROBE_EVERY_MS);
    expect(redis.probes).toBe(0);
  });
});
