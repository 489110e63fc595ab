/**
 * A circuit around the Redis client for the calls a request waits on (rate-limit counters, the Redis监控 INFO):
 * skip-on-error only helps when a command fails, not when Redis hangs (a `CLIENT PAUSE`, a stalled network, a
 * long-running script). ADR 0004.
 *
 * - Each guarded command races a deadline (`REDIS_COMMAND_DEADLINE_MS`, tens of ms); missing it, or failing,
 *   rejects with `RedisUnavailableError` and opens the circuit.
 * - While the circuit is open, guarded commands reject at once without touching Redis; callers fall back (the
 *   rate-limit store counts in this instance's memory) or answer 503.
 * - While open, a probe runs every `probeEveryMs`, itself under the deadline; the first one that answers in time
 *   closes the circuit. Only the probe waits on Redis while it is open, so at most one command per interval
 *   queues behind a stall.
 *
 * A command that missed its deadline is not cancelled (ioredis cannot take it back): it still runs when Redis
 * answers, which a counter increment allows.
 */

type Logger = { warn(details: object, message: string): void; info(details: object, message: string): void };

export class RedisUnavailableError extends Error {
  constructor(reason: string) {
    super(`Redis unavailable: ${reason}`);
    this.name = 'RedisUnavailableError';
  }
}

export type RedisGuard<C> = {
  /** Runs `command` with the deadline (or `deadlineMs`); rejects with RedisUnavailableError when it cannot. */
  run<T>(command: (client: C) => Promise<T>, options?: { deadlineMs?: number }): Promise<T>;
  /** True while guarded calls fail at once. */
  isOpen(): boolean;
  /** Stops the probe (the app is closing). */
  stop(): void;
};

export type RedisGuardOptions<C> = {
  /** How long a request waits on one Redis command. */
  deadlineMs: number;
  /** How often an open circuit asks Redis whether it answers again. */
  probeEveryMs?: number;
  /** What the probe asks; by default a write, since a write is what the counters need (`CLIENT PAUSE WRITE`). */
  probe: (client: C) => Promise<unknown>;
  log?: Logger;
};

export const DEFAULT_PROBE_EVERY_MS = 1_000;

export function createRedisGuard<C>(client: C, options: RedisGuardOptions<C>): RedisGuard<C> {
  const { deadlineMs, probe } = options;
  const probeEveryMs = options.probeEveryMs ?? DEFAULT_PROBE_EVERY_MS;
  const log = options.log ?? silentLogger;
  let open = false;
  let probeTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** `command` against the deadline; never leaves a rejection unhandled, never keeps the process alive. */
  const withDeadline = <T>(command: (client: C) => Promise<T>, ms: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let settled = false;
      // Timers run before I/O in Node's loop: after a blocked loop (GC, a long synchronous handler) the deadline
      // fires while Redis's answer waits unread in the socket. setImmediate runs after that I/O, so only a real
      // stall of Redis counts, never one of this process.
      const timer = setTimeout(() => {
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new RedisUnavailableError(`no answer within ${ms} ms`));
        });
      }, ms);
      timer.unref?.();
      let pending: Promise<T>;
      try {
        pending = command(client);
      } catch (error) {
        pending = Promise.reject(error as Error);
      }
      pending.then(
        (value) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(new RedisUnavailableError(error instanceof Error ? error.message : String(error)));
        },
      );
    });

  const scheduleProbe = () => {
    if (stopped || probeTimer) return;
    probeTimer = setTimeout(() => {
      probeTimer = null;
      withDeadline(probe, deadlineMs).then(
        () => {
          if (!open) return;
          open = false;
          log.info({}, 'Redis answers again: circuit closed');
        },
        () => scheduleProbe(),
      );
    }, probeEveryMs);
    probeTimer.unref?.();
  };

  const trip = (error: RedisUnavailableError) => {
    if (open) return;
    open = true;
    log.warn({ err: error }, 'Redis did not answer in time: circuit open, falling back until it does');
    scheduleProbe();
  };

  return {
    async run(command, runOptions) {
      if (open) throw new RedisUnavailableError('circuit open');
      try {
        return await withDeadline(command, runOptions?.deadlineMs ?? deadlineMs);
      } catch (error) {
        const unavailable =
          error instanceof RedisUnavailableError ? error : new RedisUnavailableError(String(error));
        trip(unavailable);
        throw unavailable;
      }
    },
    isOpen: () => open,
    stop() {
      stopped = true;
      if (probeTimer) clearTimeout(probeTimer);
      probeTimer = null;
    },
  };
}

const silentLogger: Logger = { warn: () => undefined, info: () => undefined };
