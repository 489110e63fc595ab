/** The part of `navigator.locks` the election uses. */
export type LockManagerLike = {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
};

export type Leadership = {
  /** Leaves the election: gives up the lock if held (the next tab takes over) or stops waiting for it. */
  stop(): void;
};

export function pollLockName(userId: number, storeCode: string): string {
  return `im-poll-${userId}-${storeCode}`;
}

/**
 * One poller per browser (DESIGN.md section 4): every tab asks for the same Web Lock; the holder leads until it
 * stops or its tab closes (the browser releases the lock), then the next waiting tab is granted it.
 * `lead` starts the leader's work and returns what ends it. Without Web Locks every tab leads.
 */
export function electLeader(
  locks: LockManagerLike | undefined,
  name: string,
  lead: () => () => void,
): Leadership {
  if (!locks) {
    const end = lead();
    return { stop: end };
  }
  let stopped = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const controller = new AbortController();
  locks
    .request(name, { signal: controller.signal }, async () => {
      if (stopped) return;
      const end = lead();
      try {
        await released;
      } finally {
        end();
      }
    })
    .catch(() => {
      // Aborted while waiting (the tab left the election): nothing held, nothing to end.
    });
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      controller.abort();
      release();
    },
  };
}
