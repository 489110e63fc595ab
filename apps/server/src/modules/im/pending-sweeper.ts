import type { MessageRepository } from './message.repository.js';
import { inboxKey } from './message.repository.js';
import type { PollHub } from './poll-hub.js';

/**
 * The safety net for lost wake-ups (Redis down or flushed, a dropped subscription, a forgotten `wake`): every
 * `sweepMs`, while polls are held, one indexed query finds inboxes with recent not-pushed messages and wakes
 * the held ones.
 */
export function startPendingSweeper(deps: {
  hub: Pick<PollHub, 'size' | 'has' | 'wake'>;
  messages: Pick<MessageRepository, 'recentPendingInboxes'>;
  sweepMs: number;
  log: { warn(details: object, message: string): void };
}): { stop(): void; sweep(): Promise<void> } {
  let running = false;
  async function sweep(): Promise<void> {
    if (running || deps.hub.size() === 0) return;
    running = true;
    try {
      const keys = (await deps.messages.recentPendingInboxes()).map(inboxKey).filter((k) => deps.hub.has(k));
      if (keys.length > 0) deps.hub.wake(keys);
    } catch (error) {
      deps.log.warn({ err: error }, 'pending sweep failed');
    } finally {
      running = false;
    }
  }
  const timer = setInterval(() => void sweep(), deps.sweepMs);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
