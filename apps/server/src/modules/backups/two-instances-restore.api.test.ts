import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BACKUP_PATHS as PATHS,
  HEALTH_PATHS,
  MAINTENANCE_PATH,
  type BackupRow,
  type MaintenanceStatus,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { seedBaseData } from '../../db/seed/index.js';
import { multiInstanceServices } from '../../test/external-services.js';
import { bearer, createUser } from '../../test/fixtures.js';
import {
  createScratchDatabase,
  delay,
  issueSessionToken,
  postJson,
  startPrivateRedis,
  startServerProcess,
  type PrivateRedis,
  type ScratchDatabase,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * 恢复数据 on two real server processes (one PostgreSQL, one Redis): the restore runs on A, and B answers 503
 * MAINTENANCE within a second of A starting it, keeps its probes up, and serves again once it is over.
 */
const { enabled, adminUrl } = multiInstanceServices();
const BUTTONS = ['backup:list', 'backup:create', 'backup:download', 'backup:restore'];

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let redis: PrivateRedis;
let backupDir: string;
let a: ServerProcess;
let b: ServerProcess;
let adminToken: string;
let otherToken: string;

async function getJson<T>(server: ServerProcess, url: string, token?: string) {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: token ? bearer(token) : {} });
  return { status: response.status, body: (await response.json()) as { data: T; errorCode: string | null } };
}

describe.skipIf(!enabled)('恢复数据 on two instances (PostgreSQL + Redis)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'rst');
    database = await openDatabase({ databaseUrl: scratch.url }, 3);
    await migrateDatabase(database);
    await seedBaseData(database.db);
    // Signed in before the backup, so the sessions are in it and outlive the restore.
    adminToken = await issueSessionToken(
      database.db,
      (await createUser(database.db, { roles: ['admin', ...BUTTONS] })).id,
    );
    otherToken = await issueSessionToken(
      database.db,
      (await createUser(database.db, { roles: ['head_office', 'backup:list'] })).id,
    );
    redis = await startPrivateRedis();
    backupDir = await mkdtemp(path.join(tmpdir(), 'console-two-restore-'));
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      SERVICE_TOKEN: 'two-instances-service-token-0123456789abcdef',
      DATA_DIR: backupDir,
      BACKUP_DIR: backupDir,
    };
    const started = await Promise.allSettled([
      startServerProcess({ name: 'rst-A', env }),
      startServerProcess({ name: 'rst-B', env }),
    ]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await database?.close();
    await scratch?.drop();
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  });

  it('puts B into maintenance within a second of A starting the restore, and out of it afterwards', async () => {
    const made = await postJson<{ data: BackupRow }>(`${a.baseUrl}${PATHS.create}`, {}, bearer(adminToken));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const name = made.body.data.name;
    for (let i = 0; ; i += 1) {
      const list = await getJson<{ list: BackupRow[] }>(a, `${PATHS.list}?pageSize=10`, adminToken);
      const row = list.body.data.list.find((r) => r.name === name);
      if (row?.status === 'ok') break;
      expect(row?.status, row?.error ?? '').not.toBe('failed');
      if (i > 300) throw new Error('the backup did not finish');
      await delay(100);
    }
    expect((await getJson(b, PATHS.list, otherToken)).status).toBe(200);

    const started = await postJson<{ data: MaintenanceStatus }>(
      `${a.baseUrl}${PATHS.restoreLive}`,
      { name, confirmName: name, acceptDataLoss: true },
      bearer(adminToken),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const at = Date.now();
    let onB = await getJson(b, PATHS.list, otherToken);
    while (onB.status !== 503 && Date.now() - at < 1_000) {
      await delay(25);
      onB = await getJson(b, PATHS.list, otherToken);
    }
    expect(onB.status, `B still answered ${onB.status} after ${Date.now() - at} ms`).toBe(503);
    expect(onB.body.errorCode).toBe('MAINTENANCE');
    expect((await getJson<MaintenanceStatus>(b, MAINTENANCE_PATH)).body.data).toMatchObject({
      active: true,
      backupName: name,
    });
    expect((await getJson(b, HEALTH_PATHS.ready)).status).toBe(200);

    for (let i = 0; (await getJson<MaintenanceStatus>(b, MAINTENANCE_PATH)).body.data.active; i += 1) {
      if (i > 600) throw new Error('maintenance did not end on B');
      await delay(100);
    }
    expect((await getJson(b, PATHS.list, otherToken)).status).toBe(200);
    const list = await getJson<{ list: BackupRow[] }>(b, `${PATHS.list}?pageSize=10`, adminToken);
    const row = list.body.data.list.find((r) => r.name === name);
    expect(row?.restoreError ?? null).toBeNull();
    expect(row?.restoreStatus).toBe('restored');
  });
});
