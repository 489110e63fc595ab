import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { PublishInput } from '../im/message-producer.js';
import { openTestDatabase } from '../../test/test-database.js';
import { runStateChange, type StateChange } from './order-action.js';

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
        return { messageIds: [1], messages: [{ id: 1, receiverId: 1 }], wakeKeys: ['inbox:1'] };
      },
      wake: (keys: readonly string[]) => void woken.push([...keys]),
    },
  };
}

async function addRow(status: Status) {
  const [row] = await handle.db.insert(rows).values({ status, version: 1 }).returning();
  return row!;
}

function finish(
  row: { id: number; status: string; version: number },
  extra: Partial<StateChange<Status>> = {},
) {
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
  } satisfies StateChange<Status>;
}

const logCount = async (rowId: number) =>
  (await handle.db.select().from(logs).where(eq(logs.rowId, rowId))).length;

describe('runStateChange', () => {
  it('updates, records and publishes in one transaction, and wakes after the commit', async () => {
    const row = await addRow('open');
    const fake = fakeProducer();
    await runStateChange(handle.db, fake.producer, {
      ...finish(row),
      messages: () => [{ storeId: 1, receiverIds: [1], type: 'probe' } as unknown as PublishInput],
    });
    const [after] = await handle.db.select().from(rows).where(eq(rows.id, row.id));
    expect(after).toMatchObject({ status: 'done', version: 2 });
    expect(await logCount(row.id)).toBe(1);
    expect(fake.published).toHaveLength(1);
    expect(fake.woken).toEqual([['inbox:1']]);
  });

  it('refuses an illegal transition up front with the reason of the state, writing nothing', async () => {
    const row = await addRow('closed');
    await expect(runStateChange(handle.db, null, finish(row))).rejects.toMatchObject({
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
      runStateChange(handle.db, fake.producer, { ...finish(row), messages: () => [{} as PublishInput] }),
    ).rejects.toMatchObject({ statusCode: 409, message: '已closed' });
    expect(await logCount(row.id)).toBe(0);
    expect(fake.woken).toEqual([]);
  });

  it('answers `changed` when the row moved on but the change would still be legal', async () => {
    const row = await addRow('open');
    await handle.db.update(rows).set({ version: 5 }).where(eq(rows.id, row.id));
    await expect(runStateChange(handle.db, null, finish(row))).rejects.toMatchObject({
      statusCode: 409,
      message: '已被他人处理',
    });
  });

  it('rolls back the update when recording fails, and wakes nobody', async () => {
    const row = await addRow('open');
    const fake = fakeProducer();
    const failing = finish(row, {
      record: async () => {
        throw new Error('log write failed');
      },
    });
    await expect(runStateChange(handle.db, fake.producer, failing)).rejects.toThrow('log write failed');
    const [after] = await handle.db.select().from(rows).where(eq(rows.id, row.id));
    expect(after).toMatchObject({ status: 'open', version: 1 });
    expect(fake.woken).toEqual([]);
  });

  it('checks the row it locked, hands it to record with the changed row, and answers what record answers', async () => {
    const row = await addRow('open');
    const fake = fakeProducer();
    const answer = await runStateChange(handle.db, fake.producer, {
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
      record: async (tx, { locked, row: changed, messenger }) => {
        await tx.insert(logs).values({ rowId: changed.id });
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
      runStateChange(handle.db, null, {
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
    await expect(runStateChange(handle.db, null, decide)).rejects.toMatchObject({
      statusCode: 409,
      message: '已done',
    });
    const missing = {
      ...decide,
      current: async () => {
        throw new AppError(404, 'MISSING', '不存在');
      },
    };
    await expect(runStateChange(handle.db, null, missing)).rejects.toMatchObject({ statusCode: 404 });
    expect(await logCount(row.id)).toBe(0);
  });
});
