// The SQL capture of the bare-handler benchmarks (bench/orders, bench/members, bench/inventory): a drizzle instance
// over a small pool that records every query, and a runner that runs each case of `<cases.json>` once through the
// real service and prints the queries of each case as JSON, so the bare handler runs exactly this SQL, and as the
// service runs it: a statement the service prepares (a named statement) is named in the recording too.
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';

/**
 * One query as the driver ran it: `name` when it ran as a named prepared statement; `rows` (every row's values in
 * column order) only when asked for.
 */
export type RecordedQuery = { text: string; values: unknown[]; name?: string; rows?: unknown[][] };

/**
 * Usage from a `capture-sql.ts`: `await captureCases((db) => (c) => …run case c through a service on db…)`,
 * called as `tsx capture-sql.ts <databaseUrl> <cases.json>`. With `withRows` every query's result rows are
 * recorded too (bench/support/replay.mjs derives a write's values from them), and `begin`/`commit` are queries
 * like any other, so a transaction is recorded as it ran.
 */
export async function captureCases<Case extends { name: string }>(
  serve: (db: Database) => (c: Case) => Promise<unknown>,
  { withRows = false } = {},
): Promise<void> {
  const [databaseUrl, casesFile] = process.argv.slice(2);
  const cases = JSON.parse(readFileSync(casesFile!, 'utf8')) as Case[];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let recording: RecordedQuery[] = [];
  const statementNames = new Map<string, string>();
  recordDriverQueries((q) => {
    if (q.name) statementNames.set(q.text, q.name);
    if (withRows) recording.push(q);
  });
  const db = drizzle({
    client: pool,
    logger: { logQuery: (text, values) => void (withRows || recording.push({ text, values })) },
  }) as unknown as Database;
  const run = serve(db);
  const out: Record<string, RecordedQuery[]> = {};
  for (const c of cases) {
    recording = [];
    await run(c);
    out[c.name] = recording.map((q) => {
      const name = q.name ?? statementNames.get(q.text);
      return name ? { ...q, name } : q;
    });
  }
  await pool.end();
  process.stdout.write(JSON.stringify(out));
}

/** Records each query of every pg client of this process with its rows, in the order the driver sent them. */
function recordDriverQueries(push: (q: RecordedQuery) => void) {
  type Callback = (error: Error | null, result?: pg.QueryResult) => void;
  const query = pg.Client.prototype.query as unknown as (...args: unknown[]) => unknown;
  const rowsOf = (result?: pg.QueryResult) =>
    ((result?.rows ?? []) as unknown[]).map((row) =>
      Array.isArray(row) ? row : Object.values(row as Record<string, unknown>),
    );
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const config = args[0] as string | { text: string; values?: unknown[]; name?: string };
    const values = Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? (config.values ?? []) : [];
    const entry: RecordedQuery = {
      text: typeof config === 'string' ? config : config.text,
      values,
      ...(typeof config === 'object' && config.name ? { name: config.name } : {}),
      rows: [],
    };
    push(entry);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null, result?: pg.QueryResult) => {
        entry.rows = rowsOf(result);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    return (query.apply(this, args) as Promise<pg.QueryResult>).then((result) => {
      entry.rows = rowsOf(result);
      return result;
    });
  };
}
