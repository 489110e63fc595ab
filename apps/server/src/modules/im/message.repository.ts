import { MESSAGE_STATUS } from '@console/contract';
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { intArrayLiteral, textArrayLiteral } from '../../db/array-literal.js';
import { executeNamed } from '../../db/named-statement.js';
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

/** An inbox and how many of its not-pushed messages a poll takes at most. */
export type PendingQuery = InboxKey & { limit: number };
/** Ids a poll acknowledges, with the inbox they must belong to. */
export type Acknowledgement = { inbox: InboxKey; ids: readonly number[] };

/** Columns of im_messages in a raw statement, named as MessageRow names them. */
const MESSAGE_COLUMNS = sql.raw(
  'm.id, m.store_id, m.receiver_id, m.business_type, m.message_type, m.title, m.text, m.expand_info, m.status, ' +
    'm.source, m.created_at, m.pushed_at, m.read_at',
);
type RawMessage = Record<string, unknown>;
const instantOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** A row of a raw statement as drizzle maps it (bigint ids come back as strings from node-postgres). */
function messageRowOf(raw: RawMessage): MessageRow {
  return {
    id: Number(raw.id),
    storeId: Number(raw.store_id),
    receiverId: Number(raw.receiver_id),
    businessType: Number(raw.business_type),
    messageType: Number(raw.message_type),
    title: String(raw.title),
    text: String(raw.text),
    expandInfo: (typeof raw.expand_info === 'string'
      ? JSON.parse(raw.expand_info)
      : (raw.expand_info ?? {})) as MessageRow['expandInfo'],
    status: Number(raw.status),
    source: String(raw.source),
    createdAt: instantOf(raw.created_at)!,
    pushedAt: instantOf(raw.pushed_at),
    readAt: instantOf(raw.read_at),
  };
}
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The `acked` CTE: the acknowledged ids still not pushed that belong to the inbox acknowledging them, locked in id
 * order, so two statements touching the same messages (a poll replayed on another instance) wait for each other
 * instead of deadlocking. Null when nothing is acknowledged.
 */
function acknowledged(acks: readonly Acknowledgement[]): SQL | null {
  const ids: number[] = [];
  const receivers: number[] = [];
  const storeIds: number[] = [];
  for (const { inbox, ids: acked } of acks)
    for (const id of acked) {
      ids.push(id);
      receivers.push(inbox.receiverId);
      storeIds.push(inbox.storeId);
    }
  if (ids.length === 0) return null;
  return sql`acked as (
    select m.id from im_messages m
    join unnest(${intArrayLiteral(ids)}::bigint[], ${intArrayLiteral(receivers)}::int[], ${intArrayLiteral(storeIds)}::int[])
      as a(id, receiver_id, store_id)
      on m.id = a.id and m.receiver_id = a.receiver_id and m.store_id = a.store_id
    where m.status = ${notPushed}
    order by m.id
    for update of m
  )`;
}

/** The update that makes the `acked` messages unread. */
const markAcknowledged = (now: Date): SQL =>
  sql`update im_messages set status = ${unread}, pushed_at = ${now.toISOString()}::timestamptz
    from acked where im_messages.id = acked.id and im_messages.status = ${notPushed}`;

export type MessageRepository = ReturnType<typeof createMessageRepository>;

/** One message to several receivers of its store: what `insertMessages` writes as one row per receiver. */
export type NewMessage = Pick<
  MessageRow,
  'storeId' | 'businessType' | 'messageType' | 'title' | 'text' | 'expandInfo' | 'source' | 'createdAt'
> & { receiverIds: readonly number[] };

/** Every query of the message center; each is bounded to one receiver and one store. */
export function createMessageRepository(db: Database) {
  return {
    /**
     * Writes every receiver's row of the messages in one statement of three parameters, however many rows: the
     * contents go once each as JSON and the receivers as an int[], so a store-wide message to ten thousand staff
     * costs PostgreSQL one insert and this process no per-row SQL. Answers the rows oldest first.
     */
    async insertMessages(messages: readonly NewMessage[]): Promise<MessageRow[]> {
      const contentOf: number[] = [];
      const receivers: number[] = [];
      const contents = messages.map(({ receiverIds, createdAt, ...content }, index) => {
        for (const receiverId of receiverIds) {
          contentOf.push(index);
          receivers.push(receiverId);
        }
        return { ...content, index, createdAt: createdAt.toISOString() };
      });
      if (receivers.length === 0) return [];
      const rows = await executeNamed<RawMessage>(
        db,
        'im_insert_messages',
        sql`
        insert into im_messages as m
          (store_id, receiver_id, business_type, message_type, title, text, expand_info, source, created_at)
        select c."storeId", r.receiver_id, c."businessType", c."messageType", c.title, c.text, c."expandInfo",
          c.source, c."createdAt"
        from unnest(${intArrayLiteral(contentOf)}::int[], ${intArrayLiteral(receivers)}::int[]) with ordinality
            as r(content, receiver_id, n)
          join jsonb_to_recordset(${JSON.stringify(contents)}::jsonb) as c(
            index int, "storeId" int, "businessType" smallint, "messageType" smallint, title text, text text,
            "expandInfo" jsonb, source text, "createdAt" timestamptz) on c.index = r.content
        order by r.n
        returning ${MESSAGE_COLUMNS}`,
      );
      return rows.map(messageRowOf).sort((a, b) => a.id - b.id);
    },

    /**
     * One message to every enabled user authorised for its store but `except`, the receivers resolved by the
     * insert itself (one statement), in user order. Answers the rows oldest first; none when nobody is left.
     */
    async insertForStoreStaff(
      message: Omit<NewMessage, 'receiverIds'>,
      except: number | null,
    ): Promise<MessageRow[]> {
      const rows = await executeNamed<RawMessage>(
        db,
        'im_insert_for_store_staff',
        sql`
        insert into im_messages as m
          (store_id, receiver_id, business_type, message_type, title, text, expand_info, source, created_at)
        select s.store_id, u.id, ${message.businessType}::smallint, ${message.messageType}::smallint,
          ${message.title}::text, ${message.text}::text, ${JSON.stringify(message.expandInfo)}::jsonb,
          ${message.source}::text, ${message.createdAt.toISOString()}::timestamptz
        from user_stores s join users u on u.id = s.user_id
        where s.store_id = ${message.storeId}::int and u.enabled and u.id is distinct from ${except}::int
        order by u.id
        returning ${MESSAGE_COLUMNS}`,
      );
      return rows.map(messageRowOf).sort((a, b) => a.id - b.id);
    },

    /**
     * One message to staff named by work code in a store named by code, resolved in the insert itself: written
     * only when the store exists and every code is an enabled user authorised for it, one row per distinct code
     * in the order given; otherwise nothing is written and the answer is empty.
     */
    async insertForStaffCodes(
      target: { storeCode: string; workCodes: readonly string[] },
      message: Omit<NewMessage, 'storeId' | 'receiverIds'>,
    ): Promise<MessageRow[]> {
      const rows = await executeNamed<RawMessage>(
        db,
        'im_insert_for_staff_codes',
        sql`
        with wanted as (
          select work_code, min(n) as n from unnest(${textArrayLiteral(target.workCodes)}::text[]) with ordinality
            as w(work_code, n)
          group by work_code
        ),
        store as (select id from stores where shop_code = ${target.storeCode}),
        staff as (
          select u.id, w.n from wanted w
          join users u on u.work_code = w.work_code and u.enabled
          join store s on exists (select 1 from user_stores us where us.user_id = u.id and us.store_id = s.id)
        )
        insert into im_messages as m
          (store_id, receiver_id, business_type, message_type, title, text, expand_info, source, created_at)
        select s.id, staff.id, ${message.businessType}::smallint, ${message.messageType}::smallint,
          ${message.title}, ${message.text}, ${JSON.stringify(message.expandInfo)}::jsonb, ${message.source},
          ${message.createdAt.toISOString()}::timestamptz
        from store s cross join staff
        where (select count(*) from staff) = (select count(*) from wanted)
        order by staff.n
        returning ${MESSAGE_COLUMNS}`,
      );
      return rows.map(messageRowOf).sort((a, b) => a.id - b.id);
    },

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

    /**
     * The acknowledgements of many polls in one statement: each id becomes unread only if it is still not pushed
     * and belongs to the inbox that acknowledged it (`acknowledged`).
     */
    async acknowledgeMany(acks: readonly Acknowledgement[], now: Date): Promise<void> {
      const acked = acknowledged(acks);
      if (!acked) return;
      await executeNamed(db, 'im_acknowledge_many', sql`with ${acked} ${markAcknowledged(now)}`);
    },

    /**
     * Not-pushed messages of many inboxes in one statement, oldest first, at most `limit` per inbox: one scan of
     * the partial index im_messages_pending_idx per inbox, however many older messages the inbox has. With
     * `acknowledging`, the same statement first acknowledges those ids as `acknowledgeMany` does; the messages
     * it acknowledges are not among those answered (the statement reads the table as it was before its update).
     */
    async pendingOfMany(
      queries: readonly PendingQuery[],
      acknowledging: { acks: readonly Acknowledgement[]; now: Date } | null = null,
    ): Promise<MessageRow[]> {
      if (queries.length === 0) return [];
      const acked = acknowledging && acknowledged(acknowledging.acks);
      const rows = await executeNamed<RawMessage>(
        db,
        acked ? 'im_acknowledge_pending_many' : 'im_pending_many',
        sql`
        ${acked ? sql`with ${acked}, marked as (${markAcknowledged(acknowledging!.now)}) ` : sql``}
        select ${MESSAGE_COLUMNS}
        from unnest(${intArrayLiteral(queries.map((q) => q.receiverId))}::int[],
                    ${intArrayLiteral(queries.map((q) => q.storeId))}::int[],
                    ${intArrayLiteral(queries.map((q) => q.limit))}::int[]) as k(receiver_id, store_id, lim)
        cross join lateral (
          select * from im_messages p
          where p.receiver_id = k.receiver_id and p.store_id = k.store_id and p.status = ${notPushed}
          ${acked ? sql`and p.id not in (select id from acked)` : sql``}
          order by p.id
          limit k.lim
        ) m
        order by m.id`,
      );
      return rows.map(messageRowOf);
    },

    /** The number of not-pushed messages of each inbox, by inbox key (one statement for all). */
    async countPendingOfMany(inboxes: readonly InboxKey[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      if (inboxes.length === 0) return counts;
      const result = await db.execute(sql`
        select k.receiver_id, k.store_id,
          (select count(*) from im_messages p
           where p.receiver_id = k.receiver_id and p.store_id = k.store_id and p.status = ${notPushed}) as n
        from unnest(${intArrayLiteral(inboxes.map((q) => q.receiverId))}::int[],
                    ${intArrayLiteral(inboxes.map((q) => q.storeId))}::int[]) as k(receiver_id, store_id)`);
      for (const row of rowsOf<{ receiver_id: unknown; store_id: unknown; n: unknown }>(result))
        counts.set(
          inboxKey({ receiverId: Number(row.receiver_id), storeId: Number(row.store_id) }),
          Number(row.n),
        );
      return counts;
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
