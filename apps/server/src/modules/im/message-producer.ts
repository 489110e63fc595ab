import { messageKindOf, type ExpandInfo } from '@console/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { intArrayLiteral } from '../../db/array-literal.js';
import { executeNamed } from '../../db/named-statement.js';
import type { Database } from '../../db/client.js';
import { users, userStores } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AppMetrics } from '../../platform/metrics/app-metrics.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { IM_TEXT } from './im.messages.js';
import type { MessageRow } from './message-format.js';
import { createMessageRepository, inboxKey, type NewMessage } from './message.repository.js';

export type PublishInput = {
  storeId: number;
  /** Users to notify; omitted = every enabled user authorised for the store. */
  receiverIds?: readonly number[];
  businessType: number;
  messageType: number;
  /** Defaults to the title of the catalogue kind (spec 4.9). */
  title?: string;
  text: string;
  expandInfo?: ExpandInfo;
  /** Who creates it: a module name, or `publish-api`. */
  source: string;
};

export type PublishOutcome = {
  messageIds: number[];
  /** Each created message with its receiver (a module that keeps a message per person needs the pairing). */
  messages: { id: number; receiverId: number }[];
  wakeKeys: string[];
  /** The rows written, for `wake` to answer this instance's held polls without reading them back. */
  rows: MessageRow[];
};

export type MessageProducer = ReturnType<typeof createMessageProducer>;

export class NoReceiversError extends AppError {
  constructor() {
    super(422, 'IM_NO_RECEIVERS', IM_TEXT.noStaff);
  }
}

/**
 * The one way messages are created. `publish` runs inside the caller's transaction, so a rolled-back business
 * change leaves no message; `wake` after commit tells the held polls. A forgotten wake only delays delivery until
 * the sweeper runs.
 */
export function createMessageProducer(deps: {
  db: Database;
  clock: Clock;
  wakeBus: WakeBus;
  /** Counts the rows written, by source (platform/metrics); a rolled-back transaction's rows count too. */
  metrics?: Pick<AppMetrics, 'messagesCreated'>;
  /** Hands committed rows to this instance's held polls (the poll hub), before the wake-up goes out. */
  deliverLocally?: (rows: readonly MessageRow[]) => void;
}) {
  const { db, clock, wakeBus, metrics, deliverLocally } = deps;

  function kindOf(input: Pick<PublishInput, 'businessType' | 'messageType'>) {
    const kind = messageKindOf(input.businessType, input.messageType);
    if (!kind) throw new AppError(422, 'IM_KIND_MISMATCH', IM_TEXT.kindMismatch);
    return kind;
  }

  /** One message to its receivers (the kind checked against the catalogue). */
  function messageOf(input: PublishInput, receiverIds: readonly number[], createdAt: Date): NewMessage {
    return { storeId: input.storeId, receiverIds, ...contentOf(input, createdAt) };
  }

  function contentOf(input: Omit<PublishInput, 'storeId' | 'receiverIds'>, createdAt: Date) {
    const kind = kindOf(input);
    return {
      businessType: input.businessType,
      messageType: input.messageType,
      title: input.title?.trim() || kind.title,
      text: input.text,
      expandInfo: input.expandInfo ?? {},
      source: input.source,
      createdAt,
    };
  }

  async function insert(tx: Database, messages: readonly NewMessage[]): Promise<MessageRow[]> {
    const rows = await createMessageRepository(tx).insertMessages(messages);
    if (metrics) countBySource(messages, metrics);
    return rows;
  }

  /**
   * One message to the receivers it names or, naming none, to the store's staff (resolved by the insert itself:
   * one statement), minus `except` (the user who caused it). 422 when nobody is left.
   */
  async function publish(
    tx: Database,
    input: PublishInput,
    options: { except?: number } = {},
  ): Promise<PublishOutcome> {
    const except = options.except ?? null;
    const createdAt = clock();
    let rows: MessageRow[];
    if (input.receiverIds) {
      const receiverIds = [...new Set(input.receiverIds)].filter((id) => id !== except);
      rows = await insert(tx, [messageOf(input, receiverIds, createdAt)]);
    } else {
      const { receiverIds: _none, ...message } = messageOf(input, [], createdAt);
      rows = await createMessageRepository(tx).insertForStoreStaff(message, except);
      if (metrics && rows.length > 0) metrics.messagesCreated(input.source, rows.length);
    }
    if (rows.length === 0) throw new NoReceiversError();
    return outcomeOf(rows);
  }

  /**
   * Many messages at once (a daily job's thousands), each to the receivers it names, written in a few
   * statements in the caller's transaction. An input without receivers is skipped. Answers the wake keys.
   */
  async function publishMany(
    tx: Database,
    inputs: readonly (PublishInput & { receiverIds: readonly number[] })[],
  ): Promise<string[]> {
    const createdAt = clock();
    const messages = inputs
      .filter((input) => input.receiverIds.length > 0)
      .map((input) => messageOf(input, [...new Set(input.receiverIds)], createdAt));
    const rows = await insert(tx, messages);
    return rows.map((r) => inboxKey({ receiverId: r.receiverId, storeId: r.storeId }));
  }

  /**
   * After commit. With the committed `rows` (publishNow, the publish API), this instance's acknowledging held
   * polls are answered from them at once; the wake-up then reaches the rest, here and on other instances.
   */
  function wake(wakeKeys: readonly string[], rows?: readonly MessageRow[]): void {
    if (rows && rows.length > 0 && deliverLocally) deliverLocally(rows);
    wakeBus.publish([...new Set(wakeKeys)]);
  }

  return {
    publish,
    publishMany,
    wake,
    /**
     * For callers without a business change of their own: written, then woken. No transaction of its own: the
     * rows go in one statement, which commits or fails whole.
     */
    async publishNow(input: PublishInput): Promise<PublishOutcome> {
      const outcome = await publish(db, input);
      wake(outcome.wakeKeys, outcome.rows);
      return outcome;
    },

    /**
     * `publishNow` to staff named by work code in a store named by code, both resolved by the insert itself (one
     * statement for an upstream system's publish). Null when the store or any receiver does not resolve: nothing
     * is written, and the caller finds out why.
     */
    async publishNowToStaff(
      input: Omit<PublishInput, 'storeId' | 'receiverIds'>,
      target: { storeCode: string; workCodes: readonly string[] },
    ): Promise<PublishOutcome | null> {
      const content = contentOf(input, clock());
      const rows = await createMessageRepository(db).insertForStaffCodes(target, content);
      if (rows.length === 0) return null;
      if (metrics) metrics.messagesCreated(input.source, rows.length);
      const outcome = outcomeOf(rows);
      wake(outcome.wakeKeys, outcome.rows);
      return outcome;
    },
  };
}

/** What a publish answers for the rows it wrote. */
function outcomeOf(rows: MessageRow[]): PublishOutcome {
  return {
    messageIds: rows.map((r) => r.id),
    messages: rows.map(({ id, receiverId }) => ({ id, receiverId })),
    wakeKeys: rows.map(inboxKey),
    rows,
  };
}

/** Reports the rows written by source: one call per source. */
function countBySource(messages: readonly NewMessage[], metrics: Pick<AppMetrics, 'messagesCreated'>): void {
  const bySource = new Map<string, number>();
  for (const { source, receiverIds } of messages)
    bySource.set(source, (bySource.get(source) ?? 0) + receiverIds.length);
  for (const [source, rows] of bySource) metrics.messagesCreated(source, rows);
}

/** Enabled users authorised for each of the stores (user_stores), by store. */
export async function staffOfStores(
  db: Database,
  storeIds: readonly number[],
): Promise<Map<number, number[]>> {
  const staff = new Map<number, number[]>();
  if (storeIds.length === 0) return staff;
  const rows = await db
    .select({ storeId: userStores.storeId, id: users.id })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .where(and(inArray(userStores.storeId, [...new Set(storeIds)]), eq(users.enabled, true)))
    .orderBy(users.id);
  for (const row of rows) staff.set(row.storeId, [...(staff.get(row.storeId) ?? []), row.id]);
  return staff;
}

/** Enabled users authorised for the store (user_stores), or those of `userIds` who are; one named statement. */
export async function staffOf(db: Database, storeId: number, userIds?: readonly number[]): Promise<number[]> {
  const among = userIds ? sql`and u.id = any(${intArrayLiteral(userIds)}::int[])` : sql``;
  const rows = await executeNamed<{ id: number }>(
    db,
    userIds ? 'im_store_staff_among' : 'im_store_staff',
    sql`select u.id from user_stores s join users u on u.id = s.user_id
      where s.store_id = ${storeId} and u.enabled ${among} order by u.id`,
  );
  return rows.map((r) => r.id);
}
