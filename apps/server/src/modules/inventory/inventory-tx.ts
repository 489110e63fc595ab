import type { Database } from '../../db/client.js';
import { clientOf, type ClientInfo } from '../../http/client.js';
import type { RouteContext } from '../../http/route.js';
import type { Endpoint } from '@console/contract';
import { NoReceiversError, type MessageProducer, type PublishInput } from '../im/message-producer.js';

/** Who acts: the scoped store, the user, what they hold, where from. */
export type InventoryActor = {
  storeId: number;
  /** The scoped store's name, for the messages it sends (no read for it). */
  storeName: string;
  userId: number;
  nickName: string;
  permissions: readonly string[];
  client: ClientInfo;
};

export function actorOf<E extends Endpoint>(
  ctx: Pick<RouteContext<E>, 'caller' | 'store' | 'request'>,
): InventoryActor {
  const { user, roles } = ctx.caller();
  return {
    storeId: ctx.store().id,
    storeName: ctx.store().shopName,
    userId: user.id,
    nickName: user.nickName,
    permissions: roles,
    client: clientOf(ctx.request),
  };
}

/** Sends messages inside a transaction; the wake-ups go out after the commit. */
export type Messenger = {
  /** Publishes to `receiverIds` (or the store's staff), minus `except`; nobody to tell is not an error. */
  send(input: PublishInput & { except?: number }): Promise<void>;
};

/**
 * One inventory change as one transaction: the document, the ledger, the timeline, the audit row and the
 * messages commit together (docs/domain/inventory.md "Documents and states"); held polls are woken after.
 */
export async function inTransaction<T>(
  db: Database,
  producer: Pick<MessageProducer, 'publish' | 'wake'>,
  run: (tx: Database, messenger: Messenger) => Promise<T>,
): Promise<T> {
  const wakeKeys: string[] = [];
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const messenger: Messenger = {
      async send({ except, ...input }) {
        try {
          wakeKeys.push(...(await producer.publish(tx, input, { except })).wakeKeys);
        } catch (error) {
          if (!(error instanceof NoReceiversError)) throw error;
        }
      },
    };
    return run(tx, messenger);
  });
  if (wakeKeys.length) producer.wake(wakeKeys);
  return result;
}
