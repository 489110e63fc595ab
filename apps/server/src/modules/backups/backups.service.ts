import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BackupRow, MaintenanceStatus, RestoreReport } from '@console/contract';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from '../../db/client.js';
import { migrateRestored } from '../../db/migrate.js';
import { mapPage } from '../../db/paged-query.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { Maintenance } from '../../platform/maintenance.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import type { BackupEngine, TableCounts } from './backup-engine.js';
import { createBackupsRepository, type BackupRecord } from './backups.repository.js';

/** Retention: the newest finished backups kept; older files and rows go after each scheduled backup. */
export const BACKUP_KEEP = 14;
/** A backup or restore check still `running` after this long counts as cut off (its instance stopped). */
export const BACKUP_STALE_MS = 2 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** How long maintenance is on before pg_restore starts: every instance hears of it, calls in flight finish. */
export const RESTORE_GRACE_MS = 1_000;

type Logger = {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
};

/** `backup-20261128-222501.dump`: the start in Shanghai time, as people there read it. */
export function backupNameAt(at: Date, extension: string): string {
  const [date = '', time = ''] = new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().split('T');
  return `backup-${date.replaceAll('-', '')}-${time.slice(0, 8).replaceAll(':', '')}.${extension}`;
}

export async function fileDigest(file: string): Promise<{ sizeBytes: number; sha256: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { sizeBytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

/** Every table of the backup against the scratch restore (a table missing on one side counts -1 there). */
export function compareCounts(expected: TableCounts, restored: TableCounts): RestoreReport {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(restored)])].sort();
  const mismatched = tables
    .map((table) => ({ table, expected: expected[table] ?? -1, restored: restored[table] ?? -1 }))
    .filter((row) => row.expected !== row.restored);
  return {
    tables: tables.length,
    matched: tables.length - mismatched.length,
    mismatched,
    rows: Object.values(restored).reduce((sum, n) => sum + n, 0),
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function backupRowOf(row: BackupRecord): BackupRow {
  return {
    id: row.id,
    name: row.name,
    format: row.format === 'pglite' ? 'pglite' : 'pg_dump',
    trigger: row.trigger === 'schedule' ? 'schedule' : 'manual',
    status: row.status as BackupRow['status'],
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    durationMs: row.durationMs,
    error: row.error,
    createdBy: row.createdByName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    restoreStatus: (row.restoreStatus as BackupRow['restoreStatus']) ?? null,
    restoreReport: (row.restoreReport as RestoreReport | null) ?? null,
    restoreError: row.restoreError,
    restoredAt: row.restoredAt?.toISOString() ?? null,
  };
}

/**
 * 数据备份 (docs/domain/system-tools.md): backups and restore checks run in the background of the instance that
 * got the request; the page polls the list. `drain()` waits for them (the app's close).
 */
export function createBackupsService(deps: {
  db: Database;
  clock: Clock;
  engine: BackupEngine;
  dir: string;
  log: Logger;
  /** Restoring over the live database: maintenance for every instance, and the caches dropped afterwards. */
  live?: { maintenance: Maintenance; forgetCaches(): void; graceMs?: number };
}) {
  const { db, clock, engine, dir, log, live } = deps;
  const repo = createBackupsRepository(db);
  const audit = createAuditLog(db, clock);
  const work = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    work.add(promise);
    void promise.finally(() => work.delete(promise));
    return promise;
  };
  const staleBefore = () => new Date(clock().getTime() - BACKUP_STALE_MS);

  function adminOnly(actor: AdminActor, message: string) {
    if (!actor.caller.roles.includes(SUPER_ROLE)) throw forbidden(message, 'ADMIN_ONLY');
  }

  /** The backup's file, present and whole: 404 when gone, 409 unless the backup finished well. */
  async function fileOf(name: string): Promise<{ row: BackupRecord; file: string }> {
    const row = await repo.byName(name);
    if (!row) throw notFound('备份不存在', 'BACKUP_NOT_FOUND');
    if (row.status !== 'ok') throw conflict('该备份未成功完成，不能使用', 'BACKUP_NOT_READY');
    const file = path.join(dir, row.name);
    const present = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!present) throw notFound('备份文件不存在（可能已被清理或移走）', 'BACKUP_FILE_MISSING');
    return { row, file };
  }

  /** `fileOf`, refused (422) unless the file still has the checksum it was made with: swapped or damaged. */
  async function intactFileOf(name: string): Promise<{ row: BackupRecord; file: string; sha256: string }> {
    const { row, file } = await fileOf(name);
    const { sha256 } = await fileDigest(file);
    if (sha256 !== row.sha256)
      throw new AppError(
        422,
        'BACKUP_CHECKSUM',
        '备份文件校验失败：文件与备份时的校验和不一致（已被替换或损坏），不能恢复',
      );
    return { row, file, sha256 };
  }

  async function perform(row: BackupRecord): Promise<void> {
    const file = path.join(dir, row.name);
    const partial = `${file}.partial`;
    const started = performance.now();
    try {
      const counts = await engine.dump(partial);
      await rename(partial, file);
      const { sizeBytes, sha256 } = await fileDigest(file);
      await repo.finish(row.id, {
        status: 'ok',
        sizeBytes,
        sha256,
        durationMs: Math.round(performance.now() - started),
        error: null,
        tableCounts: counts,
        finishedAt: clock(),
      });
    } catch (error) {
      log.error({ err: error, backup: row.name }, 'backup failed');
      await rm(partial, { force: true }).catch(() => undefined);
      await repo.finish(row.id, {
        status: 'failed',
        sizeBytes: null,
        sha256: null,
        durationMs: Math.round(performance.now() - started),
        error: messageOf(error),
        tableCounts: null,
        finishedAt: clock(),
      });
    }
  }

  async function performRestore(row: BackupRecord, file: string): Promise<void> {
    try {
      const restored = await engine.restoreCounts(file);
      const report = compareCounts(row.tableCounts ?? {}, restored);
      await repo.finishRestore(row.id, {
        restoreStatus: report.mismatched.length === 0 ? 'ok' : 'mismatch',
        restoreReport: report,
        restoreError: null,
        restoredAt: clock(),
      });
    } catch (error) {
      log.error({ err: error, backup: row.name }, 'restore check failed');
      await repo.finishRestore(row.id, {
        restoreStatus: 'failed',
        restoreReport: null,
        restoreError: messageOf(error),
        restoredAt: clock(),
      });
    }
  }

  /**
   * The restore itself, under maintenance. What must outlive it is read first and written back after: the rows
   * of 数据备份 (they describe the files on disk, newer backups included) and the administrator's own session.
   * The audit row is written after the restore, so the restore cannot take it away (docs/adr/0005).
   */
  async function performLiveRestore(
    actor: AdminActor,
    row: BackupRecord,
    file: string,
    sha256: string,
    restoreLive: (file: string) => Promise<void>,
    options: { forgetCaches(): void; graceMs?: number },
  ): Promise<void> {
    const started = performance.now();
    const kept = await repo.all();
    const session = await repo.sessionOf(actor.caller.sessionId);
    await new Promise((resolve) => setTimeout(resolve, options.graceMs ?? RESTORE_GRACE_MS));
    let failure: string | null = null;
    try {
      await restoreLive(file);
    } catch (error) {
      failure = messageOf(error);
      log.error({ err: error, backup: row.name }, 'live restore failed; the database is as it was');
    }
    const durationMs = Math.round(performance.now() - started);
    // The data is the backup's now; what follows only tidies up, and its failure must not hide the result.
    let aftermath: string | null = null;
    if (!failure)
      try {
        await migrateRestored(db as unknown as NodePgDatabase);
        await repo.replaceAll(kept);
        if (session) await repo.restoreSession(session);
      } catch (error) {
        aftermath = `数据已恢复，但恢复后的整理未完成：${messageOf(error)}`;
        log.error({ err: error, backup: row.name }, 'live restore: the steps after pg_restore failed');
      }
    await repo
      .finishRestore(row.id, {
        restoreStatus: failure ? 'restore_failed' : 'restored',
        restoreReport: null,
        restoreError: failure ?? aftermath,
        restoredAt: clock(),
      })
      .catch((error: unknown) => log.error({ err: error, backup: row.name }, 'restore result not saved'));
    options.forgetCaches();
    await audit
      .change({
        action: 'backup.restore',
        actor: actor.caller,
        client: actor.client,
        target: row.name,
        before: null,
        after: {
          target: 'live',
          sha256,
          result: failure ? 'failed' : 'ok',
          durationMs,
          error: failure ?? aftermath,
        },
      })
      .catch((error: unknown) =>
        log.error({ err: error, backup: row.name }, 'live restore audit row not written'),
      );
  }

  /** Starts a backup; `done` settles when its file is written and its row finished. */
  async function start(
    trigger: 'manual' | 'schedule',
    actor: AdminActor | null,
  ): Promise<{ row: BackupRecord; done: Promise<void> }> {
    await mkdir(dir, { recursive: true });
    // A row left `running` by a stopped instance would hold the one-running index for ever.
    await repo.failStale(staleBefore(), clock());
    const at = clock();
    const row = await repo.begin({
      name: backupNameAt(at, engine.extension),
      format: engine.format,
      trigger,
      createdBy: actor?.caller.user.id ?? null,
      createdByName: actor ? actor.caller.user.nickName || actor.caller.user.username : '定时任务',
      startedAt: at,
    });
    // The one-running index (every instance) or the name of a backup started this same second.
    if (!row) throw conflict('已有备份正在进行，请等它完成后再试', 'BACKUP_RUNNING');
    if (actor)
      await audit.change({
        action: 'backup.create',
        actor: actor.caller,
        client: actor.client,
        target: row.name,
        before: null,
        after: { name: row.name, format: row.format },
      });
    return { row, done: track(perform(row)) };
  }

  return {
    async list(paging: { pageNum: number; pageSize: number }) {
      await repo.failStale(staleBefore(), clock());
      return mapPage(await repo.page(paging), backupRowOf);
    },

    async create(actor: AdminActor): Promise<BackupRow> {
      const { row } = await start('manual', actor);
      return backupRowOf(row);
    },

    /** The scheduled backup, then retention: only the newest BACKUP_KEEP finished backups stay. */
    async scheduled(): Promise<void> {
      const { row, done } = await start('schedule', null);
      await done;
      const finished = await repo.byId(row.id);
      if (finished.status !== 'ok') throw new Error(finished.error ?? 'backup failed');
      for (const old of await repo.beyond(BACKUP_KEEP)) {
        await rm(path.join(dir, old.name), { force: true });
        await repo.remove(old.id);
      }
    },

    /** The file to send; the download is audited before a byte goes out. */
    async download(actor: AdminActor, name: string) {
      adminOnly(actor, '仅系统管理员可以下载备份');
      const { row, file } = await fileOf(name);
      await audit.change({
        action: 'backup.download',
        actor: actor.caller,
        client: actor.client,
        target: row.name,
        before: null,
        after: { sha256: row.sha256, sizeBytes: row.sizeBytes },
      });
      return { name: row.name, sizeBytes: row.sizeBytes, stream: createReadStream(file) };
    },

    /**
     * The restore check: the typed name must be the backup's, the file must still have the checksum it was made
     * with (a swapped or damaged file is refused before anything runs), then it is restored into a scratch
     * database in the background and every table's rows are compared with the backup's.
     */
    async restore(actor: AdminActor, name: string, confirmName: string): Promise<BackupRow> {
      adminOnly(actor, '仅系统管理员可以恢复备份');
      if (confirmName !== name)
        throw badRequest('输入的名称与备份名称不一致：请完整输入备份名称以确认恢复', 'CONFIRM_MISMATCH');
      const { row, file, sha256 } = await intactFileOf(name);
      if (!(await repo.beginRestore(row.id, clock(), staleBefore())))
        throw conflict('该备份正在恢复检查，请等它完成后再试', 'RESTORE_RUNNING');
      await audit.change({
        action: 'backup.restore',
        actor: actor.caller,
        client: actor.client,
        target: row.name,
        before: null,
        after: { target: 'scratch', sha256 },
      });
      track(performRestore(row, file));
      return backupRowOf(await repo.byId(row.id));
    },

    /**
     * Restores a backup over the live database (PostgreSQL only): the typed name, the acknowledged loss and the
     * file's checksum, then maintenance on every instance (answered once it is on), and in the background
     * pg_restore in one transaction; see `performLiveRestore`.
     */
    async restoreLive(actor: AdminActor, name: string, confirmName: string): Promise<MaintenanceStatus> {
      adminOnly(actor, '仅系统管理员可以恢复备份');
      if (confirmName !== name)
        throw badRequest('输入的名称与备份名称不一致：请完整输入备份名称以确认恢复', 'CONFIRM_MISMATCH');
      if (!engine.restoreLive || !live)
        throw conflict(
          '内嵌数据库（PGlite）不能在控制台运行时恢复：请停止控制台，把备份文件（.tar.gz）解压为数据目录 DATA_DIR 后再启动。可先用“恢复检查”确认备份可用',
          'RESTORE_EMBEDDED',
        );
      const { row, file, sha256 } = await intactFileOf(name);
      await repo.failStale(staleBefore(), clock());
      if (await repo.anyRunning())
        throw conflict('有备份或恢复检查正在进行，请等它完成后再恢复', 'BACKUP_RUNNING');
      const restoreLive = engine.restoreLive;
      log.info({ backup: row.name, userId: actor.caller.user.id }, 'live restore starting');
      const { done } = await live.maintenance.begin(row.name, () =>
        performLiveRestore(actor, row, file, sha256, restoreLive, live),
      );
      track(done.catch((error: unknown) => log.error({ err: error }, 'live restore ended badly')));
      return live.maintenance.status();
    },

    /** Waits for the backups and restore checks this instance is running. */
    async drain(): Promise<void> {
      await Promise.allSettled([...work]);
    },
  };
}
