import type { Message } from '@console/contract';
import { IM_LIMITS } from '@console/contract';

/** What one listener call needs; rejects with `{ status }` for an HTTP failure and `{ cancelled: true }` on abort. */
export type FetchBatch = (ackIds: number[], signal: AbortSignal) => Promise<Message[]>;

export type PollTimers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
};

export type PollLoopDeps = {
  fetchBatch: FetchBatch;
  /**
   * The answer's messages; the loop acknowledges all of them on the next call, so this must take them in
   * (store, de-duplicate) before it returns.
   */
  onMessages(messages: Message[]): void;
  /** 网络已断开: shown when the loop pauses for being offline. */
  onOffline(): void;
  /** More than 2 consecutive failures, at most once per errorPromptThrottleMs. */
  onFailureNotice(): void;
  isOnline(): boolean;
  /** Whether a failure is the HTTP busy status (555), for the longer back-off. */
  statusOf(error: unknown): number | null;
  isCancel(error: unknown): boolean;
  timers: PollTimers;
};

export type PollState = 'idle' | 'polling' | 'waiting' | 'offline' | 'stopped';

export type PollLoop = {
  start(): void;
  /** Aborts the request in flight and clears any retry; the loop can be started again. */
  stop(): void;
  /** The browser went offline: pause and say so. */
  goOffline(): void;
  /** Back online: the error count drops by offlineRecovery and polling resumes at once. */
  goOnline(): void;
  state(): PollState;
  errorCount(): number;
};

/**
 * The broadcast's long-poll loop (spec 4.6, 8, 9): the next call starts right after each answer and
 * acknowledges the ids of the previous answer (kept until a call succeeds, so a lost answer loses nothing);
 * failures retry after 60 s (120 s on 555), the loop stops after 100 errors, and more than 2 consecutive
 * failures show the failure notice at most once an hour.
 */
export function createPollLoop(deps: PollLoopDeps): PollLoop {
  const { timers } = deps;
  let state: PollState = 'idle';
  let errors = 0;
  let consecutive = 0;
  let lastNoticeAt: number | null = null;
  let ackIds: number[] = [];
  let controller: AbortController | null = null;
  let retryTimer: unknown = null;
  /** Each request belongs to a run; answers of an aborted run are ignored. */
  let run = 0;

  function clearRetry() {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  }

  function abortInFlight() {
    controller?.abort();
    controller = null;
  }

  function request() {
    clearRetry();
    if (!deps.isOnline()) {
      pauseOffline();
      return;
    }
    state = 'polling';
    const myRun = ++run;
    controller = new AbortController();
    const sentAcks = ackIds;
    deps.fetchBatch(sentAcks, controller.signal).then(
      (messages) => {
        if (myRun !== run) return;
        controller = null;
        consecutive = 0;
        ackIds = messages.map((m) => m.messageId).slice(0, IM_LIMITS.maxAckIds);
        try {
          deps.onMessages(messages);
        } finally {
          // A throwing subscriber must not end the loop (the error still reaches the error reporter).
          request();
        }
      },
      (error: unknown) => {
        if (myRun !== run) return;
        controller = null;
        if (deps.isCancel(error)) return;
        fail(deps.statusOf(error));
      },
    );
  }

  function fail(status: number | null) {
    errors += 1;
    consecutive += 1;
    if (consecutive > IM_LIMITS.errorPromptAfterFailures) {
      const now = timers.now();
      if (lastNoticeAt === null || now - lastNoticeAt >= IM_LIMITS.errorPromptThrottleMs) {
        lastNoticeAt = now;
        deps.onFailureNotice();
      }
    }
    if (errors >= IM_LIMITS.maxPollErrors) {
      state = 'stopped';
      return;
    }
    state = 'waiting';
    const delay = status === IM_LIMITS.busyStatus ? IM_LIMITS.pollRetryBusyMs : IM_LIMITS.pollRetryMs;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      request();
    }, delay);
  }

  function pauseOffline() {
    run += 1;
    abortInFlight();
    clearRetry();
    if (state !== 'offline') deps.onOffline();
    state = 'offline';
  }

  return {
    start() {
      if (state === 'polling' || state === 'waiting') return;
      request();
    },
    stop() {
      run += 1;
      abortInFlight();
      clearRetry();
      state = 'idle';
    },
    goOffline() {
      if (state === 'idle') return;
      pauseOffline();
    },
    goOnline() {
      if (state === 'idle') return;
      errors = Math.max(0, errors - IM_LIMITS.offlineRecovery);
      if (state === 'polling' || errors >= IM_LIMITS.maxPollErrors) return;
      run += 1;
      abortInFlight();
      request();
    },
    state: () => state,
    errorCount: () => errors,
  };
}
