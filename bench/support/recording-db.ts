// The SQL capture of the bare-handler benchmarks (bench/orders, bench/members): a drizzle instance over a small
// pool that records every query, and a runner that runs each case of `<cases.json>` once through the real
// service and prints the queries of each case as JSON, so the bare handler runs exactly this SQL.
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';

export type RecordedQuery = { text: string; values: unknown[] };

/**
 * Usage from a `capture-sql.ts`: `await captureCases((db) => (c) => …run case c through a service on db…)`,
 * called as `tsx capture-sql.ts <databaseUrl> <cases.json>`.
 */
export async function captureCases<Case extends { name: string }>(
  serve: (db: Database) => (c: Case) => Promise<unknown>,
): Promise<void> {
  const [databaseUrl, casesFile] = process.argv.slice(2);
  const cases = JSON.parse(readFileSync(casesFile!, 'utf8')) as Case[];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let recording: RecordedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, values) => recording.push({ text, values }) },
  }) as unknown as Database;
  const run = serve(db);
  const out: Record<string, RecordedQuery[]> = {};
  for (const c of cases) {
    recording = [];
    await run(c);
    out[c.name] = recording;
  }
  await pool.end();
  process.stdout.write(JSON.stringify(out));
}
