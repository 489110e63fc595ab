import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { shapedStatement, type Named, type Preparable } from '../../db/paged-query.js';

/** A document table: an id, a state and the version every change bumps. */
export type VersionedTable = PgTable & { id: PgColumn; status: PgColumn; version: PgColumn };
export type VersionedRead = { id: number; status: string; version: number };

/**
 * The reads and writes every inventory document repository shares (transfer, request goods, loan), prepared once
 * per shape under `name`: the row locked for a change (only when `party` holds for the caller's store: a store not
 * party to it finds nothing, a 404), and the conditional update on the state and version as read (false: someone
 * else changed it first; true: the read record now holds what was written).
 */
export function versionedDocs<T extends VersionedTable>(
  db: Database,
  name: string,
  table: T,
  party: (storeId: ReturnType<Named>) => SQL | undefined,
) {
  const locked = shapedStatement(db, `${name}_lock`, (shape: { scoped: boolean }, on, value) =>
    on
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, value('id')), shape.scoped ? party(value('storeId')) : undefined))
      .for('update'),
  );
  // The columns a change sets are the shape; their values are named `set_<column>`.
  const updated = shapedStatement(
    db,
    `${name}_update`,
    (shape: { columns: string }, on, value) =>
      // A generic table leaves drizzle's row type unresolved; the statement answers `{ id }` rows.
      on
        .update(table)
        .set({
          ...Object.fromEntries(shape.columns.split(',').map((column) => [column, value(`set_${column}`)])),
          version: value('version'),
          updatedAt: sql`now()`,
        } as PgUpdateSetSource<T>)
        .where(
          and(
            eq(table.id, value('id')),
            eq(table.status, value('readStatus')),
            eq(table.version, value('readVersion')),
          ),
        )
        .returning({ id: table.id }) as unknown as Preparable<{ id: number }>,
  );

  return {
    async lock(tx: Database, id: number, storeId: number | null): Promise<T['$inferSelect'] | undefined> {
      const [row] = await locked({ scoped: storeId !== null }, { id, storeId }, tx);
      return row as T['$inferSelect'] | undefined;
    },

    async update(tx: Database, read: VersionedRead, set: Partial<T['$inferInsert']>): Promise<boolean> {
      const columns = Object.keys(set).sort();
      const values: Record<string, unknown> = {
        id: read.id,
        readStatus: read.status,
        readVersion: read.version,
        version: read.version + 1,
      };
      for (const column of columns) values[`set_${column}`] = (set as Record<string, unknown>)[column];
      const rows = await updated({ columns: columns.join(',') }, values, tx);
      if (rows.length !== 1) return false;
      // The locked record follows its row: a later change in the same action starts from what this one wrote.
      Object.assign(read, set, { version: read.version + 1 });
      return true;
    },
  };
}
