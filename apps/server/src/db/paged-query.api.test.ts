import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import {
  cappedCountQuery,
  cappedTotal,
  inline,
  keysetBefore,
  mapPage,
  numberedPage,
  pageWindow,
  fixedStatement,
  preparedRunner,
  shapedStatement,
  splitPeek,
  type Bind,
  type Preparable,
} from './paged-query.js';

const probes = pgTable('paged_probe', {
  id: serial('id').primaryKey(),
  storeId: integer('store_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

let handle: DatabaseHandle;
const base = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(
    sql`create table paged_probe (id serial primary key, store_id int not null, at timestamptz not null)`,
  );
  // 25 rows of store 1, two of them at the same instant (the id breaks the tie), and 3 of store 2.
  const rows = Array.from({ length: 25 }, (_, i) => ({
    storeId: 1,
    at: new Date(base + Math.min(i, 23) * 1000),
  }));
  await handle.db
    .insert(probes)
    .values([...rows, ...[1, 2, 3].map((i) => ({ storeId: 2, at: new Date(base + i) }))]);
});
afterAll(() => handle.close());

type ProbeRow = { id: number; at: string };
const keysetPage = (bind: Bind, after: ProbeRow | null, size: number): Promise<ProbeRow[]> =>
  handle.db
    .select({
      id: probes.id,
      at: sql<string>`to_char(${probes.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(probes)
    .where(
      after
        ? sql`${probes.storeId} = ${bind('store', 1)} and ${keysetBefore(probes.at, probes.id, { key: bind('key', after.at), id: bind('id', after.id) }, 'timestamptz')}`
        : sql`${probes.storeId} = ${bind('store', 1)}`,
    )
    .orderBy(desc(probes.at), desc(probes.id))
    .limit(bind('limit', size + 1));

describe('numbered pages', () => {
  it('reads the window and the exact count together', async () => {
    const { db } = handle;
    const where = sql`${probes.storeId} = 1`;
    const page = await numberedPage(
      { pageNum: 3, pageSize: 10 },
      {
        rows: ({ limit, offset }) =>
          db.select().from(probes).where(where).orderBy(probes.id).limit(limit).offset(offset),
        count: db.select({ n: count() }).from(probes).where(where),
      },
    );
    expect(page.total).toBe(25);
    expect(page.list.map((row) => row.id)).toEqual([21, 22, 23, 24, 25]);
    expect(mapPage(page, (row) => row.id)).toEqual({ ...page, list: [21, 22, 23, 24, 25] });
  });

  it('gives the offset of a page and one row more when peeking', () => {
    expect(pageWindow({ pageNum: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ pageNum: 4, pageSize: 20 }, { peek: true })).toEqual({ limit: 21, offset: 60 });
    expect(splitPeek([1, 2, 3], 2)).toEqual({ rows: [1, 2], hasMore: true });
    expect(splitPeek([1, 2], 2)).toEqual({ rows: [1, 2], hasMore: false });
  });
});

describe('keyset pages and the capped count', () => {
  it('walks every row once, newest first, across equal keys', async () => {
    const seen: number[] = [];
    let after: ProbeRow | null = null;
    for (let guard = 0; guard < 10; guard += 1) {
      const { rows, hasMore }: { rows: ProbeRow[]; hasMore: boolean } = splitPeek(
        await keysetPage(inline, after, 7),
        7,
      );
      seen.push(...rows.map((row) => row.id));
      const last: ProbeRow | undefined = rows.at(-1);
      if (!hasMore || !last) break;
      after = { at: last.at, id: last.id };
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
  });

  it('counts up to the cap and says whether the total is exact', async () => {
    const { db } = handle;
    const limited = (cap: number) =>
      db
        .select({ one: sql`1` })
        .from(probes)
        .where(sql`${probes.storeId} = 1`)
        .limit(cap + 1);
    const [over] = await cappedCountQuery(db, limited(10));
    expect(cappedTotal(over!.n, 10)).toEqual({ total: 10, totalExact: false });
    const [under] = await cappedCountQuery(db, limited(100));
    expect(cappedTotal(under!.n, 100)).toEqual({ total: 25, totalExact: true });
    expect(cappedTotal(null, 100)).toEqual({ total: null, totalExact: false });
  });
});

describe('preparedRunner', () => {
  it('runs the same shape as one prepared statement with new values each time', async () => {
    const run = preparedRunner<{ id: number; at: string }>('probe_page');
    const first = await run(
      (bind) => keysetPage(bind, null, 3) as unknown as Preparable<{ id: number; at: string }>,
    );
    expect(first.map((row) => row.id)).toEqual([25, 24, 23, 22]);
    const last = first[2]!;
    const next = await run(
      (bind) =>
        keysetPage(bind, { at: last.at, id: last.id }, 3) as unknown as Preparable<{
          id: number;
          at: string;
        }>,
    );
    expect(next.map((row) => row.id)).toEqual([22, 21, 20, 19]);
  });

  it('refuses a value that is not a placeholder, which would be frozen into the statement', async () => {
    const run = preparedRunner<{ id: number }>('probe_frozen');
    await expect(
      run(
        () =>
          handle.db
            .select({ id: probes.id })
            .from(probes)
            .where(sql`${probes.storeId} = ${1}`) as unknown as Preparable<{ id: number }>,
      ),
    ).rejects.toThrow('every value of a prepared query must be a placeholder');
  });

  it('keeps two queries of one runner apart by their variant when their placeholders are the same', async () => {
    const run = preparedRunner('probe_variant');
    const firstBy = (order: typeof asc) => (bind: Bind) =>
      handle.db
        .select({ id: probes.id })
        .from(probes)
        .where(eq(probes.storeId, bind('store', 2)))
        .orderBy(order(probes.id))
        .limit(bind('limit', 1));
    const [oldest, newest] = [firstBy(asc), firstBy(desc)];
    expect(await run(oldest, 'oldest')).toEqual([{ id: 26 }]);
    // Without the variant the second query would run as the first one's statement and answer 26.
    expect(await run(newest, 'newest')).toEqual([{ id: 28 }]);
  });
});

describe('fixedStatement', () => {
  it('builds once and runs as one named statement on the database and inside a transaction', async () => {
    const { db } = handle;
    let builds = 0;
    const storeRows = fixedStatement(db, 'probe_store_count', (on, value) => {
      builds += 1;
      return on
        .select({ n: count() })
        .from(probes)
        .where(eq(probes.storeId, value('store')));
    });
    expect(await storeRows({ store: 1 })).toEqual([{ n: 25 }]);
    expect(await storeRows({ store: 3 })).toEqual([{ n: 0 }]);
    await db
      .transaction(async (tx) => {
        await tx.insert(probes).values({ storeId: 3, at: new Date(base) });
        // On the transaction's connection: it sees the row not yet committed.
        expect(await storeRows({ store: 3 }, tx)).toEqual([{ n: 1 }]);
        if (handle.kind === 'postgres') {
          const named = await tx.execute(
            sql`select 1 from pg_prepared_statements where name = 'probe_store_count'`,
          );
          expect((named as unknown as { rows: unknown[] }).rows).toHaveLength(1);
        }
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // Nothing of the transaction stays with the statement: it runs on the pool again.
    expect(await storeRows({ store: 3 })).toEqual([{ n: 0 }]);
    expect(builds).toBe(1);
    await expect(storeRows({})).rejects.toThrow('No value for placeholder "store"');
  });
});

describe('shapedStatement', () => {
  it('builds each shape once and runs it with the values of each call', async () => {
    const { db } = handle;
    let builds = 0;
    const newestOf = shapedStatement(db, 'probe_shaped', (shape: { oldestFirst: boolean }, on, value) => {
      builds += 1;
      return on
        .select({ id: probes.id })
        .from(probes)
        .where(eq(probes.storeId, value('store')))
        .orderBy(shape.oldestFirst ? asc(probes.id) : desc(probes.id))
        .limit(value('limit'));
    });
    expect(await newestOf({ oldestFirst: false }, { store: 2, limit: 1 })).toEqual([{ id: 28 }]);
    expect(await newestOf({ oldestFirst: true }, { store: 2, limit: 2 })).toEqual([{ id: 26 }, { id: 27 }]);
    expect(await newestOf({ oldestFirst: false }, { store: 1, limit: 1, unused: 'ignored' })).toEqual([
      { id: 25 },
    ]);
    expect(builds).toBe(2);
  });
});
