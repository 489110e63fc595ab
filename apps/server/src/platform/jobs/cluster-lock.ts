import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database, DatabaseKind } from '../../db/client.js';

type Logger = { warn(details: object, message: string): void };

/** Which instance runs a `cluster` job: the one holding the job's lock. */
export type ClusterLock = {
  /** True when this instance holds the job's lock: it took it now, or has held it since an earlier tick. */
  tryHold(name: string): Promise<boolean>;
  /** Gives up every lock this instance holds, so another instance takes the jobs over on its next tick. */
  releaseAll(): Promise<void>;
};

/** The advisory lock key of a job (the first 8 bytes of a SHA-256), the same on every instance. */
export function jobLockKey(name: string): string {
  return createHash('sha256').update(`console-job:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * A PostgreSQL advisory lock per job on PostgreSQL; on PGlite (one process, one connection, where an advisory
 * lock is always granted to the only session) a lock inside the process, shared by the runners of one database.
 */
export function createClusterLock(db: Database, dbKind: DatabaseKind, log: Logger): ClusterLock {
  if (dbKind === 'postgres') {
    // drizzle keeps the pool it was built on as `$client` (db/client.ts builds it on a pg.Pool).
    return createAdvisoryLock((db as unknown as { $client: pg.Pool }).$client, log);
  }
  return createProcessLock(db);
}

/**
 * Session-level advisory locks on one connection kept for the purpose. The lock is kept after a run, so one
 * instance runs the job on every tick and the others skip it, whatever the phase of their timers; when that
 * instance stops or its connection dies, PostgreSQL frees the lock and another instance takes over on its next
 * tick. A lock released after each run would let an instance whose timer fires a little later run the same tick
 * again.
 */
function createAdvisoryLock(pool: pg.Pool, log: Logger): ClusterLock {
  let session: pg.PoolClient | null = null;
  let connecting: Promise<pg.PoolClient> | null = null;
  const held = new Set<string>();

  function sessionOf(): Promise<pg.PoolClient> {
    if (session) return Promise.resolve(session);
    connecting ??= pool
      .connect()
      .then((client) => {
        // A checked-out client without an 'error' listener would crash the process when the server drops it.
        client.on('error', (error: Error) => {
          log.warn({ err: error }, 'job lock connection lost');
          lose(client, error);
        });
        session = client;
        return client;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  /** The locks died with the session: forget them and throw the connection away. */
  function lose(client: pg.PoolClient, error: Error): void {
    if (session !== client) return;
    session = null;
    held.clear();
    client.release(error);
  }

  async function tryHoldNow(name: string): Promise<boolean> {
    let client: pg.PoolClient | null = null;
    try {
      client = await sessionOf();
      if (held.has(name)) {
        // A session lock lasts as long as its session: if the session still answers, the lock is still ours.
        await client.query('select 1');
        return true;
      }
      const { rows } = await client.query<{ got: boolean }>(
        'select pg_try_advisory_lock($1::bigint) as got',
        [jobLockKey(name)],
      );
      const got = rows[0]?.got === true;
      if (got) held.add(name);
      return got;
    } catch (error) {
      log.warn({ err: error, job: name }, 'job lock check failed, tick skipped');
      if (client) lose(client, error instanceof Error ? error : new Error(String(error)));
      return false;
    }
  }

  // The jobs' ticks ask at the same moments, all on the one session: one check at a time, since a client that is
  // given a query while it runs another only queues it (deprecated by pg, gone in pg 9).
  let checks: Promise<unknown> = Promise.resolve();
  return {
    tryHold(name) {
      const check = checks.then(() => tryHoldNow(name));
      checks = check.catch(() => undefined);
      return check;
    },
    async releaseAll() {
      const client = session ?? (await connecting?.catch(() => null)) ?? null;
      if (!client) return;
      session = null;
      held.clear();
      // Closing the connection frees every lock of the session at once.
      client.release(true);
    },
  };
}

/** Holders per PGlite database, so two runners on one database (tests) exclude each other like two instances. */
const processHolders = new WeakMap<object, Map<string, symbol>>();

function createProcessLock(db: Database): ClusterLock {
  const me = Symbol('job runner');
  let holders = processHolders.get(db);
  if (!holders) {
    holders = new Map();
    processHolders.set(db, holders);
  }
  const names = holders;
  return {
    async tryHold(name) {
      const holder = names.get(name);
      if (holder && holder !== me) return false;
      names.set(name, me);
      return true;
    },
    async releaseAll() {
      for (const [name, holder] of names) if (holder === me) names.delete(name);
    },
  };
}
