import type { MaintenanceStatus } from '@console/contract';
import {
  HEALTH_PATHS,
  MAINTENANCE_ERROR_CODE,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_PATH,
} from '@console/contract';
import pg from 'pg';
import { AppError, conflict } from '../http/errors.js';
import type { Database, DatabaseKind } from '../db/client.js';
import type { AppInstance } from '../app-types.js';
import type { WakeBus } from './wake-bus.js';

/** Wake-bus key: maintenance began or ended somewhere; every instance reads the truth again at once. */
export const MAINTENANCE_WAKE_KEY = 'maintenance:changed';
/** The holder connection's `application_name`: `console-maintenance:<backup name>` (ADR 0005). */
export const MAINTENANCE_APP_PREFIX = 'console-maintenance:';
/** Session advisory lock held by the holder connection: one maintenance at a time, across instances. */
const MAINTENANCE_LOCK_KEY = 720_005;
/** The backstop re-read of the truth when no wake-up arrives (an instance started mid-restore, Redis down). */
export const MAINTENANCE_POLL_MS = 2_000;

export const OFF: MaintenanceStatus = Object.freeze({
  active: false,
  reason: null,
  backupName: null,
  startedAt: null,
}) as MaintenanceStatus;

export const maintenanceError = () =>
  new AppError(503, MAINTENANCE_ERROR_CODE, MAINTENANCE_MESSAGE, { 'retry-after': '5' });

type Logger = { warn(details: object, message: string): void };

export type Maintenance = {
  /** This instance's view, kept current by wake-ups and the poll; never waits on the database. */
  status(): MaintenanceStatus;
  /**
   * Maintenance on for every instance while `work` runs; 409 when one is already on. Resolves once it is on
   * (with `done`, which settles when the work has ended and maintenance is off again).
   */
  begin(backupName: string, work: () => Promise<void>): Promise<{ done: Promise<void> }>;
  /** Called on every change seen by this instance (held long polls are answered on `active`). */
  onChange(listener: (status: MaintenanceStatus) => void): () => void;
  /** Reads the truth again (PostgreSQL); tests call it to skip the wait. */
  refresh(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Maintenance mode, shared by every instance (docs/adr/0005-maintenance-mode.md). The flag must survive a restore
 * that replaces every table, so it lives in no table: on PostgreSQL it is a connection — the holder opens its own
 * connection named `console-maintenance:<backup>` that takes a session advisory lock, and maintenance is on while
 * `pg_stat_activity` shows it (a crashed holder's connection dies, and with it maintenance). Instances learn a
 * change through the wake bus (Redis and NOTIFY) at once and re-read the truth every MAINTENANCE_POLL_MS. The
 * embedded database has one instance: the flag is this process's memory.
 */
export function createMaintenance(options: {
  db: Database;
  dbKind: DatabaseKind;
  bus: WakeBus;
  log: Logger;
  pollMs?: number;
}): Maintenance {
  const { bus, log } = options;
  const pool = options.dbKind === 'postgres' ? (options.db as unknown as { $client: pg.Pool }).$client : null;
  const connectionString =
    (pool as unknown as { options?: { connectionString?: string } } | null)?.options?.connectionString ??
    null;
  let current: MaintenanceStatus = OFF;
  let own: MaintenanceStatus | null = null;
  const listeners = new Set<(status: MaintenanceStatus) => void>();
  const set = (next: MaintenanceStatus) => {
    const changed = next.active !== current.active || next.backupName !== current.backupName;
    current = next;
    if (!changed) return;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        log.warn({ err: error }, 'maintenance listener failed');
      }
    }
  };

  let reading: Promise<void> | null = null;
  async function readTruth(): Promise<void> {
    if (own) return set(own);
    if (!pool) return set(OFF);
    const { rows } = await pool.query<{ name: string; started: Date }>(
      `select application_name as name, backend_start as started from pg_stat_activity
        where datname = current_database() and application_name like $1
        order by backend_start limit 1`,
      [`${MAINTENANCE_APP_PREFIX}%`],
    );
    const row = rows[0];
    set(
      row
        ? {
            active: true,
            reason: 'restore',
            backupName: row.name.slice(MAINTENANCE_APP_PREFIX.length),
            startedAt: new Date(row.started).toISOString(),
          }
        : OFF,
    );
  }
  const refresh = () =>
    (reading ??= readTruth()
      .catch((error: unknown) => log.warn({ err: error }, 'maintenance state not read'))
      .finally(() => {
        reading = null;
      }));

  const unsubscribe = bus.subscribe((keys) => {
    if (keys.includes(MAINTENANCE_WAKE_KEY)) void refresh();
  });
  // Its own timer, not a job: the job runner pauses scheduled ticks while maintenance is on (app.ts), so a job
  // could never see maintenance end.
  const timer = pool ? setInterval(() => void refresh(), options.pollMs ?? MAINTENANCE_POLL_MS) : null;
  timer?.unref();
  if (pool) void refresh();

  async function holdConnection(backupName: string): Promise<pg.Client | null> {
    if (!connectionString) return null;
    const client = new pg.Client({
      connectionString,
      application_name: `${MAINTENANCE_APP_PREFIX}${backupName}`,
    });
    client.on('error', (error) => log.warn({ err: error }, 'maintenance connection error'));
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      MAINTENANCE_LOCK_KEY,
    ]);
    if (rows[0]?.ok) return client;
    await client.end().catch(() => undefined);
    throw conflict('系统已在维护中（另一个恢复正在进行），请稍后再试', 'MAINTENANCE_RUNNING');
  }

  return {
    status: () => current,
    async begin(backupName, work) {
      if (own) throw conflict('系统已在维护中（另一个恢复正在进行），请稍后再试', 'MAINTENANCE_RUNNING');
      const holder = await holdConnection(backupName);
      own = { active: true, reason: 'restore', backupName, startedAt: new Date().toISOString() };
      set(own);
      bus.publish([MAINTENANCE_WAKE_KEY]);
      const done = (async () => {
        try {
          await work();
        } finally {
          own = null;
          await holder?.end().catch(() => undefined);
          set(OFF);
          bus.publish([MAINTENANCE_WAKE_KEY]);
        }
      })();
      return { done };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    async close() {
      if (timer) clearInterval(timer);
      unsubscribe();
      await reading;
    },
  };
}

/** Answered whatever maintenance does: the probes and the maintenance status itself. */
const OPEN_DURING_MAINTENANCE: ReadonlySet<string> = new Set([
  HEALTH_PATHS.health,
  HEALTH_PATHS.live,
  HEALTH_PATHS.ready,
  MAINTENANCE_PATH,
]);

/**
 * In the API scope: while maintenance is on, every call but OPEN_DURING_MAINTENANCE answers 503 `MAINTENANCE`
 * before anything reads the database (authentication included). The web app's pages are outside the scope,
 * so /repair still loads.
 */
export function registerMaintenanceGate(api: AppInstance, maintenance: Maintenance): void {
  api.addHook('onRequest', async (request) => {
    if (!maintenance.status().active) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (!OPEN_DURING_MAINTENANCE.has(path.replace(/\/+$/, ''))) throw maintenanceError();
  });
}
