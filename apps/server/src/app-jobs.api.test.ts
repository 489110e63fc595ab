import { afterAll, describe, expect, it } from 'vitest';

/** Each case builds a whole app on a fresh database, which takes longer than a test's default under load. */
const BUILDS_AN_APP_MS = 90_000;
import { createTestApp, type TestApp } from './test/test-app.js';

/** The server's timers, as the job runner built by buildApp lists them. */
describe('the app runs every timer as a job on one runner', () => {
  let demo: TestApp | null = null;
  afterAll(() => demo?.close());

  it(
    'registers the sweeps with their scopes and periods, and stops them when the app closes',
    async () => {
      const t = await createTestApp({ longPoll: { holdMs: 300, maxHeld: 5, sweepMs: 60_000 } });
      expect(
        t.app.jobs.list().map(({ name, scope, schedule, running, lastRun }) => ({
          name,
          scope,
          schedule,
          running,
          lastRun,
        })),
      ).toEqual([
        // The runner's own housekeeping (platform/jobs/job-runner.ts): settings made elsewhere, dead runs.
        {
          name: 'jobs.sync-settings',
          scope: 'instance',
          schedule: { everyMs: 15_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'jobs.stale-runs',
          scope: 'cluster',
          schedule: { everyMs: 60_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'im.pending-sweep',
          scope: 'instance',
          schedule: { everyMs: 60_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'im.publish-keys-prune',
          scope: 'cluster',
          schedule: { cron: '0 50 3 * * *' },
          running: false,
          lastRun: null,
        },
        {
          name: 'members.expired-finds',
          scope: 'cluster',
          schedule: { everyMs: 3_600_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'orders.offer-expiry',
          scope: 'cluster',
          schedule: { everyMs: 60_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'orders.ship-reminder',
          scope: 'cluster',
          schedule: { everyMs: 60_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'exports.drain',
          scope: 'instance',
          schedule: { everyMs: 5_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'announcements.publish-due',
          scope: 'cluster',
          schedule: { everyMs: 30_000 },
          running: false,
          lastRun: null,
        },
        {
          name: 'marketing-calendar.remind-tomorrow',
          scope: 'cluster',
          schedule: { cron: '0 0 1 * * *' },
          running: false,
          lastRun: null,
        },
        {
          name: 'members.daily-reminders',
          scope: 'cluster',
          schedule: { cron: '0 30 0 * * *' },
          running: false,
          lastRun: null,
        },
        {
          name: 'inventory.loan-due-reminder',
          scope: 'cluster',
          schedule: { cron: '0 0 1-13 * * *' },
          running: false,
          lastRun: null,
        },
        {
          name: 'system.log-retention',
          scope: 'cluster',
          schedule: { cron: '0 40 3 * * *' },
          running: false,
          lastRun: null,
        },
        {
          name: 'system.backup',
          scope: 'cluster',
          schedule: { cron: '0 30 2 * * *' },
          running: false,
          lastRun: null,
        },
        {
          name: 'monitor.instance-heartbeat',
          scope: 'instance',
          schedule: { everyMs: 5_000 },
          running: false,
          lastRun: null,
        },
      ]);
      await t.close();
      await expect(t.app.jobs.runNow('exports.drain')).rejects.toThrow('stopped');
    },
    BUILDS_AN_APP_MS,
  );

  it(
    'adds the demo order, member and inventory traffic in demo mode with seeded demo data, one instance per interval',
    async () => {
      demo = await createTestApp({ demoMode: true, seedDemo: true, demoTrafficIntervalSeconds: 30 });
      expect(demo.app.jobs.list().find((job) => job.name === 'orders.demo-traffic')).toMatchObject({
        scope: 'cluster',
        schedule: { everyMs: 30_000 },
      });
      // No demo stores in this database: the tick finds none and does nothing, without failing.
      expect(await demo.app.jobs.runNow('orders.demo-traffic')).toMatchObject({ ok: true, error: null });
      // A member message every ten intervals; no demo members here either: nobody qualifies, nothing fails.
      expect(demo.app.jobs.list().find((job) => job.name === 'members.demo-traffic')).toMatchObject({
        scope: 'cluster',
        schedule: { everyMs: 300_000 },
      });
      expect(await demo.app.jobs.runNow('members.demo-traffic')).toMatchObject({ ok: true, error: null });
      // A demo document moves every four intervals; no demo stores here: nothing to move, nothing fails.
      expect(demo.app.jobs.list().find((job) => job.name === 'inventory.demo-traffic')).toMatchObject({
        scope: 'cluster',
        schedule: { everyMs: 120_000 },
      });
      expect(await demo.app.jobs.runNow('inventory.demo-traffic')).toMatchObject({ ok: true, error: null });
    },
    BUILDS_AN_APP_MS,
  );
});
