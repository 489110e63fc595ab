import { EXPORT_KIND_TEXT, EXPORT_MAX_ROWS } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { stores } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiStamp } from './export-cells.js';
import type { ClaimedJob, ExportJobRepository } from './export-jobs.repository.js';
import { EXPORT_TEXT } from './exports.messages.js';
import { EXPORT_SOURCES } from './export-sources.js';
import { writeSheet } from './sheet-writer.js';

/** A running job that has not moved for this long was left by a killed instance (EXPORT_STALE_AFTER_MS). */
export const STALE_RUNNING_MS = 10 * 60 * 1000;
const PAGE_SIZE = 1_000;

export type ExportRunnerOptions = {
  db: Database;
  jobs: ExportJobRepository;
  clock: Clock;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  pageSize?: number;
  maxRows?: number;
  staleAfterMs?: number;
  /** Called after each page's progress is stored (tests watch the progress with it). */
  afterProgress?: (jobId: number, progress: number) => Promise<void> | void;
};

export type ExportRunner = ReturnType<typeof createExportRunner>;

/**
 * Runs export jobs in this process, one at a time: claims the oldest queued job, streams its rows into a
 * workbook page by page (storing the progress), then stores the file or a Chinese reason it failed.
 * `kick()` after queueing a job starts it at once; a slow poll (a job, exports.jobs.ts) calls `drain()` to pick up
 * the jobs other instances queued.
 */
export function createExportRunner(options: ExportRunnerOptions) {
  const { db, jobs, clock, log } = options;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const maxRows = options.maxRows ?? EXPORT_MAX_ROWS;
  const staleAfterMs = options.staleAfterMs ?? STALE_RUNNING_MS;
  let draining: Promise<void> | null = null;
  let kickedWhileDraining = false;

  async function sourceOf(job: ClaimedJob) {
    const sourceOfKind = Object.hasOwn(EXPORT_SOURCES, job.kind) ? EXPORT_SOURCES[job.kind] : undefined;
    if (!sourceOfKind) throw new AppError(422, 'EXPORT_KIND_UNKNOWN', EXPORT_TEXT.unknownKind);
    return sourceOfKind(db, job, clock());
  }

  async function run(job: ClaimedJob): Promise<void> {
    try {
      const { source, storeCode } = await sourceOf(job);
      const total = await source.countUpTo(maxRows + 1);
      if (total > maxRows) throw new AppError(422, 'EXPORT_TOO_MANY_ROWS', EXPORT_TEXT.tooManyRows);
      const file = await writeSheet(source.pages(pageSize), source.columns, async (written) => {
        // 99 at most until the file is stored: 100 means it can be downloaded.
        const progress = Math.min(99, Math.floor((written * 100) / Math.max(total, 1)));
        await jobs.progress(job.id, progress, clock());
        await options.afterProgress?.(job.id, progress);
      });
      const [store] =
        job.storeId === null
          ? []
          : await db.select({ name: stores.shopName }).from(stores).where(eq(stores.id, job.storeId));
      const fileName = `${EXPORT_KIND_TEXT[job.kind]}_${store?.name ?? storeCode}_${shanghaiStamp(clock())}.xlsx`;
      await jobs.done(job.id, { fileName, content: file.content, rowCount: file.rowCount }, clock());
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) log.error({ err: error, jobId: job.id }, 'export job failed');
      await jobs.failed(job.id, known ? error.message : EXPORT_TEXT.failed, clock());
    }
  }

  /** Runs queued jobs until none is left (stale ones first go back to the queue). */
  async function drainQueue(): Promise<void> {
    await jobs.requeueStale(new Date(clock().getTime() - staleAfterMs));
    for (let job = await jobs.claimNext(clock()); job; job = await jobs.claimNext(clock())) await run(job);
  }

  function drain(): Promise<void> {
    if (draining) {
      kickedWhileDraining = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          kickedWhileDraining = false;
          await drainQueue();
        } while (kickedWhileDraining);
      } catch (error) {
        log.warn({ err: error }, 'export queue failed');
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  return {
    /** Start now (a job was just queued); never throws. */
    kick(): void {
      void drain();
    },
    drain,
    /** Waits for the job in hand. */
    async stop(): Promise<void> {
      await draining;
    },
  };
}
