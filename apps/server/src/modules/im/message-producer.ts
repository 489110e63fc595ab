import { messageKindOf, type ExpandInfo } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { imMessages, users, userStores } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AppMetrics } from '../../platform/metrics/app-metrics.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { IM_TEXT } from './im.messages.js';
import type { MessageRow } from './message-format.js';
import { inboxKey } from './message.repository.js';

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

/**
 * Rows per INSERT: a statement takes at most 65,535 parameters and a message row has 9, so a store-wide message
 * to thousands of staff is written in several statements of the same transaction.
 */
const INSERT_CHUNK_ROWS = 1_000;

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

  function kindOf(input: PublishInput) {
    const kind = messageKindOf(input.businessType, input.messageType);
    if (!kind) throw new AppError(422, 'IM_KIND_MISMATCH', IM_TEXT.kindMismatch);
    return kind;
  }

  /** The rows of one message to each receiver (the kind checked against the catalogue). */
  function rowsOf(input: PublishInput, receiverIds: readonly number[], createdAt: Date) {
    const kind = kindOf(input);
    return receiverIds.map((receiverId) => ({
      storeId: input.storeId,
      receiverId,
      businessType: input.businessType,
      messageType: input.messageType,
      title: input.title?.trim() || kind.title,
      text: input.text,
      expandInfo: input.expandInfo ?? {},
      source: input.source,
      createdAt,
    }));
  }

  async function insertRows(tx: Database, values: ReturnType<typeof rowsOf>) {
    const rows: MessageRow[] = [];
    for (let start = 0; start < values.length; start += INSERT_CHUNK_ROWS) {
      const chunk = values.slice(start, start + INSERT_CHUNK_ROWS);
      for (const row of await tx.insert(imMessages).values(chunk).returning()) rows.push(row);
    }
    if (metrics) countBySource(values, metrics);
    return rows;
  }

  async function publish(tx: Database, input: PublishInput): Promise<PublishOutcome> {
    kindOf(input);
    const receiverIds = input.receiverIds
      ? [...new Set(input.receiverIds)]
      : await staffOf(tx, input.storeId);
    if (receiverIds.length === 0) throw new NoReceiversError();
    const rows = await insertRows(tx, rowsOf(input, receiverIds, clock()));
    return {
      messageIds: rows.map((r) => r.id),
      messages: rows.map(({ id, receiverId }) => ({ id, receiverId })),
      wakeKeys: rows.map((r) => inboxKey({ receiverId: r.receiverId, storeId: input.storeId })),
      rows,
    };
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
    const values = inputs.flatMap((input) => rowsOf(input, [...new Set(input.receiverIds)], createdAt));
    const rows = await insertRows(tx, values);
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
    /** Own transaction, then wake: for callers without a business change of their own. */
    async publishNow(input: PublishInput): Promise<PublishOutcome> {
      const outcome = await db.transaction((tx) => publish(tx, input));
      wake(outcome.wakeKeys, outcome.rows);
      return outcome;
    },
  };
}

/** Reports the rows by source: one call per run of rows from the same source (a publish is one run). */
function countBySource(
  values: readonly { source: string }[],
  metrics: Pick<AppMetrics, 'messagesCreated'>,
): void {
  let start = 0;
  for (let i = 1; i <= values.length; i += 1) {
    if (i < values.length && values[i]!.source === values[start]!.source) continue;
    metrics.messagesCreated(values[start]!.source, i - start);
    start = i;
  }
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

/** Enabled users authorised for the store (user_stores). */
export async function staffOf(db: Database, storeId: number, userIds?: readonly number[]): Promise<number[]> {
  const conditions = [eq(userStores.storeId, storeId), eq(users.enabled, true)];
  if (userIds) conditions.push(inArray(users.id, [...userIds]));
  const rows = await db
    .select({ id: users.id })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .where(and(...conditions))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
