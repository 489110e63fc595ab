import type { Database } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import type { MessageProducer, PublishInput } from '../im/message-producer.js';
import { createOrderMessenger, type OrderMessenger } from './plans/offer-messages.js';

type Producer = Pick<MessageProducer, 'publish' | 'wake'>;

/**
 * One state change of an order-like row (plan, performance order, valet order, cancel check), described for
 * `runStateChange`. The status to check comes from one of three places:
 * - `from`: the status the caller read before (checked before the transaction);
 * - `lock`: the row read and locked inside the transaction (its `read` throws the 404 of a missing row);
 * - neither: the conditional update alone decides (a grab), and `current` explains a refusal.
 * Rule refusals (422) are thrown by the caller before, or by `record` (which rolls everything back); the 409s
 * are answered here.
 */
export type StateChange<Status extends string, Locked = undefined, Changed = unknown, Result = void> = {
  /** The status the caller read; `assert(from)` runs before anything is written. */
  from?: Status;
  /** The row read and locked in the transaction (`for update`), and its status, checked with `assert`. */
  lock?: { read: (tx: Database) => Promise<Locked>; status: (row: Locked) => Status };
  /** The transition check of order-states.ts: throws the 409 with the Chinese reason when not allowed. */
  assert: (status: Status) => void;
  /** The conditional update (on the status/version read): the rows it changed, none when the row moved on. */
  update: (tx: Database, locked: Locked) => Promise<readonly Changed[]>;
  /**
   * The row's status now, read only when the update changed nothing, to answer why; it may throw a refusal of
   * its own (a row this caller may not see is a 404). Without it, the status read before is checked again.
   */
  current?: (tx: Database) => Promise<Status | undefined>;
  /** The 409 when the row changed but the transition would still be legal (someone else got there first). */
  changed: { message: string; code: string };
  /**
   * The log / audit rows and any other write of the same change, with the row locked and the row the update
   * changed; `messenger` sends order messages (a store without staff gets none), woken after the commit.
   * What it answers is what `runStateChange` answers.
   */
  record: (
    tx: Database,
    done: { locked: Locked; row: Changed; messenger: OrderMessenger },
  ) => Promise<Result>;
  /** Messages of the change, written by the producer in the same transaction and woken after commit. */
  messages?: (tx: Database) => Promise<readonly PublishInput[]> | readonly PublishInput[];
};

const noMessenger: OrderMessenger = {
  send: () => Promise.reject(new Error('runStateChange: messages need a producer')),
  wake: () => undefined,
};

/**
 * Runs a state change as one transaction: the status check, the conditional update, then the log rows and the
 * messages. When the update finds the row changed it answers the 409 of the state it is in now (or `changed`
 * if that state would still allow the change), and nothing is written. Wake-ups go out only after the commit,
 * so a woken poll always finds the message.
 */
export async function runStateChange<
  Status extends string,
  Locked = undefined,
  Changed = unknown,
  Result = void,
>(
  db: Database,
  producer: Producer | null,
  change: StateChange<Status, Locked, Changed, Result>,
): Promise<Result> {
  if (change.from !== undefined) change.assert(change.from);
  const messenger = producer ? createOrderMessenger(producer) : noMessenger;
  const wakeKeys: string[] = [];
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const locked = (change.lock ? await change.lock.read(tx) : undefined) as Locked;
    const read = change.lock ? change.lock.status(locked) : change.from;
    if (change.lock) change.assert(read!);
    const [row] = await change.update(tx, locked);
    if (row === undefined) {
      const now = change.current ? await change.current(tx) : undefined;
      if (now ?? read) change.assert((now ?? read)!);
      throw conflict(change.changed.message, change.changed.code);
    }
    const answer = await change.record(tx, { locked, row, messenger });
    const messages = change.messages ? await change.messages(tx) : [];
    if (messages.length > 0 && !producer) throw new Error('runStateChange: messages need a producer');
    for (const message of messages) wakeKeys.push(...(await producer!.publish(tx, message)).wakeKeys);
    return answer;
  });
  messenger.wake();
  if (wakeKeys.length > 0) producer?.wake(wakeKeys);
  return result;
}
