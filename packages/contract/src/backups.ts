import { z } from 'zod';
import { endpoint } from './common/endpoint.js';
import { listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { maintenanceSchema } from './health.js';

/** 数据备份: logical backups, their download and a restore check (docs/domain/system-tools.md "数据备份"). */
export const BACKUP_PATHS = {
  list: '/api/system/backups',
  create: '/api/system/backups/create',
  download: '/api/system/backups/download',
  restore: '/api/system/backups/restore',
  restoreLive: '/api/system/backups/restore-live',
} as const;

export const BACKUP_PERMISSIONS = {
  list: 'backup:list',
  create: 'backup:create',
  download: 'backup:download',
  restore: 'backup:restore',
} as const;

/**
 * A backup's file name as the server makes it (`backup-20261128-142501.dump` on PostgreSQL, `….tar.gz` on the
 * embedded database). Nothing else is accepted, so a name can never leave the backup directory (`../`).
 */
export const BACKUP_NAME_PATTERN = /^backup-\d{8}-\d{6}\.(dump|tar\.gz)$/;
export const backupNameSchema = z
  .string({ error: '请选择备份' })
  .trim()
  .min(1, '请选择备份')
  .max(64, '备份名称不正确')
  .regex(BACKUP_NAME_PATTERN, '备份名称不正确：只能是系统生成的备份文件名');

export const BACKUP_STATUSES = ['running', 'ok', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_STATUS_TEXT: Record<BackupStatus, string> = {
  running: '备份中',
  ok: '成功',
  failed: '失败',
};
export const BACKUP_TRIGGER_TEXT = { manual: '手动', schedule: '定时' } as const;
export const BACKUP_FORMAT_TEXT = { pg_dump: 'pg_dump（custom）', pglite: 'PGlite 数据目录' } as const;

/**
 * The last restore of a backup: a restore check (`running`, `ok`, `mismatch`, `failed`) or a restore over the
 * live database (`restored`, `restore_failed`).
 */
export const RESTORE_STATUSES = [
  'running',
  'ok',
  'mismatch',
  'failed',
  'restored',
  'restore_failed',
] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];
export const RESTORE_STATUS_TEXT: Record<RestoreStatus, string> = {
  running: '恢复中',
  ok: '一致',
  mismatch: '行数不一致',
  failed: '恢复失败',
  restored: '已恢复',
  restore_failed: '恢复失败',
};

/** What restoring a backup into a scratch database found: every table's rows against the backup's own count. */
export const restoreReportSchema = z.object({
  tables: z.number().int(),
  matched: z.number().int(),
  /** The tables whose rows differ (or that are missing on one side: -1). */
  mismatched: z.array(
    z.object({ table: z.string(), expected: z.number().int(), restored: z.number().int() }),
  ),
  rows: z.number().int(),
});
export type RestoreReport = z.infer<typeof restoreReportSchema>;

export const backupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(['pg_dump', 'pglite']),
  trigger: z.enum(['manual', 'schedule']),
  status: z.enum(BACKUP_STATUSES),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  restoreStatus: z.enum(RESTORE_STATUSES).nullable(),
  restoreReport: restoreReportSchema.nullable(),
  restoreError: z.string().nullable(),
  restoredAt: z.string().nullable(),
});
export type BackupRow = z.infer<typeof backupRowSchema>;

export const backupFilters = listFilters({}, { max: 100, defaultSize: 20, fromQuery: true });
export type BackupQuery = z.input<typeof backupFilters.request>;
export const backupNameQuerySchema = z.object({ name: backupNameSchema });
/** The administrator types the backup's name to confirm: the check is the server's too. */
export const backupRestoreBodySchema = z.object({
  name: backupNameSchema,
  confirmName: z.string({ error: '请输入备份名称以确认' }).trim().min(1, '请输入备份名称以确认').max(64),
});

/**
 * Restoring over the live database: the typed name, and the second warning (everything after the backup is
 * lost) acknowledged explicitly.
 */
export const backupRestoreLiveBodySchema = backupRestoreBodySchema.extend({
  acceptDataLoss: z.literal(true, { error: '请确认已知晓备份之后的数据将全部丢失' }),
});

export const backupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BACKUP_PATHS.list,
    request: backupFilters.request,
    response: pageOf(backupRowSchema),
    summary: '数据备份列表（大小、校验和、耗时、恢复检查结果）',
  }),
  create: endpoint({
    method: 'POST',
    path: BACKUP_PATHS.create,
    request: z.object({}),
    response: backupRowSchema,
    summary: '立即备份：开始一次逻辑备份（在后台进行，列表显示进度）',
  }),
  download: endpoint({
    method: 'GET',
    path: BACKUP_PATHS.download,
    request: backupNameQuerySchema,
    response: z.unknown(),
    summary: '下载备份文件（仅系统管理员，记录操作日志）',
  }),
  restore: endpoint({
    method: 'POST',
    path: BACKUP_PATHS.restore,
    request: backupRestoreBodySchema,
    response: backupRowSchema,
    summary: '恢复检查：把备份恢复到临时数据库并逐表比对行数（仅系统管理员）',
  }),
  restoreLive: endpoint({
    method: 'POST',
    path: BACKUP_PATHS.restoreLive,
    request: backupRestoreLiveBodySchema,
    response: maintenanceSchema,
    summary: '恢复数据：用备份覆盖线上数据库，期间系统进入维护（仅系统管理员，仅 PostgreSQL）',
  }),
};
