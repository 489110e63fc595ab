import { createHash } from 'node:crypto';
import type { PublishResult, publishBodySchema } from '@console/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { imPublishKeys, stores, users, userStores } from '../../db/schema.js';
import { conflict, AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { IM_TEXT } from './im.messages.js';
import type { MessageProducer, PublishInput, PublishOutcome } from './message-producer.js';

type ValidPublishBody = z.output<typeof publishBodySchema>;

/** How long a publish idempotency key is remembered: far longer than any upstream retries a message. */
export const PUBLISH_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export type Published = PublishResult & { replayed: boolean };
export type PublishApi = ReturnType<typeof createPublishApi>;

/** `POST /api/im/publish`: upstream systems name the store and the receivers by code. */
export function createPublishApi(deps: { db: Database; producer: MessageProducer; clock: Clock }) {
  const { db, producer, clock } = deps;

  /**
   * Claims the key and publishes in one transaction, so a message exists exactly when its key does. A second call
   * with the key waits on the first's uncommitted claim, then finds it and answers its ids.
   */
  const publishOnce = (key: string, body: ValidPublishBody, input: PublishInput) =>
    db.transaction(async (tx): Promise<PublishOutcome | { replayedIds: number[] }> => {
      const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const claimed = await tx
        .insert(imPublishKeys)
        .values({ key, requestHash, messageIds: [], createdAt: clock() })
        .onConflictDoNothing()
        .returning({ key: imPublishKeys.key });
      if (claimed.length === 0) {
        const [earlier] = await tx.select().from(imPublishKeys).where(eq(imPublishKeys.key, key));
        if (earlier!.requestHash !== requestHash)
          throw conflict(IM_TEXT.idempotencyKeyReused, 'IM_IDEMPOTENCY_KEY_REUSED');
        return { replayedIds: earlier!.messageIds };
      }
      const outcome = await producer.publish(tx, input);
      await tx
        .update(imPublishKeys)
        .set({ messageIds: outcome.messageIds })
        .where(eq(imPublishKeys.key, key));
      return outcome;
    });

  return {
    async publish(body: ValidPublishBody, idempotencyKey: string | null = null): Promise<Published> {
      const [store] = await db
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.shopCode, body.storeCode))
        .limit(1);
      if (!store) throw notFound(IM_TEXT.storeNotFound, 'IM_STORE_NOT_FOUND');
      const receiverIds = body.receivers ? await staffByWorkCode(db, store.id, body.receivers) : undefined;
      const input: PublishInput = {
        storeId: store.id,
        ...(receiverIds ? { receiverIds } : {}),
        businessType: body.businessType,
        messageType: body.messageType,
        ...(body.title ? { title: body.title } : {}),
        text: body.text,
        ...(body.expandInfo ? { expandInfo: body.expandInfo } : {}),
        source: 'publish-api',
      };
      if (idempotencyKey === null) {
        const { messageIds } = await producer.publishNow(input);
        return { messageIds, replayed: false };
      }
      const outcome = await publishOnce(idempotencyKey, body, input);
      if ('replayedIds' in outcome) return { messageIds: outcome.replayedIds, replayed: true };
      producer.wake(outcome.wakeKeys, outcome.rows);
      return { messageIds: outcome.messageIds, replayed: false };
    },

    /** Forgets the keys older than PUBLISH_KEY_TTL_MS; answers how many. */
    async pruneKeys(): Promise<number> {
      const before = new Date(clock().getTime() - PUBLISH_KEY_TTL_MS);
      const gone = await db
        .delete(imPublishKeys)
        .where(lt(imPublishKeys.createdAt, before))
        .returning({ key: imPublishKeys.key });
      return gone.length;
    },
  };
}

/** User ids of the work codes; every one must be an enabled user authorised for the store. */
async function staffByWorkCode(
  db: Database,
  storeId: number,
  workCodes: readonly string[],
): Promise<number[]> {
  const wanted = [...new Set(workCodes)];
  const rows = await db
    .select({ id: users.id, workCode: users.workCode })
    .from(users)
    .innerJoin(userStores, and(eq(userStores.userId, users.id), eq(userStores.storeId, storeId)))
    .where(and(inArray(users.workCode, wanted), eq(users.enabled, true)));
  const found = new Set(rows.map((r) => r.workCode));
  const strangers = wanted.filter((code) => !found.has(code));
  if (strangers.length > 0) throw new AppError(422, 'IM_RECEIVERS_NOT_STAFF', IM_TEXT.notStaff(strangers));
  return rows.map((r) => r.id);
}
