import type { MessageRepository } from './message.repository.js';
import { inboxKey } from './message.repository.js';
import type { PollHub } from './poll-hub.js';

/**
 * The safety net for lost wake-ups (Redis down or flushed, a dropped subscription, a forgotten `wake`): while
 * polls are held, one indexed query finds inboxes with recent not-pushed messages and wakes the held ones. It
 * runs as an instance job (im.jobs.ts), since each instance holds its own polls.
 */
export function createPendingSweeper(deps: {
  hub: Pick<PollHub, 'size' | 'has' | 'wake'>;
  messages: Pick<MessageRepository, 'recentPendingInboxes'>;
}): { sweep(): Promise<void> } {
  return {
    async sweep() {
      if (deps.hub.size() === 0) return;
      const keys = (await deps.messages.recentPendingInboxes()).map(inboxKey).filter((k) => deps.hub.has(k));
      if (keys.length > 0) deps.hub.wake(keys);
    },
  };
}
