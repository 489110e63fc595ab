import type { Database } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import { conflict } from '../../http/errors.js';
import type { AdminActor } from './admin-actor.js';
import type { AuditLog, AuditedChange } from './audit-log.js';

/**
 * One change of the application's data, described for `runChange`: a state change of an order-like row (plan,
 * performance order, valet order, cancel check, coupon exchange) or an administrative change (`auditedChanges`).
 *
 * A state change names its transition: the status to check (`from`, or `lock.status` of the row locked in the
 * transaction, or neither when the conditional `update` alone decides), the check (`assert`, the 409 with the
 * Chinese reason) and the conditional `update`. A change with no `update` is written by `record` alone.
 * Rule refusals (422) are thrown by the caller before, or by `lock` / `update` / `record` (which roll
 * everything back); the 409s of a transition and of a lost race are answered here.
 */
export type Change<Status extends string = string, Locked = undefined, Changed = unknown, Result = void> = {
  /** The status the caller read; `assert(from)` runs before anything is written. */
  from?: Status;
  /**
   * Runs first in the transaction: the row read `for update` (its `read` throws the 404 of a missing row), a
   * tree lock, the rows the rules need. `status` names the locked row's status, checked with `assert`.
   */
  lock?: { read: (tx: Database) => Promise<Locked>; status?: (row: Locked) => Status };
  /** The transition check of the domain's state table: throws the 409 when the status forbids the change. */
  assert?: (status: Status) => void;
  /** The conditional update (on the status/version read): the rows it changed, none when the row moved on. */
  update?: (tx: Database, locked: Locked) => Promise<readonly Changed[]>;
  /**
   * The row's status now, read only when the update changed nothing, to answer why; it may throw a refusal of
   * its own (a row this caller may not see is a 404). Without it, the status read before is checked again.
   */
  current?: (tx: Database) => Promise<Status | undefined>;
  /** The 409 when the row changed but the transition would still be legal (someone else got there first). */
  changed?: { message: string; code: string };
  /**
   * The log / audit rows, any messages (written through the message producer on `tx`) and every other write
   * of the change, with the locked row and the row the update changed. `afterCommit` queues what must wait
   * for the commit (waking the inboxes of the messages, dropping a cache), so a woken poll always finds the
   * message and a rolled-back change wakes nobody. What it answers is what `runChange` answers.
   */
  record: (tx: Database, done: { locked: Locked; row: Changed; afterCommit: AfterCommit }) => Promise<Result>;
  /** The 409 to answer when a concurrent change wins on a unique or foreign key. */
  raced?: () => Error;
};

export type AfterCommit = (run: () => void) => void;

const CHANGED = { message: '数据已被他人修改，请刷新后重试', code: 'CHANGED' };

/**
 * The one way a service changes data: one transaction of the lock, the status check, the conditional update,
 * then the log/audit rows and the messages. When the update finds the row changed it answers the 409 of the
 * state it is in now (or `changed` if that state would still allow the change), and nothing is written.
 * What `record` queued with `afterCommit` runs only after the commit.
 */
export async function runChange<Status extends string, Locked = undefined, Changed = unknown, Result = void>(
  db: Database,
  change: Change<Status, Locked, Changed, Result>,
): Promise<Result> {
  const check = (status: Status | undefined) => {
    if (status !== undefined) change.assert?.(status);
  };
  check(change.from);
  const committed: (() => void)[] = [];
  let result: Result;
  try {
    result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const locked = (change.lock ? await change.lock.read(tx) : undefined) as Locked;
      const read = change.lock?.status ? change.lock.status(locked) : change.from;
      if (change.lock?.status) check(read);
      let row = undefined as Changed;
      if (change.update) {
        const [changed] = await change.update(tx, locked);
        if (changed === undefined) {
          check((change.current ? await change.current(tx) : undefined) ?? read);
          const { message, code } = change.changed ?? CHANGED;
          throw conflict(message, code);
        }
        row = changed;
      }
      return change.record(tx, { locked, row, afterCommit: (run) => void committed.push(run) });
    });
  } catch (error) {
    if (change.raced && (isUniqueViolation(error) || isForeignKeyViolation(error))) throw change.raced();
    throw error;
  }
  for (const run of committed) run();
  return result;
}

/**
 * The administrative form of `runChange`: `auditedChanges(db, audit, options)` answers
 * `change(actor, action, target, run)`, which runs `run` and writes the audit row (who, from where, the states
 * before and after) in one transaction; `run` answers the result with the states before and after. `prepare`
 * runs first in the transaction (a tree lock and the rows the rules need); `raced` is the 409 when a concurrent
 * change wins on a unique or foreign key; `committed` runs after the commit (dropping a cache), and so does what
 * `run` queues with its `afterCommit` (waking the inboxes of the messages it wrote).
 */
export function auditedChanges<Prepared = undefined>(
  db: Database,
  audit: Pick<AuditLog, 'change'>,
  options: {
    prepare?: (tx: Database) => Promise<Prepared>;
    raced?: () => Error;
    committed?: () => void;
  } = {},
) {
  return <T>(
    actor: AdminActor,
    action: string,
    target: string,
    run: (tx: Database, prepared: Prepared, afterCommit: AfterCommit) => Promise<AuditedChange<T>>,
  ): Promise<T> =>
    runChange<string, Prepared, unknown, T>(db, {
      ...(options.prepare ? { lock: { read: options.prepare } } : {}),
      ...(options.raced ? { raced: options.raced } : {}),
      record: async (tx, { locked, afterCommit }) => {
        const { result, before, after } = await run(tx, locked as Prepared, afterCommit);
        await audit.change({ action, target, actor: actor.caller, client: actor.client, before, after }, tx);
        if (options.committed) afterCommit(options.committed);
        return result;
      },
    });
}
