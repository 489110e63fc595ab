import { SYSTEM_TOOL_PATHS } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { exportJobs } from '../../db/schema.js';
import { multiInstanceServices } from '../../test/external-services.js';
import { bearer, createUser } from '../../test/fixtures.js';
import {
  delay,
  issueSessionToken,
  postJson,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';
import { createPostgresCopy } from '../../test/test-database.js';

/** Enough 登录日志 rows that the file takes a few seconds, so the kill lands mid-file. */
const ROWS = 60_000;
const STALE_AFTER_MS = 3_000;

/**
 * Issue 13 point 3: an instance killed with SIGKILL in the middle of an export leaves the job queued again, not
 * lost. Instance A is killed while it writes the file; instance B (the export poll runs every 5 s on every
 * instance) finds the job without progress for EXPORT_STALE_AFTER_MS, queues it again and finishes it whole.
 */
describe.runIf(multiInstanceServices().enabled)('an export whose instance is killed mid-file', () => {
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess | undefined;
  let token: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const url = await createPostgresCopy();
    database = await openDatabase({ databaseUrl: url }, 2);
    await database.db.execute(sql`
      insert into audit_log (action, target, ip, created_at)
      select 'auth.login.success', 'user' || n, '10.0.0.' || (n % 250), now() - n * interval '1 second'
        from generate_series(1, ${ROWS}) as n`);
    const admin = await createUser(database.db, { roles: ['admin', 'loginLog:export'] });
    token = await issueSessionToken(database.db, admin.id);
    env = {
      DATABASE_URL: url,
      SERVICE_TOKEN: 'export-kill-service-token-0123456789abcdef',
      EXPORT_STALE_AFTER_MS: String(STALE_AFTER_MS),
    };
    a = await startServerProcess({ name: 'export-A', env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  const jobOf = async (id: number) =>
    (await database.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0]!;

  it('is queued again and finished whole by the other instance', async () => {
    const queued = await postJson<{ data: { id: number } }>(
      `${a.baseUrl}${SYSTEM_TOOL_PATHS.loginLogExport}`,
      {},
      bearer(token),
    );
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const id = queued.body.data.id;

    // Kill A once the file is under way: running, with progress stored, not finished.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = await jobOf(id);
      expect(job.status, 'the export ended before the kill: raise ROWS').not.toBe('done');
      if (job.status === 'running' && job.progress > 0) break;
      expect(Date.now()).toBeLessThan(deadline);
      await delay(20);
    }
    await a.kill('SIGKILL');
    const cut = await jobOf(id);
    expect(cut.status).toBe('running');
    expect(cut.progress).toBeLessThan(100);

    b = await startServerProcess({ name: 'export-B', env });
    const finishBy = Date.now() + 60_000;
    let job = await jobOf(id);
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < finishBy) {
      await delay(200);
      job = await jobOf(id);
    }
    expect(job.status, job.error).toBe('done');
    expect(job.progress).toBe(100);
    // The whole file: every login row (the admin's own sign-in is a session, not a login row).
    expect(job.rowCount).toBeGreaterThanOrEqual(ROWS);
    expect(job.content?.byteLength).toBeGreaterThan(ROWS * 10);
  }, 120_000);
});
