import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type Database, type DatabaseHandle } from '../db/client.js';
import { processQueryTimings, timePgliteQueries } from '../db/query-timing.js';

/**
 * A fresh, migrated database of its own for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres (the `server-pg` Vitest project). Both are copies
 * of the template that global-setup.ts migrated once for the run.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  return process.env.TEST_DB === 'postgres' ? openPostgresCopy() : openPgliteCopy();
}

/** Loading a migrated data directory skips PGlite's initdb and the migrations, most of a fresh database's cost. */
async function openPgliteCopy(): Promise<DatabaseHandle> {
  const file = inject('pgliteTemplateFile');
  if (!file)
    throw new Error('No PGlite template: the Vitest project needs globalSetup src/test/global-setup.ts');
  const client = new PGlite({
    loadDataDir: new Blob([await readFile(file)]),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.waitReady;
  timePgliteQueries(client, processQueryTimings);
  return {
    db: drizzle({ client }) as unknown as Database,
    kind: 'pglite',
    withAdvisoryLock: (_key, work) => work(),
    close: () => client.close(),
  };
}

/** The database is dropped with the template in the global teardown, together with every other file's. */
async function openPostgresCopy(): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: await createPostgresCopy() }, 5);
}

/**
 * A new database copied from the run's migrated template on the server of TEST_DATABASE_URL; answers its URL.
 * Dropped with the template in the global teardown.
 */
export async function createPostgresCopy(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const provided = inject('postgresTemplate');
  if (!provided)
    throw new Error('No PostgreSQL template: the Vitest project needs globalSetup src/test/global-setup.ts');
  const name = `${provided.prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${provided.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A test database need not survive a crash of the server: commits stop waiting for the WAL flush (about 4 ms
  // each on this machine's disk), which the API suite does thousands of times.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}
