import type { Database } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import type { MessageProducer, PublishInput } from '../im/message-producer.js';

/**
 * One state change of an order-like row (plan, performance order, valet order, cancel check), described for
 * `runStateChange`. The rule refusals (422) are thrown by the caller before; the 409s are answered here.
 */
export type StateChange<Status extends string> = {
  /** The status the caller read; `assert(from)` runs before anything is written. */
  from: Status;
  /** The transition check of order-states.ts: throws the 409 with the Chinese reason when not allowed. */
  assert: (status: Status) => void;
  /** The conditional update (on the status/version read): the rows it changed, none when the row moved on. */
  update: (tx: Database) => Promise<readonly unknown[]>;
  /** The row's status now, read only when the update changed nothing, to answer why. */
  current: (tx: Database) => Promise<Status | undefined>;
  /** The 409 when the row changed but the transition would still be legal (someone else got there first). */
  changed: { message: string; code: string };
  /** The log / audit rows and any other write of the same change. */
  record: (tx: Database) => Promise<void>;
  /** Messages of the change, written by the producer in the same transaction and woken after commit. */
  messages?: (tx: Database) => Promise<readonly PublishInput[]> | readonly PublishInput[];
};

/**
 * Runs a state change as one transaction: the conditional update, then the log rows and the messages. When the
 * update finds the row changed it answers the 409 of the state it is in now (or `changed` if that state would
 * still allow the change), and nothing is written. Wake-ups go out only after the commit, so a woken poll
 * always finds the message.
 */
export async function runStateChange<Status extends string>(
  db: Database,
  producer: Pick<MessageProducer, 'publish' | 'wake'> | null,
  change: StateChange<Status>,
): Promise<void> {
  change.assert(change.from);
  const wakeKeys: string[] = [];
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const updated = await change.update(tx);
    if (updated.length === 0) {
      change.assert((await change.current(tx)) ?? change.from);
      throw conflict(change.changed.message, change.changed.code);
    }
    await change.record(tx);
    const messages = change.messages ? await change.messages(tx) : [];
    if (messages.length > 0 && !producer) throw new Error('runStateChange: messages need a producer');
    for (const message of messages) wakeKeys.push(...(await producer!.publish(tx, message)).wakeKeys);
  });
  if (wakeKeys.length > 0) producer?.wake(wakeKeys);
}
