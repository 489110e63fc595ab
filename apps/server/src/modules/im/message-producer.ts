import { messageKindOf, type ExpandInfo } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { imMessages, users, userStores } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { IM_TEXT } from './im.messages.js';
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
export function createMessageProducer(deps: { db: Database; clock: Clock; wakeBus: WakeBus }) {
  const { db, clock, wakeBus } = deps;

  async function publish(tx: Database, input: PublishInput): Promise<PublishOutcome> {
    const kind = messageKindOf(input.businessType, input.messageType);
    if (!kind) throw new AppError(422, 'IM_KIND_MISMATCH', IM_TEXT.kindMismatch);
    const receiverIds = input.receiverIds
      ? [...new Set(input.receiverIds)]
      : await staffOf(tx, input.storeId);
    if (receiverIds.length === 0) throw new NoReceiversError();
    const createdAt = clock();
    const values = receiverIds.map((receiverId) => ({
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
    const rows: { id: number; receiverId: number }[] = [];
    for (let start = 0; start < values.length; start += INSERT_CHUNK_ROWS) {
      const chunk = values.slice(start, start + INSERT_CHUNK_ROWS);
      rows.push(
        ...(await tx
          .insert(imMessages)
          .values(chunk)
          .returning({ id: imMessages.id, receiverId: imMessages.receiverId })),
      );
    }
    return {
      messageIds: rows.map((r) => r.id),
      messages: rows,
      wakeKeys: rows.map((r) => inboxKey({ receiverId: r.receiverId, storeId: input.storeId })),
    };
  }

  function wake(wakeKeys: readonly string[]): void {
    wakeBus.publish([...new Set(wakeKeys)]);
  }

  return {
    publish,
    wake,
    /** Own transaction, then wake: for callers without a business change of their own. */
    async publishNow(input: PublishInput): Promise<PublishOutcome> {
      const outcome = await db.transaction((tx) => publish(tx, input));
      wake(outcome.wakeKeys);
      return outcome;
    },
  };
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
