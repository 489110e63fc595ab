import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.js';
import type { ClusterLock } from './cluster-lock.js';
import { createJobRunner, type JobDefinition, type JobRunner } from './job-runner.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const alwaysHeld: ClusterLock = { tryHold: async () => true, releaseAll: async () => undefined };

let runners: JobRunner[] = [];
function runnerWith(
  options: {
    lock?: ClusterLock;
    warn?: (details: object, message: string) => void;
    paused?: () => boolean;
  } = {},
) {
  const runner = createJobRunner({
    lock: options.lock ?? alwaysHeld,
    log: { warn: options.warn ?? (() => undefined) },
    clock: systemClock,
    paused: options.paused,
  });
  runners.push(runner);
  return runner;
}

const job = (overrides: Partial<JobDefinition> = {}): JobDefinition => ({
  name: 'test.job',
  scope: 'instance',
  schedule: { everyMs: 20 },
  run: async () => undefined,
  ...overrides,
});

afterEach(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  runners = [];
});

describe('job runner', () => {
  it('fires an everyMs job on its schedule once started, not before', async () => {
    let runs = 0;
    const runner = runnerWith();
    runner.register(job({ run: async () => void (runs += 1) }));
    await sleep(60);
    expect(runs).toBe(0);
    runner.start();
    await until(() => runs >= 3);
  });

  it('skips scheduled ticks while paused (maintenance) and fires again after', async () => {
    let runs = 0;
    let paused = true;
    const runner = runnerWith({ paused: () => paused });
    runner.register(job({ run: async () => void (runs += 1) }));
    runner.start();
    await sleep(120);
    expect(runs).toBe(0);
    paused = false;
    await until(() => runs >= 2);
  });

  it('fires whole-second schedules through croner: a cron pattern, and everyMs one period after start', async () => {
    const started = Date.now();
    const firstRun: Record<string, number> = {};
    const runner = runnerWith();
    const record = (name: string) => async () => void (firstRun[name] ??= Date.now() - started);
    runner.register(job({ name: 'every-second', schedule: { cron: '* * * * * *' }, run: record('cron') }));
    runner.register(job({ name: 'every-1000-ms', schedule: { everyMs: 1_000 }, run: record('every') }));
    runner.start();
    await until(() => firstRun.cron !== undefined && firstRun.every !== undefined, 3_000);
    expect(firstRun.cron).toBeLessThanOrEqual(1_100);
    expect(firstRun.every).toBeGreaterThanOrEqual(1_000);
    expect(firstRun.every).toBeLessThanOrEqual(2_100);
  });

  it('never overlaps a job with itself: ticks during a run are skipped', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const release = gate();
    const runner = runnerWith();
    runner.register(
      job({
        schedule: { everyMs: 10 },
        run: async () => {
          active += 1;
          runs += 1;
          maxActive = Math.max(maxActive, active);
          await release.opened;
          active -= 1;
        },
      }),
    );
    runner.start();
    await until(() => runs === 1);
    // Some twenty ticks pass while the first run is held.
    await sleep(200);
    expect(runs).toBe(1);
    expect(runner.list()[0]).toMatchObject({ running: true, lastRun: null });
    release.open();
    await until(() => runs >= 2);
    expect(maxActive).toBe(1);
  });

  it('logs a failing run as a warning, keeps it as the last run, and runs the next tick', async () => {
    const warn = vi.fn();
    let runs = 0;
    const runner = runnerWith({ warn });
    runner.register(
      job({
        name: 'test.flaky',
        run: async () => {
          runs += 1;
          if (runs === 1) throw new Error('database away');
        },
      }),
    );
    runner.start();
    await until(() => runs === 1 && runner.list()[0]!.lastRun !== null);
    expect(runner.list()[0]!.lastRun).toMatchObject({ ok: false, error: 'database away' });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'test.flaky', err: expect.any(Error) }),
      'job failed',
    );
    await until(() => runs >= 2 && runner.list()[0]!.lastRun?.ok === true);
    const { lastRun } = runner.list()[0]!;
    expect(lastRun).toMatchObject({ ok: true, error: null });
    expect(lastRun!.finishedAt.getTime()).toBeGreaterThanOrEqual(lastRun!.startedAt.getTime());
  });

  it('stop() waits for the run in progress, and nothing runs after it', async () => {
    let runs = 0;
    let finished = false;
    const release = gate();
    const runner = runnerWith();
    runner.register(
      job({
        run: async () => {
          runs += 1;
          await release.opened;
          finished = true;
        },
      }),
    );
    runner.start();
    await until(() => runs === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(finished).toBe(true);
    await sleep(100);
    expect(runs).toBe(1);
    await expect(runner.runNow('test.job')).rejects.toThrow('stopped');
  });

  it('runNow runs a job at once (started or not), answers how it went and waits for a run in progress', async () => {
    const order: string[] = [];
    const release = gate();
    let calls = 0;
    const runner = runnerWith();
    runner.register(
      job({
        schedule: { everyMs: 3_600_000 },
        run: async () => {
          calls += 1;
          const call = calls;
          order.push(`start ${call}`);
          if (call === 1) await release.opened;
          order.push(`end ${call}`);
          if (call === 3) throw new Error('third time');
        },
      }),
    );
    const first = runner.runNow('test.job');
    const second = runner.runNow('test.job');
    await sleep(30);
    expect(order).toEqual(['start 1']);
    expect(runner.list()[0]!.running).toBe(true);
    release.open();
    expect(await first).toMatchObject({ ok: true, error: null });
    expect(await second).toMatchObject({ ok: true });
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(await runner.runNow('test.job')).toMatchObject({ ok: false, error: 'third time' });
    await expect(runner.runNow('test.nothing')).rejects.toThrow('no job named test.nothing');
  });

  it('runs a cluster job only while this instance holds its lock; runNow needs no lock', async () => {
    let holding = false;
    const asked: string[] = [];
    const lock: ClusterLock = {
      tryHold: async (name) => {
        asked.push(name);
        return holding;
      },
      releaseAll: async () => undefined,
    };
    let runs = 0;
    const runner = runnerWith({ lock });
    runner.register(job({ name: 'test.cluster', scope: 'cluster', run: async () => void (runs += 1) }));
    runner.start();
    await until(() => asked.length >= 3);
    expect(runs).toBe(0);
    expect(new Set(asked)).toEqual(new Set(['test.cluster']));
    holding = true;
    await until(() => runs >= 2);
    holding = false;
    const before = asked.length;
    await until(() => asked.length > before);
    const runsWithoutLock = runs;
    await sleep(80);
    expect(runs).toBe(runsWithoutLock);
    expect(await runner.runNow('test.cluster')).toMatchObject({ ok: true });
    expect(runs).toBe(runsWithoutLock + 1);
  });

  it('gives up its cluster locks on stop', async () => {
    const releaseAll = vi.fn(async () => undefined);
    const runner = runnerWith({ lock: { tryHold: async () => true, releaseAll } });
    runner.register(job({ scope: 'cluster' }));
    runner.start();
    await runner.stop();
    expect(releaseAll).toHaveBeenCalledOnce();
  });

  it('keeps no timer that holds the process open', () => {
    const timers = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout').length;
    const before = timers();
    const runner = runnerWith();
    runner.register(job({ name: 'fast', schedule: { everyMs: 250 } }));
    runner.register(job({ name: 'slow', schedule: { everyMs: 60_000 } }));
    runner.register(job({ name: 'cron', schedule: { cron: '0 */5 * * * *' } }));
    runner.start();
    expect(timers()).toBe(before);
  });

  it('refuses a second job of the same name and a schedule it cannot keep', () => {
    const runner = runnerWith();
    runner.register(job());
    expect(() => runner.register(job())).toThrow('registered twice');
    expect(() => runner.register(job({ name: 'zero', schedule: { everyMs: 0 } }))).toThrow('everyMs');
    expect(() => runner.register(job({ name: 'half', schedule: { everyMs: 0.5 } }))).toThrow('everyMs');
    expect(() => runner.register(job({ name: 'bad', schedule: { cron: 'every minute' } }))).toThrow();
    expect(runner.list().map((j) => j.name)).toEqual(['test.job']);
  });

  it('tells the observer of every finished run, with its outcome and duration', async () => {
    const seen: { job: string; ok: boolean; seconds: number }[] = [];
    const runner = createJobRunner({
      lock: alwaysHeld,
      log: { warn: () => undefined },
      clock: systemClock,
      observe: (name, ok, seconds) => seen.push({ job: name, ok, seconds }),
    });
    runners.push(runner);
    runner.register(job({ name: 'slow', run: async () => void (await sleep(30)) }));
    runner.register(job({ name: 'broken', run: () => Promise.reject(new Error('no')) }));
    await runner.runNow('slow');
    await runner.runNow('broken');
    expect(seen.map(({ job, ok }) => [job, ok])).toEqual([
      ['slow', true],
      ['broken', false],
    ]);
    expect(seen[0]!.seconds).toBeGreaterThanOrEqual(0.025);
    expect(seen[0]!.seconds).toBeLessThan(5);
  });
});
