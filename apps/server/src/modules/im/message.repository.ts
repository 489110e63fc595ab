import { MESSAGE_STATUS } from '@console/contract';
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { imMessages } from '../../db/schema.js';
import type { MessageRow } from './message-format.js';

export type InboxKey = { receiverId: number; storeId: number };
export type PageQuery = {
  pageNum: number;
  pageSize: number;
  status?: 1 | 2 | null;
  businessType?: number | null;
};

const { notPushed, unread, read, handled } = MESSAGE_STATUS;

const inboxOf = ({ receiverId, storeId }: InboxKey): SQL =>
  and(eq(imMessages.receiverId, receiverId), eq(imMessages.storeId, storeId))!;
const isPending = eq(imMessages.status, notPushed);
const isUnread = inArray(imMessages.status, [notPushed, unread]);

export type MessageRepository = ReturnType<typeof createMessageRepository>;

/** Every query of the message center; each is bounded to one receiver and one store. */
export function createMessageRepository(db: Database) {
  return {
    /** Acknowledged ids still not pushed become unread. */
    async acknowledge(inbox: InboxKey, ids: readonly number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(imMessages)
        .set({ status: unread, pushedAt: now })
        .where(and(inboxOf(inbox), isPending, inArray(imMessages.id, [...ids])));
    },

    /** Not-pushed messages, oldest first. */
    async pending(inbox: InboxKey, size: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(imMessages)
        .where(and(inboxOf(inbox), isPending))
        .orderBy(asc(imMessages.id))
        .limit(size);
    },

    /** Not-pushed messages, oldest first, marked unread in the same statement (mark on delivery). */
    async takePending(inbox: InboxKey, size: number, now: Date): Promise<MessageRow[]> {
      const oldest = db
        .select({ id: imMessages.id })
        .from(imMessages)
        .where(and(inboxOf(inbox), isPending))
        .orderBy(asc(imMessages.id))
        .limit(size)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(imMessages)
        .set({ status: unread, pushedAt: now })
        .where(and(inArray(imMessages.id, oldest), isPending))
        .returning();
      // RETURNING has no order; the wire answer is oldest first.
      return rows.sort((a, b) => a.id - b.id);
    },

    async countPending(inbox: InboxKey): Promise<number> {
      return db.$count(imMessages, and(inboxOf(inbox), isPending));
    },

    /** Not-pushed messages created before `before` become unread history without popping up. */
    async supplement(inbox: InboxKey, before: Date, now: Date): Promise<number> {
      const rows = await db
        .update(imMessages)
        .set({ status: unread, pushedAt: now })
        .where(and(inboxOf(inbox), isPending, lt(imMessages.createdAt, before)))
        .returning({ id: imMessages.id });
      return rows.length;
    },

    /** Unread (not pushed or unread) per business type, from the partial index im_messages_unread_idx. */
    async unreadByBusinessType(inbox: InboxKey): Promise<{ businessType: number; count: number }[]> {
      return db
        .select({ businessType: imMessages.businessType, count: count() })
        .from(imMessages)
        .where(and(inboxOf(inbox), isUnread))
        .groupBy(imMessages.businessType)
        .orderBy(asc(imMessages.businessType));
    },

    async unreadTotal(inbox: InboxKey): Promise<number> {
      return db.$count(imMessages, and(inboxOf(inbox), isUnread));
    },

    async markAllRead(inbox: InboxKey, now: Date): Promise<number> {
      const rows = await db
        .update(imMessages)
        .set({ status: read, readAt: now, pushedAt: sql`coalesce(${imMessages.pushedAt}, ${now})` })
        .where(and(inboxOf(inbox), isUnread))
        .returning({ id: imMessages.id });
      return rows.length;
    },

    async clearAll(inbox: InboxKey): Promise<number> {
      const rows = await db.delete(imMessages).where(inboxOf(inbox)).returning({ id: imMessages.id });
      return rows.length;
    },

    /** Which of `ids` exist in this inbox. */
    async existing(inbox: InboxKey, ids: readonly number[]): Promise<number[]> {
      const rows = await db
        .select({ id: imMessages.id })
        .from(imMessages)
        .where(and(inboxOf(inbox), inArray(imMessages.id, [...ids])));
      return rows.map((r) => r.id);
    },

    /** Marks `ids` read; already read or handled ones are left as they are. */
    async markRead(inbox: InboxKey, ids: readonly number[], now: Date): Promise<number> {
      const rows = await db
        .update(imMessages)
        .set({ status: read, readAt: now, pushedAt: sql`coalesce(${imMessages.pushedAt}, ${now})` })
        .where(and(inboxOf(inbox), isUnread, inArray(imMessages.id, [...ids])))
        .returning({ id: imMessages.id });
      return rows.length;
    },

    async remove(inbox: InboxKey, ids: readonly number[]): Promise<number> {
      const rows = await db
        .delete(imMessages)
        .where(and(inboxOf(inbox), inArray(imMessages.id, [...ids])))
        .returning({ id: imMessages.id });
      return rows.length;
    },

    /** Newest first. Status 1 = not pushed or unread, 2 = read or handled. */
    async page(inbox: InboxKey, query: PageQuery): Promise<{ rows: MessageRow[]; total: number }> {
      const conditions = [inboxOf(inbox)];
      if (query.status === 1) conditions.push(isUnread);
      if (query.status === 2) conditions.push(inArray(imMessages.status, [read, handled]));
      if (query.businessType != null) conditions.push(eq(imMessages.businessType, query.businessType));
      const where = and(...conditions);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(imMessages)
          .where(where)
          .orderBy(desc(imMessages.id))
          .limit(query.pageSize)
          .offset((query.pageNum - 1) * query.pageSize),
        db.$count(imMessages, where),
      ]);
      return { rows, total };
    },

    /**
     * Inboxes with recent not-pushed messages, from the partial index im_messages_pending_created_idx: the
     * sweeper's safety net for lost wake-ups. Older ones are answered by the next poll anyway.
     */
    async recentPendingInboxes(): Promise<InboxKey[]> {
      return db
        .selectDistinct({ receiverId: imMessages.receiverId, storeId: imMessages.storeId })
        .from(imMessages)
        .where(and(isPending, sql`${imMessages.createdAt} > now() - interval '10 minutes'`));
    },
  };
}

/** The hub and wake-bus key of one inbox. */
export const inboxKey = ({ receiverId, storeId }: InboxKey): string => `${receiverId}:${storeId}`;
