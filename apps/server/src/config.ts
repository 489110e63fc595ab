import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Printed at start in demo mode; refused in production. */
export const DEMO_SERVICE_TOKEN = 'demo-service-token-change-me-in-production-0000';
const MIN_SECRET_LENGTH = 32;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const hostList = z.string().transform((v) =>
  v
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where 数据备份 writes its files; default `<DATA_DIR>/backups`. */
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /**
   * How long a request waits on one Redis command (rate-limit counters) before this instance falls back and
   * stops asking Redis until it answers again (platform/redis-guard.ts, ADR 0004).
   */
  REDIS_COMMAND_DEADLINE_MS: z.coerce.number().int().min(5).max(5_000).default(50),
  /** Demo helpers (/dev/*, the demo service token): on with the embedded database, off with DATABASE_URL. */
  DEMO_MODE: booleanFlag.optional(),
  SEED_DEMO: booleanFlag.optional(),
  SERVICE_TOKEN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Whether X-Forwarded-* headers count: `true` from any peer (instances only the proxy can reach), or the
   * proxy's addresses / CIDR ranges (`127.0.0.1,10.0.0.0/8`), so a client that reaches an instance directly
   * cannot choose its address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v, ctx): boolean | string[] => {
      const flag = booleanFlag.safeParse(v.toLowerCase());
      if (flag.success) return flag.data;
      const addresses = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (addresses.length > 0 && addresses.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a)))
        return addresses;
      ctx.addIssue({ code: 'custom', message: 'true, false or a list of proxy addresses (CIDR allowed)' });
      return z.NEVER;
    })
    .default(false),
  /** Business host `{host}` for `/tec/...` calls; empty = same origin. */
  BUSINESS_HOST: z.string().default(''),
  /** AI question-and-answer site, opened in a new tab. */
  AI_SITE_URL: z.string().default(''),
  /** Hosts that receive the token when a link opens (our own sites, the AI site). */
  TOKEN_ALLOW_HOSTS: hostList.default([]),
  WEB_DIST: z.string().optional(),
  /** Tencent location service key; when set, place search asks Tencent instead of the offline search. */
  TENCENT_MAP_KEY: z.string().optional(),
  /** Leaflet tile URL template for the store map ({z}/{x}/{y}); empty = no tiles, marker and coordinates only. */
  MAP_TILE_URL: z.string().trim().default(''),
  /** Third-party statistics script (spec 1); empty = statistics off. Never loaded in uat. */
  STATS_SCRIPT_URL: z.string().trim().default(''),
  /** Where the browser sends error reports; empty = this server's own client-error endpoint. */
  ERROR_REPORT_URL: z.string().trim().default(''),
  /** How often the console checks for a new version (spec 9: default 1,800,000 ms). */
  VERSION_POLL_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(1_800_000),
  /** Help-desk phone shown in the message-center failure notice (spec 8, {phone}). */
  SUPPORT_PHONE: z.string().trim().max(32).default('400-820-8820'),
  /** How long the listener holds a poll with nothing to say; below the client's 80,000 ms timeout. */
  LONGPOLL_HOLD_MS: z.coerce.number().int().min(1_000).max(75_000).default(55_000),
  /** Held polls one instance accepts before answering 555 (back off 120 s). */
  LONGPOLL_MAX_HELD: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
  /** How often an instance re-checks the database for held polls whose wake-up got lost. */
  LONGPOLL_SWEEP_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /**
   * After SIGTERM, how long the instance keeps serving while its readiness says 503 before it stops accepting:
   * an orchestrator's probe period. 0 behind the deployment's nginx, which does not read readiness.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** How long a sign-in and its store authorisations are cached per instance (0 = not cached); see ADR 0003. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How often a running scheduled job's `job_runs` row is touched (its heartbeat). */
  JOB_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * After how long without a heartbeat a running job counts as cut off (its instance died) and is marked failed;
   * at least three heartbeats, so a live run is never taken for a dead one.
   */
  JOB_STALE_AFTER_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /**
   * After how long without progress a running export counts as cut off (its instance died) and is queued again.
   * Progress is stored every 1,000 rows, so keep it well above the time of one page.
   */
  EXPORT_STALE_AFTER_MS: z.coerce.number().int().min(2_000).max(86_400_000).default(600_000),
  /** Demo mode with demo data: seconds between generated upstream orders for the demo stores; 0 = off. */
  /** The build this instance serves (the health answer, 服务监控, 版本发布); set by whoever deploys it. */
  APP_VERSION: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, 'letters, digits and . _ + - only')
    .optional(),
  APP_COMMIT: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{7,40}$/i, 'a 7 to 40 hex digit commit')
    .optional(),
  DEMO_TRAFFIC_INTERVAL: z.coerce.number().int().min(0).max(86_400).default(30),
  /**
   * Prometheus metrics (docs/deploy.md "Metrics"): with a token, `GET /api/metrics` answers a scraper that sends
   * it as a bearer token; without one that path is a 404.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(MIN_SECRET_LENGTH, `at least ${MIN_SECRET_LENGTH} random characters`)
    .optional(),
  /** A listener of its own for the scraper (private network); off by default. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Where METRICS_PORT listens: loopback unless the scraper runs on another host. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  production: boolean;
  /** Demo mode: dev helpers (/dev/*) and the printed demo secrets are available. Never in production. */
  demoMode: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** 数据备份's directory (absolute). */
  backupDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Deadline of a Redis command a request waits on, in ms (REDIS_COMMAND_DEADLINE_MS). */
  redisCommandDeadlineMs: number;
  seedDemo: boolean;
  serviceToken: string;
  logLevel: string;
  /** true: every peer; a list: only these proxy addresses (Fastify's trustProxy). */
  trustProxy: boolean | string[];
  businessHost: string;
  aiSiteUrl: string;
  tokenAllowHosts: string[];
  webDist: string | null;
  tencentMapKey: string | null;
  mapTileUrl: string;
  statsScriptUrl: string;
  errorReportUrl: string;
  versionPollMs: number;
  supportPhone: string;
  longPoll: { holdMs: number; maxHeld: number; sweepMs: number };
  /** SHUTDOWN_DRAIN_MS: not-ready but still serving, between SIGTERM and closing the listener. */
  shutdownDrainMs: number;
  /** Seconds between demo upstream orders (demo mode with demo data only); 0 = off. */
  demoTrafficIntervalSeconds: number;
  /** Per-instance life of a cached sign-in and store authorisation in ms; 0 = off. */
  authCacheTtlMs: number;
  /** Scheduled jobs: a running job's heartbeat, and the silence after which its run is marked failed. */
  jobTiming: { heartbeatMs: number; staleAfterMs: number };
  exportStaleAfterMs: number;
  /**
   * Prometheus metrics: on when a token or a port is set. `token` guards `GET /api/metrics` on the application
   * port (and the metrics port when both are set); `port` is the separate listener's, on `host`.
   */
  metrics: { token: string | null; port: number | null; host: string };
  /** What this instance serves: APP_VERSION (else the package version npm start sets) and APP_COMMIT ('' unknown). */
  build: { version: string; commit: string };
};

export class ConfigError extends Error {}

/** Validates the environment; throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demoMode = resolveDemoMode(production, e.DEMO_MODE, e.DATABASE_URL);
  if (!demoMode) assertServiceToken(e.SERVICE_TOKEN, production);
  if (e.JOB_STALE_AFTER_MS < 3 * e.JOB_HEARTBEAT_MS)
    throw new ConfigError(
      'Invalid configuration:\n  JOB_STALE_AFTER_MS: must be at least three times JOB_HEARTBEAT_MS',
    );
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  if (e.METRICS_TOKEN && (e.METRICS_TOKEN === e.SERVICE_TOKEN || e.METRICS_TOKEN === DEMO_SERVICE_TOKEN))
    throw new ConfigError('Invalid configuration:\n  METRICS_TOKEN: must differ from SERVICE_TOKEN');
  if (e.SEED_DEMO && !demoMode)
    throw new ConfigError(
      production
        ? 'Invalid configuration:\n  SEED_DEMO: demo data is never seeded in production'
        : 'Invalid configuration:\n  SEED_DEMO: demo data needs demo mode (DEMO_MODE=true)',
    );
  return {
    env: e.NODE_ENV,
    production,
    demoMode,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisCommandDeadlineMs: e.REDIS_COMMAND_DEADLINE_MS,
    // Demo accounts are seeded by default on the embedded database only.
    seedDemo: demoMode && (e.SEED_DEMO ?? !e.DATABASE_URL),
    serviceToken: e.SERVICE_TOKEN ?? DEMO_SERVICE_TOKEN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    businessHost: e.BUSINESS_HOST,
    aiSiteUrl: e.AI_SITE_URL,
    tokenAllowHosts: e.TOKEN_ALLOW_HOSTS,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    tencentMapKey: e.TENCENT_MAP_KEY?.trim() || null,
    mapTileUrl: e.MAP_TILE_URL,
    statsScriptUrl: e.STATS_SCRIPT_URL,
    errorReportUrl: e.ERROR_REPORT_URL,
    versionPollMs: e.VERSION_POLL_MS,
    supportPhone: e.SUPPORT_PHONE,
    longPoll: { holdMs: e.LONGPOLL_HOLD_MS, maxHeld: e.LONGPOLL_MAX_HELD, sweepMs: e.LONGPOLL_SWEEP_MS },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    demoTrafficIntervalSeconds: e.DEMO_TRAFFIC_INTERVAL,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    jobTiming: { heartbeatMs: e.JOB_HEARTBEAT_MS, staleAfterMs: e.JOB_STALE_AFTER_MS },
    exportStaleAfterMs: e.EXPORT_STALE_AFTER_MS,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    build: {
      version: e.APP_VERSION ?? versionText(env.npm_package_version) ?? '0.0.0-dev',
      commit: e.APP_COMMIT?.toLowerCase() ?? '',
    },
  };
}

function versionText(value: string | undefined): string | null {
  return value && /^[0-9A-Za-z][0-9A-Za-z._+-]{0,31}$/.test(value) ? value : null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Demo mode hands out sign-in codes and a published service token, so it is for the embedded database: on there
 * unless switched off, off with DATABASE_URL unless asked for with a database on this machine, never in production.
 */
function resolveDemoMode(
  production: boolean,
  asked: boolean | undefined,
  databaseUrl: string | undefined,
): boolean {
  if (production) {
    if (asked) throw new ConfigError('Invalid configuration:\n  DEMO_MODE: never in production');
    return false;
  }
  if (!databaseUrl) return asked ?? true;
  if (asked && !LOOPBACK_HOSTS.has(new URL(databaseUrl).hostname))
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_MODE: only with a DATABASE_URL on this machine (localhost, 127.0.0.1, ::1)',
    );
  return asked ?? false;
}

/** Outside demo mode the service token is the only guard of the push endpoints: required, never the demo value. */
function assertServiceToken(serviceToken: string | undefined, production: boolean): void {
  if (!serviceToken)
    throw new ConfigError(
      `Invalid configuration:\n  SERVICE_TOKEN: required ${production ? 'in production' : 'outside demo mode'}`,
    );
  const weak =
    serviceToken === DEMO_SERVICE_TOKEN ||
    (production && (serviceToken.length < MIN_SECRET_LENGTH || new Set(serviceToken).size < 8));
  if (weak)
    throw new ConfigError(
      `Invalid configuration:\n  SERVICE_TOKEN: too weak${production ? ' for production' : ''} (at least ${MIN_SECRET_LENGTH} random characters, not the demo value)`,
    );
}

/** A configuration for tests: in-memory everything, demo mode on. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    seedDemo: false,
    demoTrafficIntervalSeconds: 0,
    // Never the repository's ./data: a test that makes a backup writes to a directory of its own process.
    backupDir: path.join(os.tmpdir(), `console-test-backups-${process.pid}`),
    ...overrides,
  };
}
