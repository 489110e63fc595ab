import type { Message } from '@console/contract';

/** How many shown ids are remembered per user and store: far more than one answer (100) can hold. */
export const SEEN_IDS_LIMIT = 500;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function seenIdsKey(userId: number, storeCode: string): string {
  return `im-seen:${userId}:${storeCode}`;
}

function readIds(storage: StorageLike, key: string): number[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * Exactly-once display over at-least-once delivery: the ids already shown, kept in localStorage so that every
 * tab of the browser (and a tab that becomes the poller later) agrees. Read on every call: another tab may have
 * written since.
 */
export function takeUnseen(
  storage: StorageLike,
  key: string,
  messages: Message[],
  limit = SEEN_IDS_LIMIT,
): Message[] {
  if (messages.length === 0) return [];
  const seen = readIds(storage, key);
  const known = new Set(seen);
  const fresh: Message[] = [];
  for (const message of messages) {
    if (known.has(message.messageId)) continue;
    known.add(message.messageId);
    seen.push(message.messageId);
    fresh.push(message);
  }
  if (fresh.length > 0) {
    try {
      storage.setItem(key, JSON.stringify(seen.slice(-limit)));
    } catch {
      // Storage full or blocked: this tab still de-duplicates the answer itself.
    }
  }
  return fresh;
}
