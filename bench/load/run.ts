/**
 * Load benchmark (issue 13 point 4): a mixed store day (bench/load/workload.ts) against 1 and then 3 instances
 * of our server on PostgreSQL + Redis behind the deployment's nginx (deploy/nginx/console.conf.template, through
 * the test helpers that bench:faults and the rolling-restart test use). Prints requests per second, p50/p95/p99
 * per route, answers by status, CPU per part, the load average, and the scaling factor 1 → 3 instances.
 *
 *   npm run bench:load                      (database load_bench on the local PostgreSQL, kept between runs)
 *   npm run bench:load -- --instances 1,3 --seconds 60 --warmup 20 --think-ms 1000 --push-rate 2
 *
 * Needs Debian's nginx and redis-server (a private one is started). Set TEST_PORT_RANGE to keep the ports in
 * a range of your own.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startNginx } from '../../apps/server/src/test/nginx-process.js';
import {
  startPrivateRedis,
  startServerProcess,
  type ServerProcess,
} from '../../apps/server/src/test/server-process.js';
import { cpuTicks } from '../longpoll/proc-stats.mjs';
import { closeConnections } from './http.js';
import { ensureLoadDatabase } from './seed.js';
import { StoreDay, type Stats } from './workload.js';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/load_bench' },
    instances: { type: 'string', default: '1,3' },
    consoles: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '20' },
    ramp: { type: 'string', default: '15' },
    'think-ms': { type: 'string', default: '1000' },
    'push-rate': { type: 'string', default: '2' },
    'sign-in-share': { type: 'string', default: '0.005' },
    'grab-interest': { type: 'string', default: '0.25' },
  },
});
const DATABASE_URL = args['database-url'];
const ADMIN_URL = Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString();
const MEASURE_MS = Number(args.seconds) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
const RAMP_MS = Number(args.ramp) * 1000;
const SERVICE_TOKEN = randomBytes(24).toString('hex');
/** The server's default hold: the consoles poll as in production. */
const HOLD_MS = 55_000;
const CLOCK_TICK_MS = 10;
const POLL_ROUTE = 'message poll';
/** Answers that are the workload's own outcome, not a failure: a grab another store won. */
const EXPECTED = new Set(['grab 409']);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

async function postgresBackends(): Promise<number[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const name = new URL(DATABASE_URL).pathname.slice(1);
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const ticksOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuTicks(pid);
    } catch {
      return sum; // gone
    }
  }, 0);

type Run = {
  instances: number;
  seconds: number;
  stats: Stats;
  load: { start: number[]; end: number[] };
  /** CPU cores used on average during the measurement, per part. */
  cores: { instances: number; postgres: number; generator: number; machine: number };
};

async function runConfiguration(
  count: number,
  clerks: Awaited<ReturnType<typeof ensureLoadDatabase>>,
  redisUrl: string,
): Promise<Run> {
  const env = {
    DATABASE_URL,
    REDIS_URL: redisUrl,
    SERVICE_TOKEN,
    LONGPOLL_HOLD_MS: String(HOLD_MS),
    TRUST_PROXY: '127.0.0.1',
    // The captcha answer helper (/dev/captcha) lets the consoles sign in; the database is on this machine.
    DEMO_MODE: 'true',
    DEMO_TRAFFIC_INTERVAL: '0',
  };
  // One after the other: a start compiles the server (tsx), which on a busy machine takes a while.
  const instances: ServerProcess[] = [];
  for (let i = 0; i < count; i += 1)
    instances.push(await startServerProcess({ name: `load-${i + 1}`, env, readyTimeoutMs: 300_000 }));
  const nginx = await startNginx({ upstreams: instances.map((i) => `127.0.0.1:${i.port}`), holdMs: HOLD_MS });
  const consoles = clerks.flatMap((s) => s.clerks).slice(0, Number(args.consoles));
  // Orders go to the stores that have a console open (all of them in the full run).
  const stores = [...new Set(consoles.map((c) => c.storeCode))];
  const day = new StoreDay({
    baseUrl: new URL(nginx.baseUrl),
    serviceToken: SERVICE_TOKEN,
    thinkMs: Number(args['think-ms']),
    signInShare: Number(args['sign-in-share']),
    grabInterest: Number(args['grab-interest']),
    pushesPerSecond: Number(args['push-rate']),
    stores,
  });
  console.log(`${count} instance(s): signing in ${consoles.length} consoles over ${RAMP_MS / 1000} s…`);
  const signedIn = await day.start(consoles, RAMP_MS);
  console.log(`${signedIn} of ${consoles.length} consoles signed in; warming up ${WARMUP_MS / 1000} s…`);
  // What went wrong while the consoles signed in (not part of the measurement).
  if (signedIn < consoles.length) console.log('  errors while signing in:', JSON.stringify(errorsOf(day)));
  await delay(WARMUP_MS);
  day.resetStats();
  const pgPids = await postgresBackends();
  const before = {
    load: loadavg(),
    machine: machineTicks(),
    instances: ticksOf(instances.map((i) => i.pid)),
    postgres: ticksOf(pgPids),
    generator: process.cpuUsage(),
    at: Date.now(),
  };
  await delay(MEASURE_MS);
  const stats = day.stats;
  const seconds = (Date.now() - before.at) / 1000;
  const machine = machineTicks();
  const cores = {
    instances: ((ticksOf(instances.map((i) => i.pid)) - before.instances) * CLOCK_TICK_MS) / 1000 / seconds,
    postgres: ((ticksOf(pgPids) - before.postgres) * CLOCK_TICK_MS) / 1000 / seconds,
    generator: (() => {
      const used = process.cpuUsage(before.generator);
      return (used.user + used.system) / 1e6 / seconds;
    })(),
    machine:
      ((machine.busy - before.machine.busy) / (machine.total - before.machine.total)) *
      (readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm)?.length ?? 1),
  };
  const load = { start: before.load, end: loadavg() };
  day.freezeStats();
  await day.stop();
  closeConnections();
  await nginx.stop();
  await Promise.all(instances.map((i) => i.stop(15_000)));
  return { instances: count, seconds, stats, load, cores };
}

function routeRows(run: Run) {
  return [...run.stats.routes.entries()]
    .filter(([route]) => route !== POLL_ROUTE)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, entry]) => {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      const statuses = [...entry.statuses.entries()].sort(([a], [b]) => a - b);
      return {
        route,
        count: sorted.length,
        perSecond: sorted.length / run.seconds,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        statuses:
          statuses.map(([s, n]) => `${s}×${n}`).join(' ') + (entry.broken ? ` broken×${entry.broken}` : ''),
      };
    });
}

function errorsOf(run: Pick<Run, 'stats'>) {
  const errors: Record<string, number> = {};
  for (const [route, entry] of run.stats.routes) {
    for (const [status, n] of entry.statuses)
      if (status >= 400)
        errors[`${route} ${status}${EXPECTED.has(`${route} ${status}`) ? ' (expected)' : ''}`] = n;
    if (entry.broken) errors[`${route} connection failed`] = entry.broken;
  }
  return errors;
}

const requestsOf = (run: Run) =>
  [...run.stats.routes.entries()]
    .filter(([route]) => route !== POLL_ROUTE)
    .reduce((sum, [, entry]) => sum + entry.ms.length, 0);

function print(run: Run) {
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `\n== ${run.instances} instance(s), ${fmt(run.seconds)} s measured: ${fmt(requestsOf(run) / run.seconds)} requests/s ` +
      `(message polls apart: ${run.stats.pollsAnswered} answered, ${run.stats.messagesShown} messages shown)`,
  );
  console.table(
    routeRows(run).map((r) => ({
      route: r.route,
      count: r.count,
      'per s': fmt(r.perSecond),
      'p50 ms': fmt(r.p50),
      'p95 ms': fmt(r.p95),
      'p99 ms': fmt(r.p99),
      statuses: r.statuses,
    })),
  );
  const delivery = [...run.stats.deliveryMs].sort((a, b) => a - b);
  console.log(
    `grabs won ${run.stats.grabsWon}, lost to another store ${run.stats.grabsLost}, shipped ${run.stats.shipped}; ` +
      `push → offer message on a console p50 ${percentile(delivery, 0.5)} ms, p95 ${percentile(delivery, 0.95)} ms`,
  );
  const poll = run.stats.routes.get(POLL_ROUTE);
  console.log(
    `message polls: ${poll ? [...poll.statuses].map(([s, n]) => `${s}×${n}`).join(' ') : 'none'}${poll?.broken ? `, broken ${poll.broken}` : ''}`,
  );
  console.log('errors by status:', JSON.stringify(errorsOf(run)));
  for (const [key, body] of run.stats.samples) console.log(`  first ${key}: ${body}`);
  console.log(
    `CPU cores used: instances ${fmt(run.cores.instances)}, PostgreSQL ${fmt(run.cores.postgres)}, ` +
      `load generator ${fmt(run.cores.generator)}, whole machine ${fmt(run.cores.machine)}; ` +
      `load average ${run.load.start.map(fmt).join(' ')} → ${run.load.end.map(fmt).join(' ')}`,
  );
}

async function main() {
  const counts = args.instances.split(',').map(Number);
  console.log(
    `consoles ${args.consoles}, think ${args['think-ms']} ms, ${args['push-rate']} pushes/s, ` +
      `sign-in share ${args['sign-in-share']}, grab interest ${args['grab-interest']}, ` +
      `ramp ${args.ramp} s, warm-up ${args.warmup} s, measured ${args.seconds} s, hold ${HOLD_MS / 1000} s`,
  );
  const stores = await ensureLoadDatabase(ADMIN_URL, DATABASE_URL);
  const redis = await startPrivateRedis();
  const runs: Run[] = [];
  try {
    for (const count of counts) {
      // Every configuration starts with empty rate-limit counters and no wake-up state.
      const admin = new Redis(redis.url);
      await admin.flushall();
      admin.disconnect();
      const run = await runConfiguration(count, stores, redis.url);
      print(run);
      runs.push(run);
    }
  } finally {
    await redis.stop();
  }
  if (runs.length > 1) {
    const base = runs[0]!;
    console.log('\n== scaling');
    for (const run of runs.slice(1)) {
      const factor = requestsOf(run) / run.seconds / (requestsOf(base) / base.seconds);
      console.log(`${base.instances} → ${run.instances} instances: requests/s × ${factor.toFixed(2)}`);
      const p95 = (r: Run) => Object.fromEntries(routeRows(r).map((row) => [row.route, row.p95]));
      const [a, b] = [p95(base), p95(run)];
      console.log(
        'p95 per route, ms:',
        Object.keys(a)
          .map((route) => `${route} ${a[route]!.toFixed(0)} → ${(b[route] ?? 0).toFixed(0)}`)
          .join('; '),
      );
    }
  }
  console.log(
    JSON.stringify(
      runs.map((r) => ({
        instances: r.instances,
        seconds: r.seconds,
        requestsPerSecond: requestsOf(r) / r.seconds,
        routes: routeRows(r),
        errors: errorsOf(r),
        grabs: { won: r.stats.grabsWon, lost: r.stats.grabsLost, shipped: r.stats.shipped },
        polls: r.stats.pollsAnswered,
        cores: r.cores,
        load: r.load,
      })),
    ),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
