import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { instant, identityId } from './columns.js';

/**
 * 数据备份: one row per backup file in BACKUP_DIR (docs/domain/system-tools.md "数据备份"). `table_counts` are the
 * rows of every table as the backup holds them; the restore check compares a scratch restore against them.
 */
export const backups = pgTable(
  'backups',
  {
    id: identityId(),
    name: varchar('name', { length: 64 }).notNull().unique(),
    /** `pg_dump` (custom format) or `pglite` (the embedded database's data directory, tar.gz). */
    format: varchar('format', { length: 16 }).notNull(),
    /** `manual` or `schedule`. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** `running`, `ok` or `failed`. */
    status: varchar('status', { length: 16 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: varchar('sha256', { length: 64 }),
    durationMs: integer('duration_ms'),
    error: varchar('error', { length: 1000 }),
    tableCounts: jsonb('table_counts').$type<Record<string, number>>(),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    /** The last restore check: `running`, `ok`, `mismatch` or `failed`. */
    restoreStatus: varchar('restore_status', { length: 16 }),
    restoreReport: jsonb('restore_report'),
    restoreError: text('restore_error'),
    restoreStartedAt: instant('restore_started_at'),
    restoredAt: instant('restored_at'),
  },
  (t) => [
    index('backups_started_idx').on(t.startedAt),
    // One backup at a time across every instance: a second `running` row cannot be inserted.
    uniqueIndex('backups_one_running_idx')
      .on(sql`(true)`)
      .where(sql`${t.status} = 'running'`),
  ],
);
