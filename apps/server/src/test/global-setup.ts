import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { adminQuery } from './server-process.js';

/**
 * Vitest global setup of the `server` and `server-pg` projects: migrates one template database per run, so
 * that each test file only copies it (test-database.ts) instead of creating and migrating its own.
 * - PGlite: a migrated in-memory database dumped to a tar file; each file loads it into a fresh PGlite.
 * - PostgreSQL: a migrated template database; each file creates its database from it. Teardown drops the
 *   template and every database of the run at once (each DROP DATABASE waits for a checkpoint, and concurrent
 *   drops share one).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The tar file of a migrated PGlite data directory. */
    pgliteTemplateFile: string;
    /** The migrated template database on TEST_DATABASE_URL and the name prefix of this run's databases. */
    postgresTemplate: { template: string; prefix: string };
  }
}

/** Databases dropped at once in the teardown: concurrent drops share a checkpoint, within max_connections. */
const CONCURRENT_DROPS = 8;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'console-test-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ dataDir: null });
  try {
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const runId = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = `tmpl_${runId}`;
  const prefix = `t_${runId}_`;
  await adminQuery(adminUrl, `create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  // CREATE DATABASE … TEMPLATE refuses a template somebody is connected to: the pool is closed before any copy.
  // Two connections: the migration lock holds one while the migrator uses the other.
  const handle = await openDatabase({ databaseUrl: url.toString() }, 2);
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    throw error;
  }
  await handle.close();
  project.provide('postgresTemplate', { template, prefix });
  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      // A few at a time: one connection per drop for hundreds of databases at once ran into max_connections
      // ("too many clients already") and left databases behind on the server.
      const names = [...rows.map((r) => r.datname), template];
      const dropNext = async (): Promise<void> => {
        for (let name = names.pop(); name !== undefined; name = names.pop())
          await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      };
      await Promise.all(Array.from({ length: CONCURRENT_DROPS }, dropNext));
    } finally {
      await admin.end();
    }
  };
}
