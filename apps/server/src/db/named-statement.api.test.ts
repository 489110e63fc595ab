import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import { executeNamed } from './named-statement.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`create table named_probe (id serial primary key, store_id int not null)`);
  await handle.db.execute(sql`insert into named_probe (store_id) values (1), (1), (2)`);
});

afterAll(async () => {
  await handle.close();
});

const countOf = (on: DatabaseHandle['db'], storeId: number) =>
  executeNamed<{ n: number }>(
    on,
    'named_probe_count',
    sql`select count(*)::int as n from named_probe where store_id = ${storeId}`,
  );

describe('executeNamed', () => {
  it('runs on the pool and on a transaction’s own connection, named on PostgreSQL', async () => {
    expect(await countOf(handle.db, 1)).toEqual([{ n: 2 }]);
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into named_probe (store_id) values (3)`);
        expect(await countOf(tx as unknown as DatabaseHandle['db'], 3)).toEqual([{ n: 1 }]);
        if (handle.kind === 'postgres') {
          const named = await tx.execute(
            sql`select 1 from pg_prepared_statements where name = 'named_probe_count'`,
          );
          expect((named as unknown as { rows: unknown[] }).rows).toHaveLength(1);
        }
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await countOf(handle.db, 3)).toEqual([{ n: 0 }]);
  });
});
