import { createHash } from 'node:crypto';
import { Placeholder, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { Database } from './client.js';

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

/**
 * Runs a hot read as a prepared statement, one per query shape (which placeholders it has): drizzle compiles the
 * SQL once per shape and PostgreSQL keeps the parsed statement per connection. The name is derived from the
 * shape, so every repository instance gives the same SQL the same name on a shared connection. `planEachTime`
 * sends it unnamed instead, so PostgreSQL plans it for the values at hand: a LIKE prefix only reaches its index
 * in a plan made for the actual pattern, which a generic plan of a named statement is not.
 */
export function preparedRunner<Row>(prefix: string, { planEachTime = false } = {}) {
  const byShape = new Map<string, ReturnType<Preparable<Row>['prepare']>>();
  return async (build: (bind: Bind) => Preparable<Row>): Promise<Row[]> => {
    const { bind, params } = collectingBind();
    const query = build(bind);
    const shape = Object.keys(params).sort().join(',');
    let prepared = byShape.get(shape);
    if (!prepared) {
      // A value not bound through `bind` would be frozen into the statement for every later call.
      if (query.toSQL().params.some((param) => !(param instanceof Placeholder)))
        throw new Error(`${prefix}: every value of a prepared query must be a placeholder`);
      const name = planEachTime
        ? ''
        : `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
      prepared = query.prepare(name);
      byShape.set(shape, prepared);
    }
    return prepared.execute(params);
  };
}
