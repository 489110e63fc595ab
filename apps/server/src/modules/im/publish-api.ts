import type { PublishResult, publishBodySchema } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { stores, users, userStores } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { IM_TEXT } from './im.messages.js';
import type { MessageProducer } from './message-producer.js';

type ValidPublishBody = z.output<typeof publishBodySchema>;

/** `POST /api/im/publish`: upstream systems name the store and the receivers by code. */
export function createPublishApi(deps: { db: Database; producer: MessageProducer }) {
  const { db, producer } = deps;
  return {
    async publish(body: ValidPublishBody): Promise<PublishResult> {
      const [store] = await db
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.shopCode, body.storeCode))
        .limit(1);
      if (!store) throw notFound(IM_TEXT.storeNotFound, 'IM_STORE_NOT_FOUND');
      const receiverIds = body.receivers ? await staffByWorkCode(db, store.id, body.receivers) : undefined;
      const { messageIds } = await producer.publishNow({
        storeId: store.id,
        ...(receiverIds ? { receiverIds } : {}),
        businessType: body.businessType,
        messageType: body.messageType,
        ...(body.title ? { title: body.title } : {}),
        text: body.text,
        ...(body.expandInfo ? { expandInfo: body.expandInfo } : {}),
        source: 'publish-api',
      });
      return { messageIds };
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
