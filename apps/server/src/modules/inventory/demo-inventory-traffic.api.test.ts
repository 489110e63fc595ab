import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/index.js';
import {
  approvalTasks,
  imMessages,
  stockDocEvents,
  stockRequests,
  stockTransfers,
  stores,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DEMO_TRAFFIC_STORES, TRAFFIC_STEPS } from './demo-inventory-traffic.js';

/** Seeding the demo and building the app take a while under load. */
const SLOW_MS = 420_000;
const JOB = 'inventory.demo-traffic';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoMode: true, seedDemo: true, demoTrafficIntervalSeconds: 30 });
  await seedDemoData(t.db);
}, SLOW_MS);
afterAll(async () => {
  await t?.close();
});

const latestMessageId = async () =>
  (await t.db.select({ id: imMessages.id }).from(imMessages)).reduce((max, m) => Math.max(max, m.id), 0);

describe('the inventory demo traffic (inventory.demo-traffic)', () => {
  it('is a cluster job every four demo intervals', () => {
    expect(t.app.jobs.list().find((job) => job.name === JOB)).toMatchObject({
      scope: 'cluster',
      schedule: { everyMs: 120_000 },
    });
  });

  it(
    'moves one demo document a step per run through the services, its message written, demo stores only',
    async () => {
      const demoStores = await t.db
        .select({ id: stores.id })
        .from(stores)
        .where(inArray(stores.shopName, [...DEMO_TRAFFIC_STORES]));
      const demoIds = new Set(demoStores.map((s) => s.id));
      const statusOf = async () =>
        new Map(
          (
            await t.db
              .select({
                id: stockTransfers.id,
                status: stockTransfers.status,
                to: stockTransfers.toStoreId,
                from: stockTransfers.fromStoreId,
              })
              .from(stockTransfers)
          ).map((r) => [r.id, r]),
        );
      const pendingTasks = async () =>
        (
          await t.db
            .select({ id: approvalTasks.id })
            .from(approvalTasks)
            .where(eq(approvalTasks.status, 'pending'))
        ).length;

      // The first step approves the oldest pending task of the demo stores, as the demo approver.
      const before = await statusOf();
      const tasksBefore = await pendingTasks();
      const firstMessage = await latestMessageId();
      expect(await t.app.jobs.runNow(JOB)).toMatchObject({ ok: true, error: null });
      expect(await pendingTasks()).toBeLessThan(tasksBefore);
      const results = await t.db
        .select({ type: imMessages.businessType, source: imMessages.source })
        .from(imMessages)
        .where(gt(imMessages.id, firstMessage));
      // An approval result (business type 6) went out through the producer, in the same transaction.
      expect(results.some((m) => m.type === 6 && m.source === 'inventory')).toBe(true);

      // A full turn of the steps: transfers move on, every change between demo stores, each with a message.
      // Every run writes one document's timeline row (each step is one transition).
      const events = async () => (await t.db.select({ n: count() }).from(stockDocEvents))[0]!.n;
      for (let run = 1; run < TRAFFIC_STEPS.length; run++) {
        const mark = await events();
        expect(await t.app.jobs.runNow(JOB)).toMatchObject({ ok: true, error: null });
        expect(await events(), `run ${run}`).toBeGreaterThan(mark);
      }
      const after = await statusOf();
      const moved = [...after.values()].filter((r) => before.get(r.id)?.status !== r.status);
      expect(moved.length).toBeGreaterThanOrEqual(3);
      for (const r of moved) expect(demoIds.has(r.to) && demoIds.has(r.from)).toBe(true);
      // A new application and a new request for goods were made through the services (with their numbers).
      expect(after.size).toBeGreaterThan(before.size);
      const demoRequests = await t.db
        .select({ remark: stockRequests.remark })
        .from(stockRequests)
        .where(and(eq(stockRequests.remark, '演示：周末备货')));
      expect(demoRequests.length).toBeGreaterThanOrEqual(1);
    },
    SLOW_MS,
  );
});

describe('outside the demo', () => {
  it(
    'does nothing on a database without the demo stores, and is not registered without demo mode',
    async () => {
      const plain = await createTestApp({ demoMode: true, seedDemo: true, demoTrafficIntervalSeconds: 30 });
      try {
        const transfers = await plain.db.select({ id: stockTransfers.id }).from(stockTransfers);
        expect(await plain.app.jobs.runNow(JOB)).toMatchObject({ ok: true, error: null });
        expect(await plain.db.select({ id: stockTransfers.id }).from(stockTransfers)).toEqual(transfers);
        expect(await plain.db.select({ id: imMessages.id }).from(imMessages)).toEqual([]);
      } finally {
        await plain.close();
      }
      const production = await createTestApp();
      try {
        expect(production.app.jobs.list().map((job) => job.name)).not.toContain(JOB);
      } finally {
        await production.close();
      }
    },
    SLOW_MS,
  );
});
