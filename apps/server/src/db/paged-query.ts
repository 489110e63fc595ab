import { createHash } from 'node:crypto';
import { Param, Placeholder, sql, type SQL, type Subquery } from 'drizzle-orm';
import { badRequest } from '../http/errors.js';
import type { Database } from './client.js';
import { withCompiledRows } from './compiled-rows.js';

/**
 * Paging for every list (DESIGN.md "Paging"): numbered pages by LIMIT/OFFSET with an exact count for the small
 * lists, keyset pages with a capped count for the big ones, and prepared statements for hot reads.
 */

export type Paging = { pageNum: number; pageSize: number };
export type NumberedPage<Row> = { list: Row[]; total: number; pageNum: number; pageSize: number };

/** The LIMIT and OFFSET of a numbered page (`limit` one more when the caller wants to know if more follow). */
export function pageWindow({ pageNum, pageSize }: Paging, { peek = false } = {}) {
  return { limit: pageSize + (peek ? 1 : 0), offset: (pageNum - 1) * pageSize };
}

/**
 * A numbered page: the rows of its window and the exact count of matches, read together. `count` is a query
 * answering one row `{ n }` (count() or count(*)).
 */
export async function numberedPage<Row>(
  paging: Paging,
  read: {
    rows: (window: { limit: number; offset: number }) => PromiseLike<Row[]>;
    count: PromiseLike<{ n: number | string }[]>;
  },
): Promise<NumberedPage<Row>> {
  const [list, counted] = await Promise.all([read.rows(pageWindow(paging)), read.count]);
  return { list, total: Number(counted[0]?.n ?? 0), pageNum: paging.pageNum, pageSize: paging.pageSize };
}

/** A select that a page window can still be put on (`.limit(…).offset(…)` not called yet). */
export type WindowableSelect<Row> = { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };

/**
 * `numberedPage` of an ordered select: the window goes on `rows` here, so a repository states only what it
 * selects, in which order, and the count of the same matches.
 */
export function numberedPageOf<Row>(
  paging: Paging,
  rows: WindowableSelect<Row>,
  count: PromiseLike<{ n: number | string }[]>,
): Promise<NumberedPage<Row>> {
  return numberedPage(paging, { rows: ({ limit, offset }) => rows.limit(limit).offset(offset), count });
}

/** The same page with each row turned into what the answer shows. */
export function mapPage<Row, Out>(page: NumberedPage<Row>, toRow: (row: Row) => Out): NumberedPage<Out> {
  return { ...page, list: page.list.map(toRow) };
}

/**
 * Rows of a page read with one row more than asked (`pageWindow(…, { peek: true })`): the page and whether
 * another follows.
 */
export function splitPeek<Row>(rows: Row[], pageSize: number): { rows: Row[]; hasMore: boolean } {
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/**
 * The keyset condition of a list ordered newest first by (`key`, `id`) descending: the rows after the cursor's.
 * `keyValue` is cast with `keyType` (e.g. `timestamptz`), since a bound parameter carries no type.
 */
export function keysetBefore(
  key: SQL | SQL.Aliased | { getSQL(): SQL },
  id: { getSQL(): SQL },
  cursor: { key: unknown; id: unknown },
  keyType: string,
): SQL {
  return sql`(${key}, ${id}) < (${cursor.key}::${sql.raw(keyType)}, ${cursor.id})`;
}

/**
 * count(*) of a select that limits itself to `cap + 1` matching rows: a bounded count that never scans a large
 * store to the end. `cappedTotal` turns it into the answer's `total` and `totalExact`.
 */
export function cappedCountQuery(db: Database, limitedToCapPlusOne: { as(alias: string): Subquery }) {
  const query = db.select({ n: sql<number>`count(*)::int` }).from(limitedToCapPlusOne.as('matching'));
  // The Database union leaves the awaited row type unknown to TypeScript; it is one { n } row.
  return query as unknown as Omit<typeof query, 'then'> & PromiseLike<{ n: number }[]>;
}

export function cappedTotal(
  counted: number | null,
  cap: number,
): { total: number | null; totalExact: boolean } {
  return counted === null
    ? { total: null, totalExact: false }
    : { total: Math.min(counted, cap), totalExact: counted <= cap };
}

/**
 * How a query takes a value: inline (a parameter of this one execution) or as a named placeholder of a prepared
 * statement, whose values are collected for `execute`.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
export const inline: Bind = (_name, value) => value;

/** A binder that turns every value into a placeholder and keeps the values to execute with. */
export function collectingBind(): { bind: Bind; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    params[name] = value;
    return sql.placeholder(name);
  };
  return { bind, params };
}

export type Preparable<Row> = {
  prepare(name: string): { execute(params: Record<string, unknown>): Promise<Row[]> };
  toSQL(): { params: unknown[] };
};

/** A parameter the statement takes at execution: a placeholder, bare or as a column's value (insert, set). */
const isPlaceholder = (param: unknown) =>
  param instanceof Placeholder || (param instanceof Param && param.value instanceof Placeholder);

/**
 * Runs a hot read as a prepared statement, one per query shape: drizzle compiles the SQL once per shape and
 * PostgreSQL keeps the parsed statement per connection. A shape is the set of placeholders the query has and,
 * when two queries of one runner share those (two tabs of a list), the `variant` the caller names. The
 * statement's name is derived from the shape, so every repository instance gives the same SQL the same name on a
 * shared connection. `planEachTime` sends it unnamed instead, so PostgreSQL plans it for the values at hand: a
 * LIKE prefix only reaches its index in a plan made for the actual pattern, which a generic plan of a named
 * statement is not. The query must be built on the same `db` every time: a transaction's statement of one
 * shape takes `fixedStatement`, any other runs as built.
 */
export function preparedRunner<Declared = never>(prefix: string, { planEachTime = false } = {}) {
  const byShape = new Map<string, ReturnType<Preparable<unknown>['prepare']>>();
  // The row type is the query's own unless the runner declares one.
  return async <Row = Declared>(build: (bind: Bind) => Preparable<Row>, variant = ''): Promise<Row[]> => {
    const { bind, params } = collectingBind();
    const query = build(bind);
    const shape = `${variant}|${Object.keys(params).sort().join(',')}`;
    let prepared = byShape.get(shape);
    if (!prepared) {
      // A value not bound through `bind` would be frozen into the statement for every later call.
      if (!query.toSQL().params.every(isPlaceholder))
        throw new Error(`${prefix}: every value of a prepared query must be a placeholder`);
      const name = planEachTime
        ? ''
        : `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
      prepared = withCompiledRows(query.prepare(name));
      byShape.set(shape, prepared);
    }
    return prepared.execute(params) as Promise<Row[]>;
  };
}

/** How a fixed statement names a value: `value('memberId')`. */
export type Named = (name: string) => Placeholder;

/**
 * A hot statement of one shape (no filter comes and goes): built and prepared once on `db`, then executed with
 * the values by name, so a call neither builds nor compiles it again — `ledger({ memberId })`, or
 * `ledger({ memberId }, tx)` inside a transaction. `name` must be unique to this SQL. A query whose SQL depends
 * on facts of the request takes `shapedStatement`.
 */
export function fixedStatement<Row>(
  db: Database,
  name: string,
  build: (on: Database, value: Named) => Preparable<Row> & PromiseLike<Row[]>,
) {
  let prepared: ReturnType<Preparable<Row>['prepare']> | null = null;
  return (values: Record<string, unknown>, tx: Database = db): Promise<Row[]> => {
    prepared ??= withCompiledRows(build(db, (key) => sql.placeholder(key)).prepare(name));
    return onConnectionOf(prepared, db, tx).execute(values);
  };
}

/**
 * A statement prepared on `db`, run on the connection of `tx` when that is a transaction. Drizzle's prepared query
 * holds the client it was made on, so the transaction's copy takes the transaction's client; nothing bound to that
 * client outlives the call. PostgreSQL keeps a named statement per connection, so each pooled connection parses
 * and plans it once, in a transaction or not.
 */
function onConnectionOf<Prepared extends object>(prepared: Prepared, db: Database, tx: Database): Prepared {
  if (tx === db) return prepared;
  const { client } = (tx as unknown as { session: { client: unknown } }).session;
  return Object.assign(Object.create(prepared) as Prepared, { client });
}

/** The facts of a request that decide a statement's SQL (a list's tab, whether a keyword is typed). */
export type StatementShape = Record<string, string | number | boolean | null>;

/**
 * Hot statements whose SQL depends on a few facts of the request: `shape` names those facts and nothing else,
 * `build` makes the SQL from the shape alone with every value through `value(name)`, and each shape is built and
 * prepared once — `page({ tab, keyword: null, cursor: false }, { storeId, limit, offset })`, with the transaction
 * last when there is one. Values a shape's SQL does not use are ignored. `planEachTime` as for `preparedRunner`.
 */
export function shapedStatement<Shape extends StatementShape, Row>(
  db: Database,
  prefix: string,
  build: (shape: Shape, on: Database, value: Named) => Preparable<Row>,
  { planEachTime = false } = {},
) {
  const byShape = new Map<string, ReturnType<Preparable<Row>['prepare']>>();
  return (shape: Shape, values: Record<string, unknown>, tx: Database = db): Promise<Row[]> => {
    const key = Object.keys(shape)
      .sort()
      .map((fact) => `${fact}=${String(shape[fact])}`)
      .join('&');
    let prepared = byShape.get(key);
    if (!prepared) {
      const name = planEachTime
        ? ''
        : `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
      prepared = withCompiledRows(
        build(shape, db, (placeholder) => sql.placeholder(placeholder)).prepare(name),
      );
      byShape.set(key, prepared);
    }
    return onConnectionOf(prepared, db, tx).execute(values);
  };
}

/** What a keyset key holds, as a cursor carries it: a timestamp to the microsecond, a date, an id or a text. */
export type KeysetKind = 'timestamptz' | 'date' | 'id' | 'text';

/** The key of a keyset list: the column or expression it orders by, and what it holds. */
export type KeysetKey = { sql: SQL | { getSQL(): SQL }; kind: KeysetKind };

/**
 * A row's keys as the cursor keeps them, read as one JSON array: a timestamp as text to the microsecond (UTC),
 * so no row is skipped or repeated by rounding; a date as text (`infinity` included); ids and texts as they are.
 */
export const keysetRead = (keys: readonly KeysetKey[]) =>
  sql<unknown[]>`json_build_array(${sql.join(
    keys.map((k) =>
      k.kind === 'timestamptz'
        ? sql`to_char(${k.sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
        : sql`${k.sql}`,
    ),
    sql`, `,
  )})`;

const KEY_TYPE: Record<KeysetKind, string> = {
  timestamptz: 'timestamptz',
  date: 'date',
  id: 'bigint',
  text: 'text',
};
/** A calendar date or instant that exists (JavaScript rolls `02-30` over to March; PostgreSQL refuses it). */
const realTime = (text: string, length: number) => {
  const at = new Date(text.endsWith('Z') ? text : `${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, length) === text.slice(0, length);
};
const KEY_VALID: Record<KeysetKind, (value: unknown) => boolean> = {
  timestamptz: (v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && realTime(v, 23),
  date: (v) =>
    typeof v === 'string' && (v === 'infinity' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && realTime(v, 10))),
  id: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1,
  text: (v) => typeof v === 'string' && v.length <= 64,
};

/**
 * The keyset condition of a list ordered by `keys`, all ascending or all descending: the rows past the
 * cursor's `values` (a row comparison, which an index on the same keys answers as a range).
 */
export function keysetPast(
  direction: 'asc' | 'desc',
  keys: readonly KeysetKey[],
  values: readonly unknown[],
) {
  const columns = sql.join(
    keys.map((k) => sql`${k.sql}`),
    sql`, `,
  );
  const cursor = sql.join(
    keys.map((k, i) => sql`${values[i]}::${sql.raw(KEY_TYPE[k.kind])}`),
    sql`, `,
  );
  return direction === 'asc' ? sql`(${columns}) > (${cursor})` : sql`(${columns}) < (${cursor})`;
}

/** A keyset list's answer (the contract's `keysetPageOf`). */
export type KeysetAnswer<Row> = {
  list: Row[];
  total: number | null;
  totalExact: boolean;
  pageNum: number;
  pageSize: number;
  nextCursor: string | null;
};

export const KEYSET_TEXT = { badCursor: '分页游标不正确，请从第一页重新查询' };

/**
 * A keyset page (DESIGN.md "Paging"): past the cursor of the page before when there is one, else page `pageNum`
 * by OFFSET; one row more than asked tells whether another follows. The count, at most `cap`, is read beside the
 * rows and only on a page without a cursor (the client keeps the first page's). A cursor we did not issue is a
 * 400. A repository states the rows (`after` is the cursor's key values), the bounded count and the key of a row.
 */
export async function keysetPage<Row>(
  request: Paging & { cursor?: string | null },
  list: {
    kinds: readonly KeysetKind[];
    rows(window: { limit: number; offset: number; after: unknown[] | null }): PromiseLike<Row[]>;
    /** How many rows match, counting no further than `limit`. */
    countUpTo(limit: number): PromiseLike<number>;
    cap: number;
    keyOf(row: Row): unknown[];
  },
): Promise<KeysetAnswer<Row>> {
  const after = request.cursor ? decodeKeyset(request.cursor, list.kinds) : null;
  if (request.cursor && !after) throw badRequest(KEYSET_TEXT.badCursor, 'CURSOR_INVALID');
  const window = pageWindow(request, { peek: true });
  const [read, counted] = await Promise.all([
    list.rows({ limit: window.limit, offset: after ? 0 : window.offset, after }),
    after ? null : list.countUpTo(list.cap + 1),
  ]);
  const { rows, hasMore } = splitPeek(read, request.pageSize);
  const last = rows.at(-1);
  return {
    list: rows,
    ...cappedTotal(counted, list.cap),
    pageNum: request.pageNum,
    pageSize: request.pageSize,
    nextCursor: hasMore && last ? encodeKeyset(list.keyOf(last)) : null,
  };
}

/** A keyset cursor for the client: the last row's key values, opaque (base64url JSON). */
export function encodeKeyset(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The key values of a cursor we issued for keys of these kinds, or null when it is not one. */
export function decodeKeyset(value: string, kinds: readonly KeysetKind[]): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== kinds.length) return null;
    return parsed.every((v, i) => KEY_VALID[kinds[i]!](v)) ? parsed : null;
  } catch {
    return null;
  }
}
