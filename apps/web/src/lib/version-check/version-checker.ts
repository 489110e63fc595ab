/** What started a comparison; the startup dialog adds the clear-cache advice (spec 8). */
export type VersionTrigger = 'startup' | 'poll' | 'resource';

/** Spec 9: triggers within 5 s share one comparison; a failing fetch is retried up to 10 times. */
export const VERSION_SHARE_MS = 5_000;
export const VERSION_FETCH_RETRIES = 10;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Wait before retry n (1-based): 1 s, 2 s, 4 s … capped at 30 s, about 3 minutes over all ten. */
export function retryDelayMs(retry: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** (retry - 1), RETRY_MAX_MS);
}

export type VersionCheckerDeps = {
  /** One attempt at the current index.html; rejects on any failure. */
  fetchIndexHtml(): Promise<string>;
  isNewVersion(indexHtml: string): boolean;
  onNewVersion(trigger: VersionTrigger): void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export type VersionChecker = {
  /** Resolves true when a new version was found (now or earlier); never rejects. */
  check(trigger: VersionTrigger): Promise<boolean>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createVersionChecker(deps: VersionCheckerDeps): VersionChecker {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? defaultSleep;
  let shared: { promise: Promise<boolean>; settledAt: number | null } | null = null;
  let found = false;

  async function fetchWithRetries(): Promise<string | null> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await deps.fetchIndexHtml();
      } catch {
        if (retry >= VERSION_FETCH_RETRIES) return null;
        await sleep(retryDelayMs(retry + 1));
      }
    }
  }

  async function compare(trigger: VersionTrigger): Promise<boolean> {
    const html = await fetchWithRetries();
    // The dialog shows once per page: the reload it asks for is the only way forward.
    if (html === null || found || !deps.isNewVersion(html)) return found;
    found = true;
    deps.onNewVersion(trigger);
    return true;
  }

  return {
    check(trigger) {
      if (found) return Promise.resolve(true);
      const recent = shared && (shared.settledAt === null || now() - shared.settledAt < VERSION_SHARE_MS);
      if (shared && recent) return shared.promise;
      const current: { promise: Promise<boolean>; settledAt: number | null } = {
        promise: Promise.resolve(false),
        settledAt: null,
      };
      current.promise = compare(trigger).finally(() => {
        current.settledAt = now();
      });
      shared = current;
      return current.promise;
    },
  };
}

export type PollingDeps = {
  intervalMs: number;
  run(): void;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
};

/**
 * Runs `run` every `intervalMs` while the tab is visible. A hidden tab stops the timer; coming back runs at
 * once when a run is overdue, else waits out the rest of the interval. Returns a stop function.
 */
export function startPolling({ intervalMs, run, doc = document, now = Date.now }: PollingDeps): () => void {
  let lastRun = now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  };
  function tick() {
    lastRun = now();
    run();
    schedule(intervalMs);
  }
  const onVisibilityChange = () => {
    if (doc.hidden) {
      clearTimeout(timer);
      return;
    }
    const elapsed = now() - lastRun;
    if (elapsed >= intervalMs) tick();
    else schedule(intervalMs - elapsed);
  };

  doc.addEventListener('visibilitychange', onVisibilityChange);
  if (!doc.hidden) schedule(intervalMs);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
