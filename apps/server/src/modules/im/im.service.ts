import {
  BUSINESS_TYPES,
  IM_LIMITS,
  OPERATE_TYPE,
  type Broadcast,
  type BusinessTag,
  type MessagePage,
  type OperateMessagesBody,
  type UnreadCount,
} from '@console/contract';
import { notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { IM_TEXT } from './im.messages.js';
import { toMessage, type Inbox, type MessageRow } from './message-format.js';
import {
  inboxKey,
  type Acknowledgement,
  type MessageRepository,
  type PageQuery,
  type PendingQuery,
} from './message.repository.js';

/**
 * An acknowledging poll's check: its inbox, how many messages it takes, and (on its first check) the ids of the
 * previous answer it acknowledges.
 */
export type PendingCheck = { inbox: Inbox; size: number; ackIds?: readonly number[] };

export type ImService = ReturnType<typeof createImService>;

export function createImService(deps: { messages: MessageRepository; clock: Clock }) {
  const { messages, clock } = deps;
  const broadcastOf = (inbox: Inbox, rows: readonly MessageRow[], messageCount: number): Broadcast => {
    const now = clock();
    return { messageCount, messageList: rows.map((row) => toMessage(row, inbox, now)) };
  };

  return {
    /** Step 1 of the listener: the previous answer's ids the client took in become unread. */
    acknowledge: (inbox: Inbox, ackIds: readonly number[]) => messages.acknowledge(inbox, ackIds, clock()),

    /** Step 1 for many polls at once (batched by the caller). */
    acknowledgeMany: (acks: readonly Acknowledgement[]) => messages.acknowledgeMany(acks, clock()),

    /**
     * Steps 1 and 2 for many acknowledging polls at once, one answer per poll (batched by the caller): two
     * statements at most, whatever the number of polls, the second only for inboxes with more waiting than a
     * poll takes. The acknowledgements go in the first.
     */
    async waitingOfMany(checks: readonly PendingCheck[]): Promise<(Broadcast | null)[]> {
      const queries = new Map<string, PendingQuery>();
      const acks: Acknowledgement[] = [];
      for (const { inbox, size, ackIds } of checks) {
        const key = inboxKey(inbox);
        const known = queries.get(key);
        if (!known) queries.set(key, { receiverId: inbox.receiverId, storeId: inbox.storeId, limit: size });
        else if (size > known.limit) known.limit = size;
        if (ackIds && ackIds.length > 0) acks.push({ inbox, ids: ackIds });
      }
      const found = new Map<string, MessageRow[]>();
      const acknowledging = acks.length > 0 ? { acks, now: clock() } : null;
      for (const row of await messages.pendingOfMany([...queries.values()], acknowledging)) {
        const key = inboxKey(row);
        const rows = found.get(key);
        if (rows) rows.push(row);
        else found.set(key, [row]);
      }
      const saturated = [...found].filter(([key, rows]) => rows.length >= queries.get(key)!.limit);
      const counts =
        saturated.length > 0
          ? await messages.countPendingOfMany(saturated.map(([key]) => queries.get(key)!))
          : new Map<string, number>();
      return checks.map(({ inbox, size }) => {
        const key = inboxKey(inbox);
        const rows = found.get(key);
        if (!rows) return null;
        return broadcastOf(inbox, rows.slice(0, size), counts.get(key) ?? rows.length);
      });
    },

    /**
     * An acknowledging poll answered from messages this instance has just committed for its inbox (oldest
     * first), without reading them back: `messageCount` counts those.
     */
    delivered: (inbox: Inbox, rows: readonly MessageRow[], size: number): Broadcast =>
      broadcastOf(inbox, rows.slice(0, size), rows.length),

    /**
     * Step 2 of the listener: the waiting messages, oldest first, or null when none wait. Acknowledging
     * clients get them again until acknowledged; others have them marked delivered in the same statement.
     */
    async waiting(inbox: Inbox, size: number, markOnDelivery: boolean): Promise<Broadcast | null> {
      if (markOnDelivery) {
        const rows = await messages.takePending(inbox, size, clock());
        if (rows.length === 0) return null;
        const rest = rows.length < size ? 0 : await messages.countPending(inbox);
        return broadcastOf(inbox, rows, rows.length + rest);
      }
      const rows = await messages.pending(inbox, size);
      if (rows.length === 0) return null;
      const total = rows.length < size ? rows.length : await messages.countPending(inbox);
      return broadcastOf(inbox, rows, total);
    },

    /** Not-pushed messages older than a card's life become unread history without popping up. */
    async supplement(inbox: Inbox): Promise<{ supplemented: number }> {
      const now = clock();
      const before = new Date(now.getTime() - IM_LIMITS.cardLifetimeMs);
      return { supplemented: await messages.supplement(inbox, before, now) };
    },

    async unreadCount(inbox: Inbox): Promise<UnreadCount> {
      const rows = await messages.unreadByBusinessType(inbox);
      return {
        messageCount: rows.reduce((sum, r) => sum + r.count, 0),
        businessMessageCountList: rows.map((r) => ({
          businessType: r.businessType,
          businessMessageCount: r.count,
        })),
      };
    },

    async operate(inbox: Inbox, body: OperateMessagesBody): Promise<{ affected: number }> {
      const now = clock();
      switch (body.operateType) {
        case OPERATE_TYPE.markAllRead:
          return { affected: await messages.markAllRead(inbox, now) };
        case OPERATE_TYPE.clearAll:
          return { affected: await messages.clearAll(inbox) };
        default: {
          const ids = [...new Set(body.ids ?? [])];
          const existing = await messages.existing(inbox, ids);
          if (existing.length === 0) throw notFound(IM_TEXT.notFound, 'IM_MESSAGE_NOT_FOUND');
          const affected =
            body.operateType === OPERATE_TYPE.markRead
              ? await messages.markRead(inbox, existing, now)
              : await messages.remove(inbox, existing);
          return { affected };
        }
      }
    },

    async page(inbox: Inbox, query: PageQuery): Promise<MessagePage> {
      const { rows, total } = await messages.page(inbox, query);
      const now = clock();
      return {
        list: rows.map((row) => toMessage(row, inbox, now)),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    businessTypes: (): BusinessTag[] => BUSINESS_TYPES.map(({ code, message }) => ({ code, message })),
  };
}
