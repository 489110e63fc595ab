import { z } from 'zod';
import { endpoint, noInput } from './common/endpoint.js';
import { requiredText } from './common/fields.js';

/** 系统工具 › 系统监控 and 版本发布: read-only monitors, the SQL statistics reset and releases (docs/domain/system-tools.md). */
export const MONITOR_PATHS = {
  servers: '/api/monitor/servers',
  sql: '/api/monitor/sql',
  sqlReset: '/api/monitor/sql/reset',
  redis: '/api/monitor/redis',
  database: '/api/monitor/database',
  releases: '/api/system/releases',
  publishRelease: '/api/system/releases/publish',
} as const;

/** The buttons of the monitor and release pages; read-only pages have one list button each. */
export const MONITOR_PERMISSIONS = {
  serverList: 'monitor:server',
  sqlList: 'sql:list',
  sqlReset: 'sql:reset',
  redisList: 'redis:list',
  databaseList: 'database:list',
  releaseList: 'release:list',
  releasePublish: 'release:publish',
} as const;

/** An instance whose heartbeat is older than this is shown as stale (停止响应); its row goes after a day. */
export const INSTANCE_STALE_AFTER_SECONDS = 30;

// ── 服务监控 ─────────────────────────────────────────────────────────────────

export const instanceSampleSchema = z.object({
  at: z.string(),
  /** Process CPU over the last interval, percent of one core times the cores (0–100 of the machine). */
  cpuPercent: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  /** 99th percentile of the event-loop delay over the last interval. */
  eventLoopP99Ms: z.number(),
});
export type InstanceSample = z.infer<typeof instanceSampleSchema>;

export const instanceMetricsSchema = instanceSampleSchema.extend({
  cpuCount: z.number().int(),
  loadAverage: z.array(z.number()).length(3),
  memTotalBytes: z.number(),
  memFreeBytes: z.number(),
  heapTotalBytes: z.number(),
  heapLimitBytes: z.number(),
  eventLoopMeanMs: z.number(),
  uptimeSeconds: z.number(),
  nodeVersion: z.string(),
  platform: z.string(),
});
export type InstanceMetrics = z.infer<typeof instanceMetricsSchema>;

export const serverInstanceSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  commit: z.string(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
  /** No heartbeat for INSTANCE_STALE_AFTER_SECONDS: stopped or hung. */
  stale: z.boolean(),
  /** The instance that answered this request. */
  current: z.boolean(),
  metrics: instanceMetricsSchema.nullable(),
  /** The last few minutes, oldest first (the charts). */
  history: z.array(instanceSampleSchema),
});
export type ServerInstance = z.infer<typeof serverInstanceSchema>;

export const serverMonitorSchema = z.object({
  instances: z.array(serverInstanceSchema),
  refreshSeconds: z.number().int(),
});
export type ServerMonitor = z.infer<typeof serverMonitorSchema>;

// ── SQL监控 ──────────────────────────────────────────────────────────────────

export const SQL_SOURCES = ['pg_stat_statements', 'application'] as const;
export type SqlSource = (typeof SQL_SOURCES)[number];
export const SQL_SOURCE_TEXT: Record<SqlSource, string> = {
  pg_stat_statements: '数据库统计（pg_stat_statements）',
  application: '应用计时（本实例）',
};

export const sqlStatementSchema = z.object({
  query: z.string(),
  calls: z.number(),
  totalMs: z.number(),
  meanMs: z.number(),
  maxMs: z.number(),
  /** Rows answered; null where the source does not count them. */
  rows: z.number().nullable(),
});
export type SqlStatement = z.infer<typeof sqlStatementSchema>;

export const sqlMonitorSchema = z.object({
  source: z.enum(SQL_SOURCES),
  /** When the statistics were last reset (or the instance started); null when unknown. */
  since: z.string().nullable(),
  statements: z.number().int(),
  calls: z.number(),
  slowest: z.array(sqlStatementSchema),
  mostFrequent: z.array(sqlStatementSchema),
});
export type SqlMonitor = z.infer<typeof sqlMonitorSchema>;

// ── Redis监控 ────────────────────────────────────────────────────────────────

export const redisKeyspaceSchema = z.object({ db: z.string(), keys: z.number(), expires: z.number() });

export const redisMonitorSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    version: z.string(),
    mode: z.string(),
    uptimeSeconds: z.number(),
    usedMemoryBytes: z.number(),
    peakMemoryBytes: z.number(),
    /** 0 = no limit. */
    maxMemoryBytes: z.number(),
    connectedClients: z.number(),
    blockedClients: z.number(),
    opsPerSecond: z.number(),
    hits: z.number(),
    misses: z.number(),
    /** Hits over hits + misses, 0–1; null before the first lookup. */
    hitRate: z.number().nullable(),
    keyspace: z.array(redisKeyspaceSchema),
  }),
]);
export type RedisMonitor = z.infer<typeof redisMonitorSchema>;

// ── 数据库监控 ───────────────────────────────────────────────────────────────

export const dbTableStatSchema = z.object({
  name: z.string(),
  rowEstimate: z.number(),
  tableBytes: z.number(),
  indexBytes: z.number(),
  totalBytes: z.number(),
});
export type DbTableStat = z.infer<typeof dbTableStatSchema>;

export const dbIndexStatSchema = z.object({
  name: z.string(),
  table: z.string(),
  bytes: z.number(),
  scans: z.number(),
});
export type DbIndexStat = z.infer<typeof dbIndexStatSchema>;

export const databaseMonitorSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  sizeBytes: z.number(),
  connections: z.object({
    total: z.number(),
    active: z.number(),
    idle: z.number(),
    max: z.number(),
  }),
  tables: z.array(dbTableStatSchema),
  indexes: z.array(dbIndexStatSchema),
});
export type DatabaseMonitor = z.infer<typeof databaseMonitorSchema>;

// ── 版本发布 ─────────────────────────────────────────────────────────────────

export const releaseRowSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  commit: z.string(),
  builtAt: z.string(),
  notes: z.string(),
  publishedBy: z.string(),
  publishedAt: z.string(),
});
export type ReleaseRow = z.infer<typeof releaseRowSchema>;

export const releaseInstanceSchema = serverInstanceSchema.pick({
  id: true,
  host: true,
  version: true,
  commit: true,
  heartbeatAt: true,
  stale: true,
  current: true,
});
export type ReleaseInstance = z.infer<typeof releaseInstanceSchema>;

export const releasesSchema = z.object({
  list: z.array(releaseRowSchema),
  /** The version each running instance serves (what its health answer says). */
  instances: z.array(releaseInstanceSchema),
});
export type Releases = z.infer<typeof releasesSchema>;

export const RELEASE_NOTES_MAX = 2000;

export const publishReleaseSchema = z.object({
  version: requiredText(32, '请填写版本号', '版本号不能超过32个字').regex(
    /^[0-9A-Za-z][0-9A-Za-z._+-]*$/,
    '版本号只含字母、数字、点、横线、加号和下划线',
  ),
  commit: z
    .string({ error: '请填写提交号' })
    .trim()
    .regex(/^[0-9a-f]{7,40}$/i, '提交号应为7到40位十六进制字符'),
  builtAt: z.iso.datetime({ offset: true, error: '构建时间不正确' }),
  notes: z
    .string({ error: '发布说明不正确' })
    .trim()
    .max(RELEASE_NOTES_MAX, `发布说明不能超过${RELEASE_NOTES_MAX}个字`)
    .default(''),
});
export type PublishRelease = z.input<typeof publishReleaseSchema>;

export const monitorEndpoints = {
  servers: endpoint({
    method: 'GET',
    path: MONITOR_PATHS.servers,
    request: noInput,
    response: serverMonitorSchema,
    summary: '服务监控: every instance with a recent heartbeat, its metrics and their last minutes',
  }),
  sql: endpoint({
    method: 'GET',
    path: MONITOR_PATHS.sql,
    request: noInput,
    response: sqlMonitorSchema,
    summary: 'SQL监控: the slowest and most frequent statements',
  }),
  sqlReset: endpoint({
    method: 'POST',
    path: MONITOR_PATHS.sqlReset,
    request: noInput,
    response: sqlMonitorSchema,
    summary: 'SQL监控: reset the statement statistics (audited)',
  }),
  redis: endpoint({
    method: 'GET',
    path: MONITOR_PATHS.redis,
    request: noInput,
    response: redisMonitorSchema,
    summary: 'Redis监控: INFO figures, read-only',
  }),
  database: endpoint({
    method: 'GET',
    path: MONITOR_PATHS.database,
    request: noInput,
    response: databaseMonitorSchema,
    summary: '数据库监控: tables, indexes and connections, read-only',
  }),
  releases: endpoint({
    method: 'GET',
    path: MONITOR_PATHS.releases,
    request: noInput,
    response: releasesSchema,
    summary: '版本发布: release records and the version each instance serves',
  }),
  publishRelease: endpoint({
    method: 'POST',
    path: MONITOR_PATHS.publishRelease,
    request: publishReleaseSchema,
    response: releaseRowSchema,
    summary: '版本发布: record a release; open consoles reload at their next version check (audited)',
  }),
};
