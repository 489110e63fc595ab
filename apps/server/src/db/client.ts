import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { processQueryTimings, timePgliteQueries, timeQueries } from './query-timing.js';

/**
 * Without a schema: every query is built from the tables themselves, and drizzle would otherwise make a
 * relational query builder per table for the database and again for every transaction it opens.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Runs `work` while holding a PostgreSQL advisory lock (a no-op guard on the single-connection PGlite). */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseTarget = { databaseUrl: string } | { dataDir: string | null };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(target: DatabaseTarget, poolSize = 10): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl, poolSize);
  return openPglite(target.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // A database that stops answering (a network partition) fails a connect in 5 s, answered as 503, not a hang.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection can be closed by the server (restart, failover, an administrator's terminate). pg drops
  // it from the pool and the next query opens a new one; without a listener the 'error' event would crash the
  // process.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // SQL监控's own timing (db/query-timing.ts): the pool's queries, and those of the clients transactions check out.
  pool.on('connect', (client) => timeQueries(client, processQueryTimings));
  timeQueries(pool, processQueryTimings);
  await pool.query('select 1');
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock(key, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The contrib extensions the migrations create (pg_trgm: 0012, cube: 0013), loaded into every embedded database. */
export const PGLITE_EXTENSIONS = { pg_trgm, cube };

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  timePgliteQueries(client, processQueryTimings);
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    withAdvisoryLock: (_key, work) => work(),
    close: () => client.close(),
  };
}
