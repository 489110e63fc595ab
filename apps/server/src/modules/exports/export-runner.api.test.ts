import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { exportJobs } from '../../db/schema.js';
import { createUser } from '../../test/fixtures.js';
import { createTestClock } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { addOrder, addStore, type TestStore } from '../orders/fulfilment/fulfilment-test-fixtures.js';
import { createExportJobRepository } from './export-jobs.repository.js';
import { createExportRunner, STALE_RUNNING_MS, type ExportRunnerOptions } from './export-runner.js';

/** The runner on a real database without the app (so no other runner takes the jobs). */
let handle: DatabaseHandle;
let store: TestStore;
let userId: number;
const clock = createTestClock();
const silent = { warn: () => undefined, error: () => undefined };

const runner = (options: Partial<ExportRunnerOptions> = {}) =>
  createExportRunner({
    db: handle.db,
    jobs: createExportJobRepository(handle.db),
    clock,
    log: silent,
    ...options,
  });

async function queueJob(params: Record<string, unknown> = { storeCode: store.code }) {
  const [row] = await handle.db
    .insert(exportJobs)
    .values({ storeId: store.id, userId, kind: 'received-orders', params })
    .returning({ id: exportJobs.id });
  return row!.id;
}

const jobRow = async (id: number) =>
  (await handle.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0]!;

beforeAll(async () => {
  handle = await openTestDatabase();
  store = await addStore(handle.db, '进度测试店');
  userId = (await createUser(handle.db)).id;
  for (let i = 0; i < 5; i += 1)
    await addOrder(handle.db, { storeId: store.id, takenAt: new Date(clock().getTime() - i * 60_000) });
});

afterAll(async () => {
  await handle?.close();
});

describe('export runner', () => {
  it('stores the progress page by page, then 100 with the file', async () => {
    const id = await queueJob();
    const seen: number[] = [];
    await runner({
      pageSize: 2,
      afterProgress: async (jobId) => {
        const row = await jobRow(jobId);
        expect(row.status).toBe('running');
        seen.push(row.progress);
      },
    }).drain();
    expect(seen).toEqual([40, 80, 99]);
    const done = await jobRow(id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rowCount: 5 });
    expect(done.content!.subarray(0, 2).toString()).toBe('PK');
  });

  it('fails a job over the row limit with a message to narrow the filters', async () => {
    const id = await queueJob();
    await runner({ maxRows: 4 }).drain();
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      error: '导出数据超过10万条，请缩小筛选范围后重新导出',
      content: null,
    });
  });

  it('queues a job left running by a killed instance after 10 minutes, and runs it', async () => {
    const [left] = await handle.db
      .insert(exportJobs)
      .values({
        storeId: store.id,
        userId,
        kind: 'received-orders',
        params: { storeCode: store.code },
        status: 'running',
        progress: 30,
        finishedAt: new Date(clock().getTime() - STALE_RUNNING_MS - 1_000),
      })
      .returning({ id: exportJobs.id });
    const [alive] = await handle.db
      .insert(exportJobs)
      .values({
        storeId: store.id,
        userId,
        kind: 'received-orders',
        status: 'running',
        progress: 30,
        finishedAt: new Date(clock().getTime() - STALE_RUNNING_MS + 60_000),
      })
      .returning({ id: exportJobs.id });
    await runner().drain();
    expect(await jobRow(left!.id)).toMatchObject({ status: 'done', rowCount: 5 });
    expect(await jobRow(alive!.id)).toMatchObject({ status: 'running', progress: 30 });
  });

  it('never gives the same job to two runners claiming at once', async () => {
    const ids = [await queueJob(), await queueJob(), await queueJob(), await queueJob()];
    const jobs = createExportJobRepository(handle.db);
    const claims = await Promise.all(Array.from({ length: 8 }, () => jobs.claimNext(clock())));
    const claimed = claims.filter((c) => c !== null).map((c) => c.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    const rows = await handle.db
      .select({ status: exportJobs.status })
      .from(exportJobs)
      .where(inArray(exportJobs.id, ids));
    expect(rows.every((r) => r.status === 'running')).toBe(true);
  });
});
