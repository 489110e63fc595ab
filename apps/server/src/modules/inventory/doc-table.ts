import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';

/** A document table: an id, a state and the version every change bumps. */
export type VersionedTable = PgTable & { id: PgColumn; status: PgColumn; version: PgColumn };
export type VersionedRead = { id: number; status: string; version: number };

/**
 * The reads and writes every inventory document repository shares (transfer, request goods, loan): the row
 * locked for a change (only when `party` matches: a store not party to it finds nothing, a 404), and the
 * conditional update on the state and version as read (false: someone else changed it first).
 */
export function versionedDocs<T extends VersionedTable>(table: T) {
  return {
    async lock(tx: Database, id: number, party?: SQL): Promise<T['$inferSelect'] | undefined> {
      const [row] = await tx
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), party))
        .for('update');
      return row as T['$inferSelect'] | undefined;
    },

    async update(tx: Database, read: VersionedRead, set: PgUpdateSetSource<T>): Promise<boolean> {
      const rows = await tx
        .update(table)
        .set({ ...set, version: read.version + 1, updatedAt: sql`now()` } as PgUpdateSetSource<T>)
        .where(and(eq(table.id, read.id), eq(table.status, read.status), eq(table.version, read.version)))
        .returning({ id: table.id });
      return (rows as unknown[]).length === 1;
    },
  };
}
