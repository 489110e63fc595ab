import { MONITOR_PATHS as PATHS, type SqlMonitor } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { adminCalls } from '../../test/admin-calls.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { createUser, signIn, type TestUser } from '../../test/fixtures.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../test/private-postgres.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * SQL监控 reading `pg_stat_statements`: the shared test server does not preload it, so this file starts a
 * PostgreSQL server of its own that does, and migrates a database there.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('SQL监控 with pg_stat_statements loaded', () => {
  let server: PrivatePostgres;
  let t: TestApp;
  let admin: { user: TestUser; token: string };
  const { ok } = adminCalls(
    () => t,
    () => admin.token,
    '10.20.30.42',
  );

  beforeAll(async () => {
    server = await startPrivatePostgres({ shared_preload_libraries: 'pg_stat_statements' });
    const database = await openDatabase({ databaseUrl: server.url }, 4);
    await migrateDatabase(database);
    await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    t = await createTestApp({}, { database });
    const user = await createUser(t.db, { roles: ['admin', 'sql:list', 'sql:reset'] });
    admin = { user, token: await signIn(t.app, user) };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.stop();
  });

  it('lists the slowest and most frequent statements from the extension, and a reset empties it', async () => {
    for (let i = 0; i < 5; i += 1) await t.db.execute(sql`select count(*) from users where id > ${i}`);
    const before = await ok<SqlMonitor>('GET', PATHS.sql);
    expect(before.source).toBe('pg_stat_statements');
    expect(before.statements).toBeGreaterThan(0);
    // The extension normalises constants to $n: the loop above is one statement called at least five times.
    const counted = before.mostFrequent.find((s) =>
      /select count\(\*\) from users where id > \$1/.test(s.query),
    );
    expect(counted?.calls).toBeGreaterThanOrEqual(5);
    expect(before.slowest[0]!.meanMs).toBeGreaterThanOrEqual(before.slowest.at(-1)!.meanMs);
    expect(before.since).not.toBeNull();

    const after = await ok<SqlMonitor>('POST', PATHS.sqlReset);
    expect(after.source).toBe('pg_stat_statements');
    expect(after.calls).toBeLessThan(before.calls);
    expect(after.mostFrequent.some((s) => /from users where id > \$1/.test(s.query))).toBe(false);
    await expectAuditedChange(t.db, 'monitor.sql.reset', admin.user.id);
  });
});
