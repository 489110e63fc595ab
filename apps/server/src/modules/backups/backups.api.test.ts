import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_PATHS as PATHS, SYSTEM_TOOL_PATHS, type BackupRow } from '@console/contract';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, backups, users as usersTable } from '../../db/schema.js';
import { adminCalls, type Method } from '../../test/admin-calls.js';
import { createUser, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BACKUP_KEEP } from './backups.service.js';

let t: TestApp;
let admin: { user: TestUser; token: string };
let headOffice: string;
let headOfficeWithButtons: string;
let clerk: string;

const BUTTONS = ['backup:list', 'backup:create', 'backup:download', 'backup:restore'];
const { send, ok, refused } = adminCalls(
  () => t,
  () => admin.token,
  '10.20.30.41',
);

async function until(name: string, done: (row: BackupRow) => boolean): Promise<BackupRow> {
  for (let i = 0; i < 300; i += 1) {
    const page = await ok<{ list: BackupRow[] }>('GET', PATHS.list, { pageSize: 100 });
    const row = page.list.find((r) => r.name === name);
    if (row && done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`backup ${name} did not get there`);
}

const audited = async (action: string, target: string) =>
  t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

beforeAll(async () => {
  t = await createTestApp();
  await rm(t.deps.config.backupDir, { recursive: true, force: true });
  const user = await createUser(t.db, { roles: ['admin', ...BUTTONS, 'timing:run'] });
  admin = { user, token: await signIn(t.app, user) };
  headOffice = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  headOfficeWithButtons = await signIn(t.app, await createUser(t.db, { roles: ['head_office', ...BUTTONS] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', ...BUTTONS] }));
});

afterAll(async () => {
  await t.close();
  await rm(t.deps.config.backupDir, { recursive: true, force: true });
});

describe('access', () => {
  const name = 'backup-20260101-000000.dump';
  const calls: [Method, string, Record<string, unknown>][] = [
    ['GET', PATHS.list, {}],
    ['POST', PATHS.create, {}],
    ['GET', PATHS.download, { name }],
    ['POST', PATHS.restore, { name, confirmName: name }],
  ];
  it('answers 401 without a session, 403 to store staff holding the buttons and to head office without them', async () => {
    for (const [method, url, input] of calls) {
      expect((await send(method, url, null, input)).statusCode, url).toBe(401);
      expect((await send(method, url, clerk, input)).statusCode, url).toBe(403);
      expect((await send(method, url, headOffice, input)).statusCode, url).toBe(403);
    }
  });

  it('keeps download and restore to the administrator, whatever buttons head office holds', async () => {
    await ok('GET', PATHS.list, {}, headOfficeWithButtons);
    await refused('GET', PATHS.download, { name }, 403, /仅系统管理员/, headOfficeWithButtons);
    await refused(
      'POST',
      PATHS.restore,
      { name, confirmName: name },
      403,
      /仅系统管理员/,
      headOfficeWithButtons,
    );
  });
});

describe('a backup made, downloaded and restored into a scratch database', () => {
  let made: BackupRow;

  it('makes a backup in the background and lists its size, checksum and duration', async () => {
    const started = await ok<BackupRow>('POST', PATHS.create);
    expect(started).toMatchObject({ status: 'running', trigger: 'manual', sha256: null });
    expect(started.name).toMatch(/^backup-\d{8}-\d{6}\.(dump|tar\.gz)$/);
    made = await until(started.name, (row) => row.status !== 'running');
    expect(made.error).toBeNull();
    expect(made).toMatchObject({ status: 'ok', format: t.deps.dbKind === 'pglite' ? 'pglite' : 'pg_dump' });
    const bytes = await readFile(path.join(t.deps.config.backupDir, made.name));
    expect(made.sizeBytes).toBe(bytes.length);
    expect(made.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(made.durationMs).toBeGreaterThanOrEqual(0);
    expect(await audited('backup.create', made.name)).toHaveLength(1);
  });

  it('records the rows of every table as the backup holds them', async () => {
    const [row] = await t.db.select().from(backups).where(eq(backups.name, made.name));
    const counts = row?.tableCounts ?? {};
    expect(Object.keys(counts).length).toBeGreaterThan(30);
    const [users] = await t.db.select({ n: count() }).from(usersTable);
    expect(counts['public.users']).toBe(Number(users?.n));
  });

  it('refuses a second backup while one is going', async () => {
    t.clock.advance(2_000); // names carry the second: the test clock stands still otherwise
    const first = await ok<BackupRow>('POST', PATHS.create);
    await refused('POST', PATHS.create, {}, 409, /正在进行/);
    await until(first.name, (row) => row.status !== 'running');
  });

  it('downloads the file to the administrator, audited', async () => {
    const response = await send('GET', PATHS.download, admin.token, { name: made.name });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(made.name);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(made.sha256);
    expect(await audited('backup.download', made.name)).toHaveLength(1);
  });

  it('refuses bad input with a Chinese 4xx', async () => {
    await refused('GET', PATHS.download, { name: '../../etc/passwd' }, 400, /备份名称不正确/);
    await refused(
      'POST',
      PATHS.restore,
      { name: '../x.dump', confirmName: '../x.dump' },
      400,
      /备份名称不正确/,
    );
    await refused('POST', PATHS.restore, { name: made.name, confirmName: 'backup' }, 400, /名称不一致/);
    const unknown = 'backup-20000101-000000.dump';
    await refused('POST', PATHS.restore, { name: unknown, confirmName: unknown }, 404, /备份不存在/);
  });

  it('restores into a scratch database and finds every table with the rows the backup had', async () => {
    const claimed = await ok<BackupRow>('POST', PATHS.restore, { name: made.name, confirmName: made.name });
    expect(claimed.restoreStatus).toBe('running');
    const done = await until(made.name, (row) => row.restoreStatus !== 'running');
    expect(done.restoreError).toBeNull();
    expect(done.restoreStatus).toBe('ok');
    expect(done.restoreReport?.mismatched).toEqual([]);
    expect(done.restoreReport?.tables).toBeGreaterThan(30);
    expect(done.restoreReport?.matched).toBe(done.restoreReport?.tables);
    expect(done.restoreReport?.rows).toBeGreaterThan(0);
    expect(await audited('backup.restore', made.name)).toHaveLength(1);
  });

  it('refuses to restore a file that is not the one backed up (422) or is gone (404)', async () => {
    const file = path.join(t.deps.config.backupDir, made.name);
    await writeFile(file, 'not a backup');
    await refused('POST', PATHS.restore, { name: made.name, confirmName: made.name }, 422, /校验失败/);
    await rm(file);
    await refused('POST', PATHS.restore, { name: made.name, confirmName: made.name }, 404, /文件不存在/);
    await refused('GET', PATHS.download, { name: made.name }, 404, /文件不存在/);
  });

  it('runs as the system.backup job of 定时任务', async () => {
    t.clock.advance(2_000);
    const run = await ok<{ status: string; error: string | null }>('POST', SYSTEM_TOOL_PATHS.jobRun, {
      name: 'system.backup',
    });
    expect(run.error).toBeNull();
    expect(run.status).toBe('ok');
    const page = await ok<{ list: BackupRow[] }>('GET', PATHS.list);
    expect(page.list[0]).toMatchObject({ trigger: 'schedule', status: 'ok', createdBy: '定时任务' });
  });

  it('keeps the newest BACKUP_KEEP backups after the scheduled one, files and rows', async () => {
    const dir = t.deps.config.backupDir;
    const old = Array.from(
      { length: BACKUP_KEEP },
      (_, i) => `backup-2001010${Math.floor(i / 10)}-0000${i % 10}0.dump`,
    );
    for (const [i, name] of old.entries()) {
      await writeFile(path.join(dir, name), `old ${i}`);
      await t.db.insert(backups).values({
        name,
        format: 'pg_dump',
        trigger: 'schedule',
        status: 'ok',
        startedAt: new Date(Date.UTC(2001, 0, 1, 0, 0, i)),
        finishedAt: new Date(Date.UTC(2001, 0, 1, 0, 0, i + 1)),
      });
    }
    t.clock.advance(2_000);
    await ok('POST', SYSTEM_TOOL_PATHS.jobRun, { name: 'system.backup' });
    const kept = await t.db.select({ name: backups.name }).from(backups).where(isNotNull(backups.finishedAt));
    expect(kept).toHaveLength(BACKUP_KEEP);
    const names = new Set(kept.map((row) => row.name));
    // Every backup of this run is newer than the planted ones, so the oldest planted ones went, files too.
    expect(names.has(old[0]!)).toBe(false);
    await expect(readFile(path.join(dir, old[0]!))).rejects.toThrow();
    expect(names.has(old[BACKUP_KEEP - 1]!)).toBe(true);
  });
});
