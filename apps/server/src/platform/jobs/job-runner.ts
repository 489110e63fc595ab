import { Cron } from 'croner';
import type { Clock } from '../clock.js';
import type { ClusterLock } from './cluster-lock.js';

type Logger = { warn(details: object, message: string): void };

/** Every `everyMs` milliseconds (the first run one period after start), or on a croner pattern (seconds first). */
export type JobSchedule = { everyMs: number } | { cron: string };

/** `cluster`: one instance runs each tick (the holder of the job's lock); `instance`: every instance runs it. */
export type JobScope = 'cluster' | 'instance';

export type JobContext = { name: string; startedAt: Date };

export type JobDefinition = {
  /** Unique, stable across instances and releases: the cluster lock key is derived from it. */
  name: string;
  schedule: JobSchedule;
  scope: JobScope;
  run: (ctx: JobContext) => Promise<void>;
};

/** One finished run, kept in memory (the later scheduled-jobs page builds on it). */
export type JobRun = { startedAt: Date; finishedAt: Date; ok: boolean; error: string | null };

export type JobStatus = {
  name: string;
  schedule: JobSchedule;
  scope: JobScope;
  running: boolean;
  lastRun: JobRun | null;
};

export type JobRunner = ReturnType<typeof createJobRunner>;

type Job = {
  definition: JobDefinition;
  timer: { stop(): void } | null;
  running: Promise<void> | null;
  lastRun: JobRun | null;
};

/**
 * The one place the server's timers live (docs/ARCHITECTURE.md, platform/jobs). A job never overlaps itself on
 * an instance: a tick that finds the previous run still going is skipped. A failing run logs a warning; the next
 * tick runs as usual. Timers never keep the process alive, and `stop()` waits for the runs in progress.
 */
export function createJobRunner(deps: { lock: ClusterLock; log: Logger; clock: Clock }) {
  const { lock, log, clock } = deps;
  const jobs = new Map<string, Job>();
  let state: 'idle' | 'started' | 'stopped' = 'idle';

  function jobOf(name: string): Job {
    const job = jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  }

  /** Marks the job as running on this instance until `work` settles. */
  function occupy<T>(job: Job, work: Promise<T>): Promise<T> {
    const running: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, job: job.definition.name }, 'job tick failed'),
      )
      .finally(() => {
        if (job.running === running) job.running = null;
      });
    job.running = running;
    return work;
  }

  async function execute(job: Job): Promise<JobRun> {
    const { name, run } = job.definition;
    const startedAt = clock();
    let error: string | null = null;
    try {
      await run({ name, startedAt });
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      log.warn({ err: failure, job: name }, 'job failed');
    }
    const lastRun = { startedAt, finishedAt: clock(), ok: error === null, error };
    job.lastRun = lastRun;
    return lastRun;
  }

  function tick(job: Job): void {
    if (state !== 'started' || job.running) return;
    void occupy(
      job,
      (async () => {
        if (job.definition.scope === 'cluster' && !(await lock.tryHold(job.definition.name))) return;
        if (state !== 'started') return;
        await execute(job);
      })(),
    );
  }

  function schedule(job: Job): void {
    job.timer = startTimer(job.definition.schedule, () => tick(job));
  }

  return {
    register(definition: JobDefinition): void {
      if (state === 'stopped') throw new Error('the job runner is stopped');
      if (jobs.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
      checkSchedule(definition.schedule);
      const job: Job = { definition, timer: null, running: null, lastRun: null };
      jobs.set(definition.name, job);
      if (state === 'started') schedule(job);
    },

    start(): void {
      if (state !== 'idle') return;
      state = 'started';
      for (const job of jobs.values()) schedule(job);
    },

    /** Stops every timer, waits for the runs in progress, then gives up this instance's cluster locks. */
    async stop(): Promise<void> {
      if (state === 'stopped') return;
      state = 'stopped';
      for (const job of jobs.values()) job.timer?.stop();
      await Promise.all([...jobs.values()].map((job) => job.running));
      await lock.releaseAll();
    },

    /**
     * Runs a job here and now, outside its schedule and without the cluster lock (a deliberate extra run), and
     * answers how it went. It still never overlaps itself: a run in progress is waited for first.
     */
    async runNow(name: string): Promise<JobRun> {
      const job = jobOf(name);
      while (job.running) await job.running;
      if (state === 'stopped') throw new Error('the job runner is stopped');
      return occupy(job, execute(job));
    },

    list(): JobStatus[] {
      return [...jobs.values()].map(({ definition, running, lastRun }) => ({
        name: definition.name,
        schedule: definition.schedule,
        scope: definition.scope,
        running: running !== null,
        lastRun,
      }));
    },
  };
}

function checkSchedule(schedule: JobSchedule): void {
  if ('cron' in schedule) {
    // Parses the pattern (throws on a bad one) without scheduling anything: no function, no timer.
    new Cron(schedule.cron).stop();
    return;
  }
  if (!Number.isInteger(schedule.everyMs) || schedule.everyMs <= 0)
    throw new Error(`everyMs must be a positive whole number of milliseconds, not ${schedule.everyMs}`);
}

function startTimer(schedule: JobSchedule, fire: () => void): { stop(): void } {
  if ('cron' in schedule) {
    const cron = new Cron(schedule.cron, { unref: true }, fire);
    return { stop: () => cron.stop() };
  }
  const { everyMs } = schedule;
  if (everyMs % 1000 === 0) {
    // startAt keeps the first run one period after start, as a plain interval timer would.
    const cron = new Cron(
      '* * * * * *',
      { interval: everyMs / 1000, startAt: new Date(Date.now() + everyMs), unref: true },
      fire,
    );
    return { stop: () => cron.stop() };
  }
  // croner resolves whole seconds only (its `interval` is read as whole seconds); the long-poll sweep may tick
  // every few hundred milliseconds.
  const timer = setInterval(fire, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
