import type pg from 'pg';
import type { Database, DatabaseKind } from '../../db/client.js';
import type { DbPoolStats } from './app-metrics.js';

/**
 * Reads the PostgreSQL pool's counts on each scrape (pg.Pool keeps them; nothing is queried). PGlite is one
 * embedded connection that runs one statement at a time and has no pool: null, and the metrics say only its
 * one connection.
 */
export function poolStatsOf(db: Database, kind: DatabaseKind): () => DbPoolStats | null {
  if (kind !== 'postgres') return () => null;
  // drizzle keeps the pool it was built on as `$client` (db/client.ts builds it on a pg.Pool).
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const max = pool.options.max ?? 10;
  return () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}
