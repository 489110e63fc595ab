import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { openTestDatabase } from '../../test/test-database.js';
import { systemClock } from '../clock.js';
import { createClusterLock } from './cluster-lock.js';
import { createJobRunner, type JobRunner, type JobScope } from './job-runner.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

const TICK_MS = 40;
/** The instance that ran each run, in order; and how many ran at once at most. */
let runs: string[] = [];
let active = 0;
let maxActive = 0;
let handle: DatabaseHandle;
let runners: JobRunner[] = [];

/** One server instance's runner on the shared database (on PostgreSQL, with its own lock session). */
function instance(id: string, scope: JobScope = 'cluster', warn = vi.fn()) {
  const runner = createJobRunner({
    lock: createClusterLock(handle.db, handle.kind, { warn }),
    log: { warn },
    clock: systemClock,
  });
  runner.register({
    name: 'test.sweep',
    scope,
    schedule: { everyMs: TICK_MS },
    run: async () => {
      runs.push(id);
      active += 1;
      maxActive = Math.max(maxActive, active);
      // A real query, and long enough for the other instance's timer to fire while it runs.
      await handle.db.execute(sql`select pg_sleep(0.01)`);
      active -= 1;
    },
  });
  runners.push(runner);
  return runner;
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  runners = [];
  runs = [];
  active = 0;
  maxActive = 0;
});
afterAll(async () => {
  await handle?.close();
});

describe(`cluster jobs on one database (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs a cluster job on one instance per tick; the other takes over when that one stops', async () => {
    const a = instance('a');
    const b = instance('b');
    a.start();
    b.start();
    await sleep(20 * TICK_MS);
    // Each runner ticked about 20 times; had both run, there would be about 40 runs from two instances.
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(21);
    expect(new Set(runs).size).toBe(1);
    expect(maxActive).toBe(1);

    const leader = runs[0]!;
    const [stopping, staying] = leader === 'a' ? [a, 'b'] : [b, 'a'];
    await stopping.stop();
    const handedOver = runs.length;
    await until(() => runs.slice(handedOver).includes(staying));
    expect(runs.slice(handedOver).every((id) => id === staying)).toBe(true);
  });

  it('runs an instance job on every instance', async () => {
    instance('a', 'instance').start();
    instance('b', 'instance').start();
    await until(() => runs.includes('a') && runs.includes('b'));
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'hands the job over when the lock holder’s connection dies, and the old holder stops running it',
    async () => {
      const warnA = vi.fn();
      const warnB = vi.fn();
      const a = instance('a', 'cluster', warnA);
      const b = instance('b', 'cluster', warnB);
      a.start();
      await until(() => runs.length > 0);
      b.start();
      await sleep(5 * TICK_MS);
      expect(new Set(runs)).toEqual(new Set(['a']));

      // What a failover, a restart of the server's connection or an administrator's kill does to a session.
      const killed = await handle.db
        .select({ killed: sql<boolean>`pg_terminate_backend(pid)` })
        .from(sql`pg_locks`)
        .where(
          sql`locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
        );
      expect(killed).toEqual([{ killed: true }]);
      await until(() => warnA.mock.calls.length > 0);
      // After the kill, whichever instance takes the lock first keeps it.
      await sleep(5 * TICK_MS);
      const settled = runs.length;
      await sleep(10 * TICK_MS);
      const after = runs.slice(settled);
      expect(after.length).toBeGreaterThan(0);
      expect(new Set(after).size).toBe(1);
      expect(warnB).not.toHaveBeenCalled();
    },
  );
});
