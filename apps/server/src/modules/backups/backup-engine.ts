import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, DatabaseKind } from '../../db/client.js';
import { PGLITE_EXTENSIONS } from '../../db/client.js';

const run = promisify(execFile);
const PG_DUMP = '/usr/bin/pg_dump';
const PG_RESTORE = '/usr/bin/pg_restore';
/** Big enough for pg_restore's warnings; a dump writes to a file, never to stdout. */
const MAX_OUTPUT = 1024 * 1024;

export type TableCounts = Record<string, number>;
type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * How this database is backed up: PostgreSQL through pg_dump/pg_restore (custom format), the embedded PGlite
 * through its own data-directory dump. Both answer the rows of every table, which the restore check compares.
 */
export type BackupEngine = {
  format: 'pg_dump' | 'pglite';
  extension: 'dump' | 'tar.gz';
  /** Writes the backup to `file`; answers the rows of every table the backup holds. */
  dump(file: string): Promise<TableCounts>;
  /** Restores `file` into a scratch database, answers its rows of every table, then drops the scratch database. */
  restoreCounts(file: string): Promise<TableCounts>;
  /**
   * Restores `file` over the live database in one transaction (all or nothing); null where the database cannot
   * be restored while the console runs (the embedded PGlite: its data directory is replaced with the console
   * stopped).
   */
  restoreLive: ((file: string) => Promise<void>) | null;
};

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `count(*)` of every table outside the system schemas, keyed `schema.table`, in one statement. */
export async function countTables(query: Query): Promise<TableCounts> {
  const tables = await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  if (tables.length === 0) return {};
  const parts = tables.map(
    ({ s, t }) =>
      `select '${String(s).replaceAll("'", "''")}.${String(t).replaceAll("'", "''")}' as name, count(*)::int as n from ${ident(String(s))}.${ident(String(t))}`,
  );
  const rows = await query(parts.join('\nunion all\n'));
  return Object.fromEntries(rows.map((row) => [String(row.name), Number(row.n)]));
}

/** The child's own error output, without Node's "Command failed:" line that repeats the arguments. */
function toolError(error: unknown): Error {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return new Error(stderr ? stderr.slice(0, 900) : error instanceof Error ? error.message : String(error));
}

export function createBackupEngine(db: Database, kind: DatabaseKind): BackupEngine {
  const client = (db as unknown as { $client: unknown }).$client;
  return kind === 'pglite' ? pgliteEngine(client as PGlite) : postgresEngine(client as pg.Pool);
}

function pgliteEngine(client: PGlite): BackupEngine {
  const queryOf =
    (target: PGlite): Query =>
    async (text) =>
      (await target.query<Record<string, unknown>>(text)).rows;
  return {
    format: 'pglite',
    extension: 'tar.gz',
    async dump(file) {
      // PGlite has one connection: the counts and the dump follow each other on it. A change that slips in
      // between makes the restore check report that table, never a silent pass.
      const counts = await countTables(queryOf(client));
      const archive = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await archive.arrayBuffer()), { flag: 'wx' });
      return counts;
    },
    async restoreCounts(file) {
      const scratch = new PGlite({
        loadDataDir: new Blob([await readFile(file)]),
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        await scratch.waitReady;
        return await countTables(queryOf(scratch));
      } finally {
        await scratch.close().catch(() => undefined);
      }
    },
    restoreLive: null,
  };
}

/** libpq's environment for the pool's database: the password never appears in a process list. */
function pgEnv(connectionString: string, database?: string): NodeJS.ProcessEnv {
  const url = new URL(connectionString);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGHOST: decodeURIComponent(url.hostname) || '127.0.0.1',
    PGPORT: url.port || '5432',
    PGDATABASE: database ?? decodeURIComponent(url.pathname.slice(1)),
    PGCONNECT_TIMEOUT: '10',
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

function postgresEngine(pool: pg.Pool): BackupEngine {
  const connectionString = (pool as unknown as { options: { connectionString?: string } }).options
    .connectionString;
  if (!connectionString) throw new Error('backups need the pool to be opened from a connection string');
  return {
    format: 'pg_dump',
    extension: 'dump',
    async dump(file) {
      // The counts and pg_dump read one exported snapshot, so the backup holds exactly the counted rows.
      const session = await pool.connect();
      try {
        await session.query('begin isolation level repeatable read read only');
        const { rows } = await session.query<{ id: string }>('select pg_export_snapshot() as id');
        const snapshot = rows[0]?.id ?? '';
        if (!SNAPSHOT_ID.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
        const counts = await countTables(async (text) => (await session.query(text)).rows);
        await run(PG_DUMP, ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${file}`], {
          env: pgEnv(connectionString),
          maxBuffer: MAX_OUTPUT,
        }).catch((error: unknown) => {
          throw toolError(error);
        });
        return counts;
      } finally {
        await session.query('rollback').catch(() => undefined);
        session.release();
      }
    },
    async restoreCounts(file) {
      // A name of our own making: the only identifier built into a statement here.
      const scratch = `console_restore_${randomBytes(6).toString('hex')}`;
      await pool.query(`create database ${scratch}`);
      try {
        await run(PG_RESTORE, ['--no-owner', '--exit-on-error', `--dbname=${scratch}`, file], {
          env: pgEnv(connectionString, scratch),
          maxBuffer: MAX_OUTPUT,
        }).catch((error: unknown) => {
          throw toolError(error);
        });
        const url = new URL(connectionString);
        url.pathname = `/${scratch}`;
        const restored = new pg.Client({ connectionString: url.toString() });
        await restored.connect();
        try {
          return await countTables(async (text) => (await restored.query(text)).rows);
        } finally {
          await restored.end();
        }
      } finally {
        await pool.query(`drop database if exists ${scratch} with (force)`).catch(() => undefined);
      }
    },
    async restoreLive(file) {
      // --clean --if-exists drops each object of the dump before creating it again, and --single-transaction
      // makes the whole run one transaction: any error (--exit-on-error) rolls every drop back, so the database
      // is either the backup's or exactly as it was. The database name comes from the configuration.
      const env = pgEnv(connectionString);
      await run(
        PG_RESTORE,
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${env.PGDATABASE ?? ''}`,
          file,
        ],
        { env, maxBuffer: MAX_OUTPUT },
      ).catch((error: unknown) => {
        throw toolError(error);
      });
    },
  };
}
