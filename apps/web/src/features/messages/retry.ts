import { isApiError, isCancelledError } from '../../lib/http';

export type RetryOptions = {
  /** Further attempts after the first one fails. */
  retries: number;
  /** Pause before retry n (1-based); none by default. */
  delayMs?: (retry: number) => number;
  sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` and retries it up to `retries` times on failure (spec 8: unread count, tags and mark read are
 * retried 3 times). A cancelled call is not retried. Rejects with the last error.
 */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= options.retries || isCancelledError(error)) throw error;
      const delay = options.delayMs?.(retry + 1) ?? 0;
      if (delay > 0) await sleep(delay);
    }
  }
}

/** The server's own message (spec 8: "or the server's errorMsg"), else `fallback` for transport failures. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const fromServer = error.kind === 'business' || (error.kind === 'http' && error.errorCode !== null);
  return fromServer ? error.message : fallback;
}
