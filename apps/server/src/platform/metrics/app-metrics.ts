import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { createRequestSeries, type RequestSeries } from './request-series.js';

/** Every metric of the application starts with it (the process defaults too). */
export const METRIC_PREFIX = 'console_';

/** How a held long poll ended: with messages, empty at the end of its hold (or at shutdown), refused (its
 * sign-in ended), failed (its check threw), or closed by the client before an answer. */
export type PollOutcome = 'messages' | 'empty' | 'refused' | 'error' | 'closed';

/** publish: this instance's own commit answered its held polls from the rows; bus: a wake-up; sweeper: the re-check. */
export type WakeVia = 'publish' | 'bus' | 'sweeper';

/** The PostgreSQL pool's counts (pg.Pool); null on PGlite, which has one embedded connection and no pool. */
export type DbPoolStats = { max: number; total: number; idle: number; waiting: number };

/** The export queue: jobs waiting and jobs being written (the partial index `export_jobs_pending_idx`). */
export type ExportQueueDepth = { queued: number; running: number };

/** Records one answered request of a route: method, status code, and `reply.elapsedTime` in milliseconds. */
export type RequestRecorder = (method: string, statusCode: number, elapsedMs: number) => void;

/**
 * What the rest of the server reports to. Modules depend on this small interface, never on prom-client; with
 * metrics off (no METRICS_TOKEN, no METRICS_PORT) every method is a no-op and no registry exists.
 */
export type AppMetrics = {
  /** This app's own registry (several apps in one test process never share one); null when off. */
  readonly registry: Registry | null;
  /** The recorder of a route pattern (`/api/x/:id`); each call site keeps it, so a request looks nothing up
   * by route. Null when off. */
  requests(route: string): RequestRecorder | null;
  /** Held long polls, read on each scrape. */
  heldPolls(read: () => number): void;
  /**
   * A wake-up of `keys` inboxes reached this instance's polls and re-checked `woken` held ones: through the wake
   * bus (own publishes, other instances through Redis) or from the pending sweeper (a lost wake-up's net).
   */
  wakeups(via: WakeVia, keys: number, woken: number): void;
  pollSettled(outcome: PollOutcome): void;
  /** Message rows written by the producer (one per receiver), by the producing module. */
  messagesCreated(source: string, count: number): void;
  jobRun(job: string, ok: boolean, seconds: number): void;
  /** The export queue's depth, read on each scrape (one small query); a failed read leaves the series out. */
  exportQueue(read: () => Promise<ExportQueueDepth>): void;
  dbPool(read: () => DbPoolStats | null): void;
};

const noop = () => undefined;

export const NO_METRICS: AppMetrics = {
  registry: null,
  requests: () => null,
  heldPolls: noop,
  wakeups: noop,
  pollSettled: noop,
  messagesCreated: noop,
  jobRun: noop,
  exportQueue: noop,
  dbPool: noop,
};

/** Request durations: API calls in milliseconds to seconds, and the long poll held up to a minute. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800];

/** The method label: the methods routes are declared with; anything else (a 404's WebDAV verb) is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

export function statusClassOf(statusCode: number): (typeof STATUS_CLASSES)[number] {
  const digit = Math.floor(statusCode / 100);
  return digit >= 1 && digit <= 5 ? STATUS_CLASSES[digit]! : 'other';
}

export type MetricsOptions = {
  /** Node's process metrics (CPU, memory, event loop, GC, handles): on in the server, off in unit tests. */
  defaultMetrics?: boolean;
  /** The database kind, for `console_db_info`. */
  dbKind: string;
};

/** One registry and the application's metrics (docs/deploy.md "Metrics" lists them). */
export function createAppMetrics(options: MetricsOptions): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const p = METRIC_PREFIX;
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: p });

  const requestSeries = createRequestSeries({
    registry,
    counterName: `${p}http_requests_total`,
    counterHelp: 'HTTP requests answered, by route pattern (unmatched = no route), method and status class',
    histogramName: `${p}http_request_duration_seconds`,
    histogramHelp: 'Time from receiving a request to its answer, by route pattern, method and status class',
    bounds: HTTP_BUCKETS,
  });

  /**
   * The recorder of a route: its series are made on first use of each method and status class and kept, so a
   * request costs a Map lookup by method, an array index and a few additions; no label object, no hashing.
   */
  function requests(route: string): RequestRecorder {
    const byMethod = new Map<string, (RequestSeries | undefined)[]>();
    return (method, statusCode, elapsedMs) => {
      // Node's parser knows a few dozen methods: the map stays small whatever clients send.
      let classes = byMethod.get(method);
      if (!classes) {
        classes = [];
        byMethod.set(method, classes);
      }
      const digit = Math.floor(statusCode / 100);
      const index = digit >= 1 && digit <= 5 ? digit : 0;
      let series = classes[index];
      if (!series) {
        series = requestSeries.series(route, METHODS.has(method) ? method : 'OTHER', STATUS_CLASSES[index]!);
        classes[index] = series;
      }
      requestSeries.observe(series, elapsedMs / 1000);
    };
  }

  let readHeld: () => number = () => 0;
  new Gauge({
    name: `${p}im_polls_held`,
    help: 'Long polls this instance holds now',
    registers,
    collect() {
      this.set(readHeld());
    },
  });
  const wakeKeys = new Counter({
    name: `${p}im_wakeup_keys_total`,
    help: 'Inbox keys of wake-ups that reached this instance, by way (bus: own publishes and Redis; sweeper)',
    labelNames: ['via'],
    registers,
  });
  const wokenPolls = new Counter({
    name: `${p}im_wakeups_delivered_total`,
    help: 'Held polls a wake-up answered, by way (publish: from the rows just committed here; bus, sweeper: re-checked against the database)',
    labelNames: ['via'],
    registers,
  });
  const pollsSettled = new Counter({
    name: `${p}im_polls_answered_total`,
    help: 'Held long polls ended, by outcome (messages, empty, refused, error, closed by the client)',
    labelNames: ['outcome'],
    registers,
  });
  const settledByOutcome = new Map<PollOutcome, Counter.Internal>();
  const messages = new Counter({
    name: `${p}im_messages_published_total`,
    help: 'Messages written by the producer (one per receiver), by the producing module',
    labelNames: ['source'],
    registers,
  });

  const jobRuns = new Counter({
    name: `${p}job_runs_total`,
    help: 'Scheduled and manual job runs on this instance, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const jobSeconds = new Histogram({
    name: `${p}job_run_duration_seconds`,
    help: 'Duration of job runs on this instance, by job',
    labelNames: ['job'],
    buckets: JOB_BUCKETS,
    registers,
  });

  let readExports: (() => Promise<ExportQueueDepth>) | null = null;
  new Gauge({
    name: `${p}export_jobs`,
    help: 'Export jobs in the queue (all instances), by status: queued, running',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      if (!readExports) return;
      // A database that is away must not fail the whole scrape: the series is left out this time.
      const depth = await readExports().catch(() => null);
      if (!depth) return;
      this.labels('queued').set(depth.queued);
      this.labels('running').set(depth.running);
    },
  });

  let readPool: () => DbPoolStats | null = () => null;
  new Gauge({
    name: `${p}db_pool_connections`,
    help: 'PostgreSQL pool connections by state (in_use, idle); absent on PGlite',
    labelNames: ['state'],
    registers,
    collect() {
      this.reset();
      const stats = readPool();
      if (!stats) return;
      this.labels('in_use').set(stats.total - stats.idle);
      this.labels('idle').set(stats.idle);
    },
  });
  new Gauge({
    name: `${p}db_pool_waiting`,
    help: 'Queries waiting for a PostgreSQL pool connection; absent on PGlite',
    registers,
    collect() {
      this.reset();
      const stats = readPool();
      if (stats) this.set(stats.waiting);
    },
  });
  new Gauge({
    name: `${p}db_pool_max`,
    help: 'Connections the pool may open (PGlite: its one embedded connection)',
    registers,
    collect() {
      this.set(readPool()?.max ?? 1);
    },
  });
  new Gauge({
    name: `${p}db_info`,
    help: 'The database this instance runs on (kind: postgres, pglite)',
    labelNames: ['kind'],
    registers,
  }).set({ kind: options.dbKind }, 1);

  return {
    registry,
    requests,
    heldPolls(read) {
      readHeld = read;
    },
    wakeups(via, keys, woken) {
      wakeKeys.labels(via).inc(keys);
      if (woken > 0) wokenPolls.labels(via).inc(woken);
    },
    pollSettled(outcome) {
      let counter = settledByOutcome.get(outcome);
      if (!counter) {
        counter = pollsSettled.labels(outcome);
        settledByOutcome.set(outcome, counter);
      }
      counter.inc();
    },
    messagesCreated(source, count) {
      if (count > 0) messages.labels(source).inc(count);
    },
    jobRun(job, ok, seconds) {
      jobRuns.labels(job, ok ? 'ok' : 'failed').inc();
      jobSeconds.labels(job).observe(seconds);
    },
    exportQueue(read) {
      readExports = read;
    },
    dbPool(read) {
      readPool = read;
    },
  };
}
