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
  /** What the job does, in Chinese: 定时任务 shows it. */
  description?: string;
  schedule: JobSchedule;
  scope: JobScope;
  run: (ctx: JobContext) => Promise<void>;
};

/** One finished run; the last one of each job is kept in memory, every one in `job_runs` through the state store. */
export type JobRun = { startedAt: Date; finishedAt: Date; ok: boolean; error: string | null };

export type JobStatus = {
  name: string;
  description: string;
  /** What the job runs on now: the code's schedule, or the administrator's cron. */
  schedule: JobSchedule;
  /** What the code registered. */
  defaultSchedule: JobSchedule;
  scope: JobScope;
  enabled: boolean;
  running: boolean;
  lastRun: JobRun | null;
  /** The next scheduled tick on this instance; null when paused or stopped. */
  nextRun: Date | null;
};

/** What an administrator set for a job (`scheduled_jobs`): a cron replacing the code's schedule, and pause. */
export type JobSetting = { cron: string | null; enabled: boolean };
export type JobTrigger = 'schedule' | 'manual';

/**
 * Where job state lives so every instance agrees (db/job-state.ts): the settings, and a row per run with a
 * heartbeat while it goes. Without one (unit tests), jobs run as registered and only the last run is kept.
 */
export type JobStateStore = {
  settings(): Promise<Map<string, JobSetting>>;
  setting(name: string): Promise<JobSetting | null>;
  begin(name: string, trigger: JobTrigger, startedAt: Date): Promise<number>;
  heartbeat(runIds: number[], at: Date): Promise<void>;
  finish(runId: number, run: JobRun): Promise<void>;
  /** A finished run recorded at once (a failed tick of an instance job). */
  record(name: string, trigger: JobTrigger, run: JobRun): Promise<void>;
  /** Marks failed the runs whose heartbeat is older than `before`: their instance died mid-run. */
  reapStale(before: Date, at: Date): Promise<number>;
};

/**
 * How often a running job's row is touched, and after how long without a touch its instance counts as dead: the
 * defaults of JOB_HEARTBEAT_MS and JOB_STALE_AFTER_MS (the two-instance test shortens both).
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;
export type JobTiming = { heartbeatMs: number; staleAfterMs: number };
/** How often an instance re-reads the settings (pause and cron changes made through another instance). */
export const SETTINGS_SYNC_MS = 15_000;

export type JobRunner = ReturnType<typeof createJobRunner>;

type Timer = { stop(): void; next(): Date | null };

type Job = {
  definition: JobDefinition;
  setting: JobSetting;
  timer: Timer | null;
  running: Promise<void> | null;
  lastRun: JobRun | null;
};

const DEFAULT_SETTING: JobSetting = { cron: null, enabled: true };

function scheduleOf(job: Job): JobSchedule {
  return job.setting.cron ? { cron: job.setting.cron } : job.definition.schedule;
}

/**
 * The one place the server's timers live (docs/ARCHITECTURE.md, platform/jobs). A job never overlaps itself on
 * an instance: a tick that finds the previous run still going is skipped. A failing run logs a warning; the next
 * tick runs as usual. Timers never keep the process alive, and `stop()` waits for the runs in progress.
 */
export function createJobRunner(deps: {
  lock: ClusterLock;
  log: Logger;
  clock: Clock;
  state?: JobStateStore;
  timing?: JobTiming;
  /** Told of every finished run (platform/metrics: runs by job and outcome, and their duration). */
  observe?: (job: string, ok: boolean, seconds: number) => void;
  /** True while scheduled ticks must not touch the database (maintenance: a restore holds every table). */
  paused?: () => boolean;
}) {
  const { lock, log, clock, state: store, observe } = deps;
  const { heartbeatMs, staleAfterMs } = deps.timing ?? {
    heartbeatMs: HEARTBEAT_MS,
    staleAfterMs: STALE_AFTER_MS,
  };
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

  /**
   * Runs the job once. With a state store, a cluster job's run and every manual run get a `job_runs` row with a
   * heartbeat; an instance job's scheduled ticks (every few seconds on every instance) leave a row only when
   * they fail.
   */
  async function execute(job: Job, trigger: JobTrigger): Promise<JobRun> {
    const { name, run, scope } = job.definition;
    const startedAt = clock();
    const tracked = store && (trigger === 'manual' || scope === 'cluster');
    const runId = tracked ? await store.begin(name, trigger, startedAt).catch(noteStoreFailure) : null;
    const beat =
      runId === null
        ? null
        : setInterval(() => {
            void store?.heartbeat([runId], clock()).catch(noteStoreFailure);
          }, heartbeatMs);
    beat?.unref();
    const began = performance.now();
    let error: string | null = null;
    try {
      await run({ name, startedAt });
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      log.warn({ err: failure, job: name }, 'job failed');
    } finally {
      if (beat) clearInterval(beat);
    }
    const lastRun = { startedAt, finishedAt: clock(), ok: error === null, error };
    job.lastRun = lastRun;
    observe?.(name, lastRun.ok, (performance.now() - began) / 1000);
    if (store && runId !== null) await store.finish(runId, lastRun).catch(noteStoreFailure);
    else if (store && !tracked && error !== null)
      await store.record(name, trigger, lastRun).catch(noteStoreFailure);
    return lastRun;
  }

  function noteStoreFailure(error: unknown): null {
    log.warn({ err: error }, 'job state not saved');
    return null;
  }

  /** The administrator's setting, read when the tick fires: a pause made on any instance holds at once. */
  async function currentSetting(job: Job): Promise<JobSetting> {
    if (!store) return job.setting;
    const setting = (await store.setting(job.definition.name).catch(noteStoreFailure)) ?? DEFAULT_SETTING;
    apply(job, setting);
    return setting;
  }

  function tick(job: Job): void {
    if (state !== 'started' || job.running || deps.paused?.()) return;
    const cron = job.setting.cron;
    void occupy(
      job,
      (async () => {
        if (job.definition.scope === 'cluster' && !(await lock.tryHold(job.definition.name))) return;
        if (state !== 'started') return;
        const setting = await currentSetting(job);
        // A cron changed elsewhere: this tick belonged to the old schedule.
        if (!setting.enabled || setting.cron !== cron) return;
        await execute(job, 'schedule');
      })(),
    );
  }

  function schedule(job: Job): void {
    job.timer?.stop();
    job.timer = job.setting.enabled ? startTimer(scheduleOf(job), () => tick(job)) : null;
  }

  /** Takes a setting over; the timer restarts only when what it runs on changed. */
  function apply(job: Job, setting: JobSetting): void {
    const changed = setting.cron !== job.setting.cron || setting.enabled !== job.setting.enabled;
    job.setting = setting;
    if (changed && state === 'started') schedule(job);
  }

  async function syncSettings(): Promise<void> {
    if (!store) return;
    const settings = await store.settings();
    for (const job of jobs.values()) apply(job, settings.get(job.definition.name) ?? DEFAULT_SETTING);
  }

  function registerOwn(): void {
    if (!store) return;
    // Housekeeping of the runner itself, on the runner so the page lists it like any job.
    jobs.set(
      'jobs.sync-settings',
      newJob({
        name: 'jobs.sync-settings',
        description: '定时任务：读取其他实例修改的暂停与定时表达式',
        schedule: { everyMs: SETTINGS_SYNC_MS },
        scope: 'instance',
        run: syncSettings,
      }),
    );
    jobs.set(
      'jobs.stale-runs',
      newJob({
        name: 'jobs.stale-runs',
        description: '定时任务：把实例中断时仍在运行的记录标为失败',
        schedule: { everyMs: staleAfterMs },
        scope: 'cluster',
        run: async () => {
          const now = clock();
          await store.reapStale(new Date(now.getTime() - staleAfterMs), now);
        },
      }),
    );
  }

  function newJob(definition: JobDefinition): Job {
    checkSchedule(definition.schedule);
    return { definition, setting: DEFAULT_SETTING, timer: null, running: null, lastRun: null };
  }

  registerOwn();

  return {
    /** A run whose heartbeat is older than this counts as cut off. */
    staleAfterMs,

    register(definition: JobDefinition): void {
      if (state === 'stopped') throw new Error('the job runner is stopped');
      if (jobs.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
      const job = newJob(definition);
      jobs.set(definition.name, job);
      if (state === 'started') schedule(job);
    },

    /** Reads the settings (a failure leaves the code's schedules), marks dead instances' runs, starts the timers. */
    start(): Promise<void> {
      if (state !== 'idle') return Promise.resolve();
      state = 'started';
      const scheduleAll = () => {
        if (state === 'started') for (const job of jobs.values()) schedule(job);
      };
      if (!store) {
        scheduleAll();
        return Promise.resolve();
      }
      return (async () => {
        await syncSettings().catch(noteStoreFailure);
        const now = clock();
        await store.reapStale(new Date(now.getTime() - staleAfterMs), now).catch(noteStoreFailure);
        scheduleAll();
      })();
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
     * Runs a job here and now, outside its schedule, paused or not, and without the cluster lock (a deliberate
     * extra run), and answers how it went. It still never overlaps itself: a run in progress is waited for first.
     */
    async runNow(name: string): Promise<JobRun> {
      const job = jobOf(name);
      while (job.running) await job.running;
      if (state === 'stopped') throw new Error('the job runner is stopped');
      return occupy(job, execute(job, 'manual'));
    },

    /** Takes over a setting just saved (the other instances read it on their next tick or sync). */
    apply(name: string, setting: JobSetting): void {
      apply(jobOf(name), setting);
    },

    has(name: string): boolean {
      return jobs.has(name);
    },

    list(): JobStatus[] {
      return [...jobs.values()].map((job) => ({
        name: job.definition.name,
        description: job.definition.description ?? '',
        schedule: scheduleOf(job),
        defaultSchedule: job.definition.schedule,
        scope: job.definition.scope,
        enabled: job.setting.enabled,
        running: job.running !== null,
        lastRun: job.lastRun,
        nextRun: job.timer?.next() ?? null,
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

function startTimer(schedule: JobSchedule, fire: () => void): Timer {
  if ('cron' in schedule) {
    const cron = new Cron(schedule.cron, { unref: true }, fire);
    return { stop: () => cron.stop(), next: () => cron.nextRun() };
  }
  const { everyMs } = schedule;
  if (everyMs % 1000 === 0) {
    // startAt keeps the first run one period after start, as a plain interval timer would.
    const cron = new Cron(
      '* * * * * *',
      { interval: everyMs / 1000, startAt: new Date(Date.now() + everyMs), unref: true },
      fire,
    );
    return { stop: () => cron.stop(), next: () => cron.nextRun() };
  }
  // croner resolves whole seconds only (its `interval` is read as whole seconds); the long-poll sweep may tick
  // every few hundred milliseconds.
  let due = Date.now() + everyMs;
  const timer = setInterval(() => {
    due = Date.now() + everyMs;
    fire();
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), next: () => new Date(due) };
}
