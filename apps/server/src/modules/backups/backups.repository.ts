import { and, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { numberedPageOf } from '../../db/paged-query.js';
import { backups, sessions } from '../../db/schema.js';

export type BackupRecord = typeof backups.$inferSelect;
type Paging = { pageNum: number; pageSize: number };

/** Every statement of 数据备份. */
export function createBackupsRepository(db: Database) {
  return {
    page(q: Paging) {
      return numberedPageOf(
        q,
        db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)),
        db.select({ n: count() }).from(backups),
      );
    },

    async byName(name: string): Promise<BackupRecord | null> {
      const [row] = await db.select().from(backups).where(eq(backups.name, name)).limit(1);
      return row ?? null;
    },

    async byId(id: number): Promise<BackupRecord> {
      const [row] = await db.select().from(backups).where(eq(backups.id, id));
      if (!row) throw new Error(`backup ${id} is gone`);
      return row;
    },

    /** Inserts the running row; null while another backup runs (one-running index) or the name is taken. */
    async begin(
      row: Pick<BackupRecord, 'name' | 'format' | 'trigger' | 'createdBy' | 'createdByName' | 'startedAt'>,
      tx: Database = db,
    ): Promise<BackupRecord | null> {
      const [created] = await tx
        .insert(backups)
        .values({ ...row, status: 'running' })
        .onConflictDoNothing()
        .returning();
      return created ?? null;
    },

    async finish(
      id: number,
      done: Pick<
        BackupRecord,
        'status' | 'sizeBytes' | 'sha256' | 'durationMs' | 'error' | 'tableCounts' | 'finishedAt'
      >,
    ) {
      await db.update(backups).set(done).where(eq(backups.id, id));
    },

    /** Claims the restore check of a backup; false when one is going (its start after `since`). */
    async beginRestore(id: number, at: Date, since: Date, tx: Database = db): Promise<boolean> {
      const claimed = await tx
        .update(backups)
        .set({ restoreStatus: 'running', restoreStartedAt: at, restoreReport: null, restoreError: null })
        .where(
          and(
            eq(backups.id, id),
            sql`(${backups.restoreStatus} is distinct from 'running' or ${backups.restoreStartedAt} < ${since})`,
          ),
        )
        .returning({ id: backups.id });
      return claimed.length > 0;
    },

    async finishRestore(
      id: number,
      done: Pick<BackupRecord, 'restoreStatus' | 'restoreReport' | 'restoreError' | 'restoredAt'>,
    ) {
      await db.update(backups).set(done).where(eq(backups.id, id));
    },

    /** Finished backups beyond the newest `keep`, oldest first: what retention removes. */
    async beyond(keep: number): Promise<BackupRecord[]> {
      return db
        .select()
        .from(backups)
        .where(isNotNull(backups.finishedAt))
        .orderBy(desc(backups.startedAt), desc(backups.id))
        .offset(keep);
    },

    async remove(id: number) {
      await db.delete(backups).where(eq(backups.id, id));
    },

    async all(): Promise<BackupRecord[]> {
      return db.select().from(backups);
    },

    /** A backup or a restore check going on any instance. */
    async anyRunning(): Promise<boolean> {
      const [row] = await db
        .select({ id: backups.id })
        .from(backups)
        .where(sql`${backups.status} = 'running' or ${backups.restoreStatus} = 'running'`)
        .limit(1);
      return row !== undefined;
    },

    /** After a restore over the live database: 数据备份's rows as they were before it (ids kept). */
    async replaceAll(rows: BackupRecord[]) {
      await db.transaction(async (tx) => {
        await tx.delete(backups);
        if (rows.length > 0) await tx.insert(backups).overridingSystemValue().values(rows);
        await tx.execute(
          sql`select setval(pg_get_serial_sequence('backups', 'id'), greatest((select max(id) from backups), 1))`,
        );
      });
    },

    async sessionOf(id: number): Promise<typeof sessions.$inferSelect | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row ?? null;
    },

    /** The restoring administrator's session, when the backup predates it and its user is in the backup. */
    async restoreSession(row: typeof sessions.$inferSelect) {
      // Its user may be missing from the backup (the foreign key refuses it): then it stays signed out.
      const inserted = await db
        .insert(sessions)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: sessions.id })
        .catch(() => []);
      if (inserted.length > 0)
        await db.execute(
          sql`select setval(pg_get_serial_sequence('sessions', 'id'), (select max(id) from sessions))`,
        );
    },

    /** Rows still `running` that started before `before`: their instance stopped mid-work. */
    async failStale(before: Date, at: Date) {
      await db
        .update(backups)
        .set({ status: 'failed', error: '备份进行中实例已停止，本次备份未完成', finishedAt: at })
        .where(and(eq(backups.status, 'running'), lt(backups.startedAt, before)));
      await db
        .update(backups)
        .set({ restoreStatus: 'failed', restoreError: '恢复检查进行中实例已停止', restoredAt: at })
        .where(and(eq(backups.restoreStatus, 'running'), lt(backups.restoreStartedAt, before)));
    },
  };
}
