import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_PATHS as PATHS,
  HEALTH_PATHS,
  IM_PATHS,
  MAINTENANCE_PATH,
  type BackupRow,
  type MaintenanceStatus,
} from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, backups, users } from '../../db/schema.js';
import { adminCalls } from '../../test/admin-calls.js';
import { createUser, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addStaff, addStore } from '../im/im-test-fixtures.js';
import { countTables } from './backup-engine.js';

let t: TestApp;
let admin: { user: TestUser; token: string };
let headOfficeWithButtons: string;
let clerk: string;

const BUTTONS = ['backup:list', 'backup:create', 'backup:download', 'backup:restore'];
const { send, ok, refused } = adminCalls(
  () => t,
  () => admin.token,
  '10.20.30.42',
);
/** What the restore writes after itself: the kept 数据备份 rows and its own audit row (docs/adr/0005). */
const CARRIED = new Set(['public.backups', 'public.audit_log']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function backupRow(name: string): Promise<BackupRow> {
  const page = await ok<{ list: BackupRow[] }>('GET', PATHS.list, { pageSize: 100 });
  const row = page.list.find((r) => r.name === name);
  if (!row) throw new Error(`${name} is not listed`);
  return row;
}

async function untilMade(name: string): Promise<BackupRow> {
  for (let i = 0; i < 300; i += 1) {
    const row = await backupRow(name);
    if (row.status !== 'running') return row;
    await sleep(100);
  }
  throw new Error(`backup ${name} did not finish`);
}

async function maintenance(): Promise<MaintenanceStatus> {
  const response = await send('GET', MAINTENANCE_PATH, null);
  expect(response.statusCode).toBe(200);
  return response.json().data as MaintenanceStatus;
}

async function untilMaintenanceEnds(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (!(await maintenance()).active) return;
    await sleep(100);
  }
  throw new Error('maintenance did not end');
}

const liveCounts = async () => {
  const counts = await countTables(async (text) => {
    const result = (await t.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  });
  return Object.fromEntries(Object.entries(counts).filter(([table]) => !CARRIED.has(table)));
};

beforeAll(async () => {
  t = await createTestApp();
  await rm(t.deps.config.backupDir, { recursive: true, force: true });
  const user = await createUser(t.db, { roles: ['admin', ...BUTTONS] });
  admin = { user, token: await signIn(t.app, user) };
  headOfficeWithButtons = await signIn(t.app, await createUser(t.db, { roles: ['head_office', ...BUTTONS] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', ...BUTTONS] }));
});

afterAll(async () => {
  await t.close();
  await rm(t.deps.config.backupDir, { recursive: true, force: true });
});

describe('restoring a backup over the live database', () => {
  let made: BackupRow;
  const body = () => ({ name: made.name, confirmName: made.name, acceptDataLoss: true });

  beforeAll(async () => {
    made = await untilMade((await ok<BackupRow>('POST', PATHS.create)).name);
    expect(made.status).toBe('ok');
  });

  it('is the administrator’s only, with the typed name and the loss acknowledged', async () => {
    expect((await send('POST', PATHS.restoreLive, null, body())).statusCode).toBe(401);
    expect((await send('POST', PATHS.restoreLive, clerk, body())).statusCode).toBe(403);
    await refused('POST', PATHS.restoreLive, body(), 403, /仅系统管理员/, headOfficeWithButtons);
    await refused('POST', PATHS.restoreLive, { ...body(), confirmName: 'backup' }, 400, /名称不一致/);
    await refused('POST', PATHS.restoreLive, { ...body(), acceptDataLoss: false }, 400, /全部丢失/);
    expect((await maintenance()).active).toBe(false);
  });

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'refuses on the embedded database with how to restore it instead',
    async () => {
      await refused('POST', PATHS.restoreLive, body(), 409, /停止控制台.*DATA_DIR/);
      expect((await maintenance()).active).toBe(false);
    },
  );

  describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL', () => {
    it('puts every other call into maintenance, restores the backup’s rows and ends maintenance', async () => {
      const before = await liveCounts();
      const shop = await addStore(t.db);
      const staff = await addStaff(t, shop);
      const added = await createUser(t.db, { roles: ['head_office'] });
      expect((await liveCounts())['public.users']).toBe(before['public.users']! + 2);

      // A console's long poll held when maintenance begins is answered 503 at once.
      const poll = t.app.inject({
        method: 'POST',
        url: IM_PATHS.listener,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { receiver: staff.workCode, storeCode: shop.code, ackIds: [] },
      });
      await vi.waitFor(() => expect(t.app.messageCenter.hub.size()).toBe(1), { timeout: 5_000 });
      const started = await ok<MaintenanceStatus>('POST', PATHS.restoreLive, body());
      const polled = await poll;
      expect(polled.statusCode).toBe(503);
      expect(polled.json().errorCode).toBe('MAINTENANCE');
      expect(started).toMatchObject({ active: true, reason: 'restore', backupName: made.name });
      // Another user's call, and the administrator's own: 503 MAINTENANCE; the probes still answer.
      const other = await send('GET', PATHS.list, headOfficeWithButtons);
      expect(other.statusCode).toBe(503);
      expect(other.json()).toMatchObject({ errorCode: 'MAINTENANCE', errorMsg: '系统维护中，请稍后再试' });
      // Before authorisation too: store staff, refused 403 otherwise, hear of the maintenance.
      expect((await send('GET', PATHS.list, clerk)).statusCode).toBe(503);
      expect((await send('GET', HEALTH_PATHS.health, null)).statusCode).toBe(200);
      expect((await send('GET', HEALTH_PATHS.ready, null)).statusCode).toBe(200);
      await refused('POST', PATHS.restoreLive, body(), 503, /系统维护中/);

      await untilMaintenanceEnds();
      const row = await backupRow(made.name);
      expect(row.restoreError).toBeNull();
      expect(row.restoreStatus).toBe('restored');
      expect(await t.db.select().from(users).where(eq(users.id, added.id))).toEqual([]);
      const backedUp = Object.fromEntries(
        Object.entries(await tableCountsOf(made.name)).filter(([table]) => !CARRIED.has(table)),
      );
      expect(await liveCounts()).toEqual(backedUp);
      const rows = await t.db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'backup.restore'), eq(auditLog.target, made.name)));
      expect(rows.map((r) => (r.detail as { after: { target: string; result: string } }).after)).toEqual([
        expect.objectContaining({ target: 'live', result: 'ok' }),
      ]);
      // Every sign-in made before the backup still works: caches were dropped, nothing stale answers.
      expect((await send('GET', PATHS.list, headOfficeWithButtons)).statusCode).toBe(200);
    });

    it('rolls everything back when pg_restore fails, and ends maintenance', async () => {
      // A view the backup does not have depends on users: dropping users fails halfway through the restore.
      await t.db.execute(sql`create view restore_blocker as select id from users`);
      const added = await createUser(t.db, { roles: ['head_office'] });
      const before = await liveCounts();
      await ok('POST', PATHS.restoreLive, body());
      await untilMaintenanceEnds();
      const row = await backupRow(made.name);
      expect(row.restoreStatus).toBe('restore_failed');
      expect(row.restoreError).toMatch(/restore_blocker|depend/);
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, added.id))).toHaveLength(1);
      expect(await liveCounts()).toEqual(before);
      expect((await maintenance()).active).toBe(false);
      expect((await send('GET', PATHS.list, headOfficeWithButtons)).statusCode).toBe(200);
      await t.db.execute(sql`drop view restore_blocker`);
    });

    it('fails on a damaged file whose checksum was recorded as it is, and changes nothing', async () => {
      const file = path.join(t.deps.config.backupDir, made.name);
      await writeFile(file, 'PGDMP but not really a dump');
      const sha = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
      await t.db.update(backups).set({ sha256: sha }).where(eq(backups.name, made.name));
      await createUser(t.db, { roles: ['head_office'] });
      const before = await liveCounts();
      await ok('POST', PATHS.restoreLive, body());
      await untilMaintenanceEnds();
      const row = await backupRow(made.name);
      expect(row.restoreStatus).toBe('restore_failed');
      expect(row.restoreError).toMatch(/pg_restore/);
      expect(await liveCounts()).toEqual(before);
    });
  });
});

async function tableCountsOf(name: string): Promise<Record<string, number>> {
  const result = (await t.db.execute(
    sql`select table_counts as counts from backups where name = ${name}`,
  )) as unknown as { rows: { counts: Record<string, number> }[] };
  return result.rows[0]?.counts ?? {};
}
