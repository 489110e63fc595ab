import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.js';
import { openTestDatabase } from '../test/test-database.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('database connection pool', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'survives the server closing its idle connections and reconnects on the next query',
    async () => {
      await handle.db.execute(sql`select 1`);
      const current = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const rows = current.rows;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [rows[0]!.name],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Without a pool 'error' listener the terminated idle client would throw an uncaught exception here.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(again.rows[0]!.one).toBe(1);
    },
  );
});
