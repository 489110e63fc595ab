import type { ExportKind, ExportStatus } from '@console/contract';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { exportJobs, users } from '../../db/schema.js';
import { numberedPageOf } from '../../db/paged-query.js';

export type ClaimedJob = {
  id: number;
  /** Null for a head-office export. */
  storeId: number | null;
  kind: ExportKind;
  params: Record<string, unknown>;
};

export type ExportJobRepository = ReturnType<typeof createExportJobRepository>;

/** Who lists a job: the store's staff at that store, and a head-office export only the user who queued it. */
export type JobReader = { storeId: number; userId: number };
const readableBy = ({ storeId, userId }: JobReader) =>
  or(eq(exportJobs.storeId, storeId), and(isNull(exportJobs.storeId), eq(exportJobs.userId, userId)));

/**
 * `export_jobs`. While a job runs, `finished_at` is its heartbeat (set on claim and on every page); a job whose
 * heartbeat is older than the stale limit was left by a killed instance and is queued again.
 */
export function createExportJobRepository(db: Database) {
  return {
    async create(job: {
      storeId: number | null;
      userId: number;
      kind: ExportKind;
      params: Record<string, unknown>;
      at: Date;
    }) {
      const [row] = await db
        .insert(exportJobs)
        .values({
          storeId: job.storeId,
          userId: job.userId,
          kind: job.kind,
          params: job.params,
          createdAt: job.at,
        })
        .returning({ id: exportJobs.id, status: exportJobs.status });
      return { id: row!.id, status: row!.status as ExportStatus };
    },

    /** A job the reader may list, without its file; null for a missing job or one they may not. */
    async find(reader: JobReader, id: number) {
      const [row] = await db
        .select({
          id: exportJobs.id,
          storeId: exportJobs.storeId,
          kind: exportJobs.kind,
          params: exportJobs.params,
          status: exportJobs.status,
        })
        .from(exportJobs)
        .where(and(eq(exportJobs.id, id), readableBy(reader)));
      return row ?? null;
    },

    async file(reader: JobReader, id: number) {
      const [row] = await db
        .select({ status: exportJobs.status, fileName: exportJobs.fileName, content: exportJobs.content })
        .from(exportJobs)
        .where(and(eq(exportJobs.id, id), readableBy(reader)));
      return row ?? null;
    },

    /** The reader's records, newest first (the table is small per store: an exact count is fine). */
    async page(reader: JobReader, pageNum: number, pageSize: number) {
      return numberedPageOf(
        { pageNum, pageSize },
        db
          .select({
            id: exportJobs.id,
            kind: exportJobs.kind,
            status: exportJobs.status,
            progress: exportJobs.progress,
            rowCount: exportJobs.rowCount,
            fileName: exportJobs.fileName,
            error: exportJobs.error,
            createdByName: users.nickName,
            createdAt: exportJobs.createdAt,
            finishedAt: exportJobs.finishedAt,
          })
          .from(exportJobs)
          .innerJoin(users, eq(users.id, exportJobs.userId))
          .where(readableBy(reader))
          .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id)),
        db.select({ n: count() }).from(exportJobs).where(readableBy(reader)),
      );
    },

    /**
     * Takes the oldest queued job for this instance. `for update skip locked`: two instances claiming at the
     * same moment take different jobs, never the same one.
     */
    async claimNext(at: Date): Promise<ClaimedJob | null> {
      const [row] = await db
        .update(exportJobs)
        .set({ status: 'running', progress: 0, finishedAt: at })
        .where(
          eq(
            exportJobs.id,
            sql`(select ${exportJobs.id} from ${exportJobs} where ${exportJobs.status} = 'queued' order by ${exportJobs.createdAt}, ${exportJobs.id} limit 1 for update skip locked)`,
          ),
        )
        .returning({
          id: exportJobs.id,
          storeId: exportJobs.storeId,
          kind: exportJobs.kind,
          params: exportJobs.params,
        });
      return row ? { ...row, kind: row.kind as ExportKind } : null;
    },

    async progress(id: number, progress: number, at: Date): Promise<void> {
      await db
        .update(exportJobs)
        .set({ progress, finishedAt: at })
        .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running')));
    },

    async done(
      id: number,
      file: { fileName: string; content: Buffer; rowCount: number },
      at: Date,
    ): Promise<void> {
      await db
        .update(exportJobs)
        .set({ status: 'done', progress: 100, ...file, error: '', finishedAt: at })
        .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running')));
    },

    async failed(id: number, error: string, at: Date): Promise<void> {
      await db
        .update(exportJobs)
        .set({ status: 'failed', error: error.slice(0, 255), content: null, finishedAt: at })
        .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running')));
    },

    /** Running jobs with no heartbeat since `before` go back to the queue; answers how many. */
    async requeueStale(before: Date): Promise<number> {
      const rows = await db
        .update(exportJobs)
        .set({ status: 'queued', progress: 0, finishedAt: null })
        .where(and(eq(exportJobs.status, 'running'), lt(exportJobs.finishedAt, before)))
        .returning({ id: exportJobs.id });
      return rows.length;
    },

    /**
     * Jobs queued and running, across instances (the metrics scrape reads it): a count over the partial index
     * `export_jobs_pending_idx`, which holds only those rows.
     */
    async queueDepth(): Promise<{ queued: number; running: number }> {
      const rows = await db
        .select({ status: exportJobs.status, jobs: count() })
        .from(exportJobs)
        .where(inArray(exportJobs.status, ['queued', 'running']))
        .groupBy(exportJobs.status);
      const of = (status: string) => rows.find((row) => row.status === status)?.jobs ?? 0;
      return { queued: of('queued'), running: of('running') };
    },
  };
}
