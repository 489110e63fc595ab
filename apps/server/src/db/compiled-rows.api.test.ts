import { eq, sql } from 'drizzle-orm';
import { date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import { withCompiledRows } from './compiled-rows.js';

const owners = pgTable('compiled_owner', { id: serial('id').primaryKey(), name: text('name').notNull() });
const items = pgTable('compiled_item', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id'),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }),
  day: date('day'),
  price: numeric('price'),
  detail: jsonb('detail'),
});

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`create table compiled_owner (id serial primary key, name text not null)`);
  await handle.db.execute(
    sql`create table compiled_item (id serial primary key, owner_id int, label text, at timestamptz,
        day date, price numeric, detail jsonb)`,
  );
  await handle.db.insert(owners).values({ name: '一号店' });
  await handle.db.insert(items).values([
    {
      ownerId: 1,
      label: '月饼',
      at: new Date('2026-09-01T02:03:04.567Z'),
      day: '2026-09-01',
      price: '12.50',
      detail: { tags: ['节日'], n: 2 },
    },
    { ownerId: null, label: null, at: null, day: null, price: null, detail: null },
  ]);
});
afterAll(() => handle.close());

const flatSelect = () =>
  handle.db
    .select({
      id: items.id,
      label: items.label,
      at: items.at,
      day: items.day,
      price: items.price,
      detail: items.detail,
      doubled: sql<number>`${items.id} * 2`.mapWith(Number),
      rawText: sql<string>`coalesce(${items.label}, '无')`,
      owner: owners.name,
    })
    .from(items)
    .leftJoin(owners, eq(owners.id, items.ownerId))
    .where(sql`${items.id} > ${sql.placeholder('after')}`)
    .orderBy(items.id);

describe('withCompiledRows', () => {
  it('maps a flat select exactly as drizzle does, nulls and decoders included', async () => {
    const expected = await flatSelect().prepare('compiled_rows_drizzle').execute({ after: 0 });
    const compiled = withCompiledRows(flatSelect().prepare('compiled_rows_compiled'));
    expect((compiled as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
    const rows = await compiled.execute({ after: 0 });
    expect(rows).toEqual(expected);
    expect(rows[0]).toMatchObject({ at: new Date('2026-09-01T02:03:04.567Z'), doubled: 2, owner: '一号店' });
    expect(rows[1]).toMatchObject({ label: null, at: null, detail: null, rawText: '无', owner: null });
    expect(Object.keys(rows[0] as object)).toEqual(Object.keys(expected[0] as object));
  });

  it('leaves a select of whole tables to drizzle, which nulls a missing left-joined row', async () => {
    const query = () =>
      handle.db
        .select()
        .from(items)
        .leftJoin(owners, eq(owners.id, items.ownerId))
        .where(sql`${items.id} > ${sql.placeholder('after')}`)
        .orderBy(items.id);
    const prepared = withCompiledRows(query().prepare('compiled_rows_nested'));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await prepared.execute({ after: 0 });
    expect(rows[1]?.compiled_owner).toBeNull();
    expect(rows[0]?.compiled_owner).toEqual({ id: 1, name: '一号店' });
  });
});
