import { createHash } from 'node:crypto';
import type { PublishResult, publishBodySchema } from '@console/contract';
import { and, eq, exists, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { textArrayLiteral } from '../../db/array-literal.js';
import type { Database } from '../../db/client.js';
import { shapedStatement } from '../../db/paged-query.js';
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
  // Every publish asks it: built once per shape (to named staff or to the store's), kept parsed by PostgreSQL.
  const storeAndStaff = shapedStatement(
    db,
    'im_publish_receivers',
    (shape: { toStaff: boolean }, on, value) =>
      on
        .select({ storeId: stores.id, userId: users.id, workCode: users.workCode })
        .from(stores)
        .leftJoin(
          users,
          shape.toStaff
            ? and(
                sql`${users.workCode} = any(${value('workCodes')}::text[])`,
                sql`${users.enabled}`,
                exists(
                  on
                    .select({ one: sql`1` })
                    .from(userStores)
                    .where(and(eq(userStores.userId, users.id), eq(userStores.storeId, stores.id))),
                ),
              )
            : sql`false`,
        )
        .where(sql`${stores.shopCode} = ${value('storeCode')}`),
  );

  /**
   * The store of the code and the user ids of the work codes, in one statement: every work code must be an enabled
   * user authorised for the store. Without work codes, the store alone (the message goes to all its staff).
   */
  async function resolveStoreAndReceivers(
    storeCode: string,
    workCodes: readonly string[] | undefined,
  ): Promise<{ storeId: number; receiverIds?: number[] }> {
    const wanted = workCodes ? [...new Set(workCodes)] : [];
    const rows = await storeAndStaff(
      { toStaff: wanted.length > 0 },
      { storeCode, workCodes: textArrayLiteral(wanted) },
    );
    if (rows.length === 0) throw notFound(IM_TEXT.storeNotFound, 'IM_STORE_NOT_FOUND');
    const storeId = rows[0]!.storeId;
    if (!workCodes) return { storeId };
    const found = new Map(
      rows.flatMap((r) => (r.userId === null ? [] : ([[r.workCode!, r.userId]] as const))),
    );
    const strangers = wanted.filter((code) => !found.has(code));
    if (strangers.length > 0) throw new AppError(422, 'IM_RECEIVERS_NOT_STAFF', IM_TEXT.notStaff(strangers));
    return { storeId, receiverIds: [...found.values()] };
  }

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
      const content = {
        businessType: body.businessType,
        messageType: body.messageType,
        ...(body.title ? { title: body.title } : {}),
        text: body.text,
        ...(body.expandInfo ? { expandInfo: body.expandInfo } : {}),
        source: 'publish-api',
      };
      if (idempotencyKey === null && body.receivers) {
        // Named receivers: one statement resolves and writes; only a refusal asks below which code failed.
        const outcome = await producer.publishNowToStaff(content, {
          storeCode: body.storeCode,
          workCodes: body.receivers,
        });
        if (outcome) return { messageIds: outcome.messageIds, replayed: false };
      }
      const { storeId, receiverIds } = await resolveStoreAndReceivers(body.storeCode, body.receivers);
      const input: PublishInput = { storeId, ...(receiverIds ? { receiverIds } : {}), ...content };
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
