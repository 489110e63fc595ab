import { bigint, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The column shapes every schema file declares: one declaration each, so that a table reads as what it holds.

/** A point in time: PostgreSQL `timestamptz`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
/** A big surrogate key the database numbers (tables that grow without bound). */
export const identityId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

type OnDelete = 'cascade' | 'set null' | 'restrict';

/** A required reference to another table's integer id. */
export const requiredRef = (column: string, target: () => AnyPgColumn, onDelete?: OnDelete) =>
  integer(column)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/** A required reference to another table's big id (an `identityId()`). */
export const requiredBigRef = (column: string, target: () => AnyPgColumn, onDelete?: OnDelete) =>
  bigint(column, { mode: 'number' })
    .notNull()
    .references(target, onDelete ? { onDelete } : {});
