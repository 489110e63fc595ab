import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { PublishInput } from '../im/message-producer.js';
import { openTestDatabase } from '../../test/test-database.js';
import { changeMessenger } from '../orders/plans/offer-messages.js';
import type { AdminActor } from './admin-actor.js';
import { createAuditLog } from './audit-log.js';
import { auditedChanges, runChange, type Change } from './run-change.js';

type Status = 'open' | 'done' | 'closed';
const rows = pgTable('action_probe', {
  id: serial('id').primaryKey(),
  status: text('status').notNull(),
  version: integer('version').notNull(),
});
const logs = pgTable('action_probe_log', {
  id: serial('id').primaryKey(),
  rowId: integer('row_id').notNull(),
});

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(
    sql`create table action_probe (id serial primary key, status text not null, version int not null)`,
  );
  await handle.db.execute(sql`create table action_probe_log (id serial primary key, row_id int not null)`);
});
afterAll(() => handle.close());

/** Only `open` may become `done`; the refusal names the state, like order-states.ts. */
const assertFinish = (status: Status) => {
  if (status !== 'open') throw new AppError(409, 'STATE', `已${status}`);
};

function fakeProducer() {
  const woken: string[][] = [];
  const published: PublishInput[] = [];
  return {
    woken,
    published,
    producer: {
      publish: async (_tx: Database, input: PublishInput) => {
        published.push(input);
        return { messageIds: [1], messages: [{ id: 1, receiverId: 1 }], wakeKeys: ['inbox:1'], rows: [] };
      },
      wake: (keys: readonly string[]) => void woken.push([...keys]),
    },
  };
}

async function addRow(status: Status) {
  const [row] = await handle.db.insert(rows).values({ status, version: 1 }).returning();
  return row!;
}

function finish(row: { id: number; status: string; version: number }, extra: Partial<Change<Status>> = {}) {
  return {
    from: row.status as Status,
    assert: assertFinish,
    update: (tx: Database) =>
      tx
        .update(rows)
        .set({ status: 'done', version: row.version + 1 })
        .where(and(eq(rows.id, row.id), eq(rows.status, row.status), eq(rows.version, row.version)))
        .returning({ id: rows.id }),
    current: async (tx: Database) => {
      const [now] = await tx.select({ status: rows.status }).from(rows).where(eq(rows.id, row.id));
      return now?.status as Status | undefined;
    },
    changed: { message: '已被他人处理', code: 'CHANGED' },
    record: async (tx: Database) => {
      await tx.insert(logs).values({ rowId: row.id });
    },
    ...extra,
  } satisfies Change<Status>;
}

const logCount = async (rowId: number) =>
  (await handle.db.select().from(logs).where(eq(logs.rowId, rowId))).length;

describe('runChange', () => {
  it('updates, records and publishes in one transaction, and wakes after the commit', async () => {
    const row = await addRow('open');
    const fake = fakeProducer();
    await runChange(handle.db, {
      ...finish(row),
      record: async (tx, { afterCommit }) => {
        await tx.insert(logs).values({ rowId: row.id });
        const { wakeKeys } = await fake.producer.publish(tx, { storeId: 1, text: 'probe' } as PublishInput);
        afterCommit(() => fake.producer.wake(wakeKeys));
        expect(fake.woken).toEqual([]);
      },
    });
    const [after] = await handle.db.select().from(rows).where(eq(rows.id, row.id));
    expect(after).toMatchObject({ status: 'done', version: 2 });
    expect(await logCount(row.id)).toBe(1);
    expect(fake.published).toHaveLength(1);
    expect(fake.woken).toEqual([['inbox:1']]);
  });

  it('refuses an illegal transition up front with the reason of the state, writing nothing', async () => {
    const row = await addRow('closed');
    await expect(runChange(handle.db, finish(row))).rejects.toMatchObject({
      statusCode: 409,
      message: '已closed',
    });
    expect(await logCount(row.id)).toBe(0);
  });

  it('answers the state the row moved to when it changed meanwhile, and rolls back', async () => {
    const row = await addRow('open');
    await handle.db.update(rows).set({ status: 'closed', version: 2 }).where(eq(rows.id, row.id));
    const fake = fakeProducer();
    await expect(
      runChange(handle.db, {
        ...finish(row),
        record: async (_tx, { afterCommit }) => afterCommit(() => fake.producer.wake(['inbox:1'])),
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: '已closed' });
    expect(await logCount(row.id)).toBe(0);
    expect(fake.woken).toEqual([]);
  });

  it('answers `changed` when the row moved on but the change would still be legal', async () => {
    const row = await addRow('open');
    await handle.db.update(rows).set({ version: 5 }).where(eq(rows.id, row.id));
    await expect(runChange(handle.db, finish(row))).rejects.toMatchObject({
      statusCode: 409,
      message: '已被他人处理',
    });
  });

  it('rolls back the update when recording fails, and wakes nobody', async () => {
    const row = await addRow('open');
    const fake = fakeProducer();
    const failing = finish(row, {
      record: async (_tx, { afterCommit }) => {
        afterCommit(() => fake.producer.wake(['inbox:1']));
        throw new Error('log write failed');
      },
    });
    await expect(runChange(handle.db, failing)).rejects.toThrow('log write failed');
    const [after] = await handle.db.select().from(rows).where(eq(rows.id, row.id));
    expect(after).toMatchObject({ status: 'open', version: 1 });
    expect(fake.woken).toEqual([]);
  });

  it('checks the row it locked, hands it to record with the changed row, and answers what record answers', async () => {
    const row = await addRow('open');
    const fake = fakeProducer();
    const answer = await runChange(handle.db, {
      lock: {
        read: async (tx) => (await tx.select().from(rows).where(eq(rows.id, row.id)).for('update'))[0]!,
        status: (locked) => locked.status as Status,
      },
      assert: assertFinish,
      update: (tx, locked) =>
        tx
          .update(rows)
          .set({ status: 'done' })
          .where(and(eq(rows.id, locked.id), eq(rows.status, locked.status)))
          .returning({ id: rows.id }),
      changed: { message: '已被他人处理', code: 'CHANGED' },
      record: async (tx, { locked, row: changed, afterCommit }) => {
        await tx.insert(logs).values({ rowId: changed.id });
        const messenger = changeMessenger(fake.producer, afterCommit);
        await messenger.send(tx, 'waitingToShip', { storeId: 1 }, 'probe', {});
        return `${locked.status}→done`;
      },
    });
    expect(answer).toBe('open→done');
    expect(await logCount(row.id)).toBe(1);
    expect(fake.published).toHaveLength(1);
    expect(fake.woken).toEqual([['inbox:1']]);
  });

  it('refuses a locked row in a state that forbids the change before updating it', async () => {
    const row = await addRow('closed');
    await expect(
      runChange(handle.db, {
        lock: { read: async () => row, status: (locked) => locked.status as Status },
        assert: assertFinish,
        update: (tx) => tx.update(rows).set({ status: 'done' }).where(eq(rows.id, row.id)).returning(),
        changed: { message: '已被他人处理', code: 'CHANGED' },
        record: async () => undefined,
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: '已closed' });
    const [after] = await handle.db.select().from(rows).where(eq(rows.id, row.id));
    expect(after).toMatchObject({ status: 'closed', version: 1 });
  });

  it('lets the update decide alone, and asks current why when it changed nothing', async () => {
    const row = await addRow('done');
    const decide = {
      ...finish(row),
      from: undefined,
      update: (tx: Database) =>
        tx
          .update(rows)
          .set({ status: 'done' })
          .where(and(eq(rows.id, row.id), eq(rows.status, 'open')))
          .returning({ id: rows.id }),
    };
    await expect(runChange(handle.db, decide)).rejects.toMatchObject({
      statusCode: 409,
      message: '已done',
    });
    const missing = {
      ...decide,
      current: async () => {
        throw new AppError(404, 'MISSING', '不存在');
      },
    };
    await expect(runChange(handle.db, missing)).rejects.toMatchObject({ statusCode: 404 });
    expect(await logCount(row.id)).toBe(0);
  });

  it('writes a change with no transition through record alone, and maps a lost unique race to `raced`', async () => {
    const row = await addRow('open');
    const answer = await runChange(handle.db, {
      record: async (tx) => {
        await tx.insert(logs).values({ rowId: row.id });
        return 'written';
      },
    });
    expect(answer).toBe('written');
    const duplicate = (tx: Database) => tx.insert(rows).values({ id: row.id, status: 'open', version: 1 });
    await expect(
      runChange(handle.db, {
        record: async (tx) => {
          await tx.insert(logs).values({ rowId: row.id });
          await duplicate(tx);
        },
        raced: () => new AppError(409, 'RACED', '已被他人抢先'),
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: '已被他人抢先' });
    expect(await logCount(row.id)).toBe(1);
  });
});

describe('auditedChanges', () => {
  const actor = { caller: { user: { id: 7 } }, client: { ip: '10.0.0.1' } } as unknown as AdminActor;
  const auditRows = (target: string) => handle.db.select().from(auditLog).where(eq(auditLog.target, target));

  it('writes the audit row with the change and runs `committed` after the commit', async () => {
    const row = await addRow('open');
    const committed: string[] = [];
    const change = auditedChanges(
      handle.db,
      createAuditLog(handle.db, () => new Date()),
      {
        prepare: async (tx) => (await tx.select().from(rows).where(eq(rows.id, row.id)).for('update'))[0]!,
        committed: () => committed.push('cache dropped'),
      },
    );
    const answer = await change(actor, 'probe.finish', `probe:${row.id}`, async (tx, locked) => {
      await tx.update(rows).set({ status: 'done' }).where(eq(rows.id, locked.id));
      expect(committed).toEqual([]);
      return { result: 'ok', before: { status: locked.status }, after: { status: 'done' } };
    });
    expect(answer).toBe('ok');
    expect(committed).toEqual(['cache dropped']);
    const [audited] = await auditRows(`probe:${row.id}`);
    expect(audited).toMatchObject({
      action: 'probe.finish',
      userId: 7,
      ip: '10.0.0.1',
      detail: { before: { status: 'open' }, after: { status: 'done' } },
    });
  });

  it('rolls the change and its audit row back together on a refusal', async () => {
    const row = await addRow('open');
    const committed: string[] = [];
    const change = auditedChanges(
      handle.db,
      createAuditLog(handle.db, () => new Date()),
      {
        committed: () => committed.push('cache dropped'),
      },
    );
    await expect(
      change(actor, 'probe.refuse', `probe:${row.id}`, async (tx) => {
        await tx.update(rows).set({ status: 'done' }).where(eq(rows.id, row.id));
        throw new AppError(422, 'RULE', '不允许');
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const [after] = await handle.db.select().from(rows).where(eq(rows.id, row.id));
    expect(after!.status).toBe('open');
    expect(await auditRows(`probe:${row.id}`)).toEqual([]);
    expect(committed).toEqual([]);
  });
});
