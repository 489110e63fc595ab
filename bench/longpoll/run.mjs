// Long-poll benchmark of the message center (issue 4 point 11). Not a test: `npm run bench:longpoll`.
//
// Holds as many concurrent polls on one server instance as the descriptor limit allows, spread over several
// client processes, and measures memory per held poll against a bare node:http long-poll server in the same
// run, publish → delivery latency while everything is held, and the time to wake every held poll at once.
//
// Options: --polls N (default: what `ulimit -n` leaves room for), --per-client 2500, --samples 200,
// --warmup 300, --database-url postgres://… (default: a fresh database on postgres://root@127.0.0.1:5432),
// --redis-url redis://… (optional), --only ours|bare.
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { profileArgs, writeResultsKeepingNotes } from '../support/results-file.mjs';
import { fdCount, memoryAfterGc, waitUntilSettled } from './proc-stats.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const REPO_ROOT = here('../../');
/** Preloaded into both servers: SIGUSR2 collects garbage and reports the heap. */
const MEASURE_ARGS = ['--expose-gc', '--import', here('./gc-hook.mjs')];
const STORE_CODE = 'BENCH01';
const SERVICE_TOKEN = randomBytes(24).toString('hex');
/** Descriptors kept free on the server for the database pool, Redis, logs and the listening socket. */
const FD_RESERVE = 1_500;
const OPEN_PER_SECOND = 2_000;
/**
 * Default target. The descriptor limit allows more (`--polls 18000`), but every poll is re-sent when its hold
 * time (at most 75 s) runs out, and on two shared cores more than about 10,000 cannot all be (re)established
 * within one hold time: the run would measure churn, not held polls.
 */
const DEFAULT_POLLS = 10_000;
/** The publish endpoint's limit on `receivers`. */
const MAX_RECEIVERS_PER_PUBLISH = 500;
const now = () => performance.timeOrigin + performance.now();
const RESULTS_FILE = here('./RESULTS.md');
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const { values: options } = parseArgs({
  options: {
    polls: { type: 'string' },
    'per-client': { type: 'string', default: '2500' },
    samples: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '300' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    only: { type: 'string' },
  },
});

const fdLimit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
const fdCap = Math.floor((fdLimit - FD_RESERVE) / 1_000) * 1_000;
const polls = Math.min(Number(options.polls ?? DEFAULT_POLLS), fdCap);
const perClient = Number(options['per-client']);
const samples = Number(options.samples);
const warmup = Math.min(Number(options.warmup), polls);

async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitHealthy(url, child) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
  throw new Error(`${url} never answered`);
}

async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // Writing a CPU profile at exit takes a while.
  const timer = setTimeout(() => child.kill('SIGKILL'), process.env.LONGPOLL_BENCH_PROFILE ? 60_000 : 5_000);
  await once(child, 'exit');
  clearTimeout(timer);
}

// ---------------------------------------------------------------- database

async function prepareDatabase() {
  if (options['database-url']) return { url: options['database-url'], drop: async () => undefined };
  const adminUrl = 'postgres://root@127.0.0.1:5432/postgres';
  const name = `bench_longpoll_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** One store with `count` staff members, each with a session written straight into the database. */
async function seedReceivers(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const group = await client.query(`insert into shop_groups (front_title) values ('压测区') returning id`);
    const store = await client.query(
      `insert into stores (shop_code, shop_name, business_scope_name, shop_group_id)
       values ($1, '压测店', '压测店', $2) returning id`,
      [STORE_CODE, group.rows[0].id],
    );
    const users = await client.query(
      `insert into users (username, nick_name, work_code, password_hash)
       select 'bench_' || i, '压测' || i, 'B' || lpad(i::text, 6, '0'), 'no-password-sign-in'
       from generate_series(1, $1) as i
       returning id, work_code`,
      [count],
    );
    const rows = users.rows.sort((a, b) => a.id - b.id);
    await client.query(`insert into user_stores (user_id, store_id) select unnest($1::int[]), $2`, [
      rows.map((r) => r.id),
      store.rows[0].id,
    ]);
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), rows.map((r) => r.id)],
    );
    const version = (await client.query('show server_version')).rows[0].server_version;
    return {
      postgresVersion: version,
      receivers: rows.map((r, index) => ({ index, workCode: r.work_code, token: tokens[index] })),
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- servers under test

async function startOurs(databaseUrl) {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SERVICE_TOKEN,
    LONGPOLL_HOLD_MS: '75000',
    LONGPOLL_MAX_HELD: String(polls + 1_000),
    ...(options['redis-url'] ? { REDIS_URL: options['redis-url'] } : {}),
    ...(process.env.LONGPOLL_BENCH_SNAPSHOTS
      ? { LONGPOLL_BENCH_SNAPSHOTS: process.env.LONGPOLL_BENCH_SNAPSHOTS }
      : {}),
  };
  // LONGPOLL_BENCH_PROFILE=<dir>: a V8 CPU profile of our server, written there when it stops.
  const profile = profileArgs('LONGPOLL_BENCH_PROFILE');
  const child = spawn(
    process.execPath,
    [...MEASURE_ARGS, ...profile, '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // A server that never turns healthy (a slow start on a loaded machine) must not outlive the run.
  await waitHealthy(`http://127.0.0.1:${port}/api/health`, child).catch(async (error) => {
    await stopProcess(child);
    throw error;
  });
  const base = `http://127.0.0.1:${port}`;
  const publish = async (receivers) => {
    if (receivers && receivers.length > MAX_RECEIVERS_PER_PUBLISH) {
      const chunks = [];
      for (let i = 0; i < receivers.length; i += MAX_RECEIVERS_PER_PUBLISH)
        chunks.push(receivers.slice(i, i + MAX_RECEIVERS_PER_PUBLISH));
      for (let i = 0; i < chunks.length; i += 4) await Promise.all(chunks.slice(i, i + 4).map(publish));
      return;
    }
    const response = await fetch(`${base}/api/im/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': SERVICE_TOKEN },
      body: JSON.stringify({
        storeCode: STORE_CODE,
        ...(receivers ? { receivers } : {}),
        businessType: 1,
        messageType: 1,
        text: '压测消息',
        expandInfo: { id: 'bench' },
      }),
    });
    if (response.status !== 200) throw new Error(`publish: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  return {
    name: 'ours',
    child,
    target: { mode: 'ours', host: '127.0.0.1', port, path: '/api/im/listener', storeCode: STORE_CODE },
    wakeOne: (receiver) => publish([receiver.workCode]),
    /**
     * One publish without receivers (every staff member of the store). Should that fail, the same messages go
     * out as publishes of 500 receivers each, four at a time, and the result says so.
     */
    async wakeAll(receivers) {
      try {
        await publish(null);
        return 'one broadcast publish to the store';
      } catch (error) {
        console.warn(
          `broadcast publish failed (${error.message.slice(0, 120)}); falling back to 500-receiver publishes`,
        );
        await publish(receivers.map((r) => r.workCode));
        return `${Math.ceil(receivers.length / MAX_RECEIVERS_PER_PUBLISH)} publishes of ≤ 500 receivers, 4 at a time (broadcast failed)`;
      }
    },
  };
}

async function startBare() {
  const port = await freePort();
  const child = fork(here('./bare-server.mjs'), [String(port), '75000'], {
    stdio: 'inherit',
    execArgv: MEASURE_ARGS,
  });
  await waitHealthy(`http://127.0.0.1:${port}/health`, child);
  const wake = async (body) => {
    const response = await fetch(`http://127.0.0.1:${port}/wake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
  };
  return {
    name: 'bare',
    child,
    target: { mode: 'bare', host: '127.0.0.1', port, path: '/poll', storeCode: STORE_CODE },
    wakeOne: (receiver) => wake({ keys: [`${receiver.workCode}:${STORE_CODE}`] }),
    async wakeAll() {
      await wake({ all: true });
      return 'one wake of every held poll';
    },
  };
}

// ---------------------------------------------------------------- clients

async function startClients(target, count, addressBlock) {
  const arrivals = { waiters: new Map(), since: null, seen: new Set(), last: 0 };
  const clients = [];
  for (let i = 0; i < count; i += 1) {
    const child = fork(here('./client.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message) => {
      if (message.type !== 'arrival') return;
      arrivals.waiters.get(message.index)?.(message.at);
      arrivals.waiters.delete(message.index);
      if (arrivals.since !== null && message.at >= arrivals.since) {
        arrivals.seen.add(message.index);
        arrivals.last = Math.max(arrivals.last, message.at);
      }
    });
    // Each client its own loopback source address, so no client runs short of ephemeral ports.
    child.send({ type: 'target', target: { ...target, localAddress: `127.0.${addressBlock}.${i + 1}` } });
    await once(child, 'message');
    clients.push(child);
  }
  const request = (child, message, reply) =>
    new Promise((resolve) => {
      const listener = (answer) => {
        if (answer.type !== reply) return;
        child.off('message', listener);
        resolve(answer);
      };
      child.on('message', listener);
      child.send(message);
    });
  return {
    arrivals,
    async open(receivers, perSecond) {
      const slices = clients.map((_, i) => receivers.filter((_, j) => j % clients.length === i));
      await Promise.all(
        clients.map((child, i) =>
          request(child, { type: 'open', receivers: slices[i], perSecond }, 'opened'),
        ),
      );
    },
    async stats() {
      const all = await Promise.all(clients.map((child) => request(child, { type: 'stats' }, 'stats')));
      return all.reduce((sum, { stats }) => {
        for (const key of Object.keys(stats)) sum[key] = (sum[key] ?? 0) + stats[key];
        return sum;
      }, {});
    },
    arrivalOf(index, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no delivery for receiver ${index}`)), timeoutMs);
        arrivals.waiters.set(index, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    async stop() {
      for (const child of clients) child.send({ type: 'stop' });
      await Promise.all(clients.map((child) => (child.exitCode === null ? once(child, 'exit') : null)));
    },
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------- one measured run

async function measure(server, receivers, addressBlock) {
  const pid = server.child.pid;
  const clientCount = Math.ceil(receivers.length / perClient);
  const clients = await startClients(server.target, clientCount, addressBlock);
  try {
    // Warm-up: a few hundred polls held and woken one by one, so JIT, pools and buffers exist before the baseline.
    const warm = receivers.slice(0, warmup);
    await clients.open(warm, 500);
    await waitUntilSettled(pid, { minFds: warmup });
    for (let i = 0; i < warm.length; i += 10) {
      const batch = warm.slice(i, i + 10);
      const delivered = batch.map((r) => clients.arrivalOf(r.index));
      await Promise.all(batch.map((r) => server.wakeOne(r)));
      await Promise.all(delivered);
    }
    await waitUntilSettled(pid, { minFds: warmup });
    const baseline = { ...(await memoryAfterGc(pid)), fds: fdCount(pid) };

    const openedAt = Date.now();
    // About 2,000 new polls a second in all: the server's queue, not the clients, sets the pace.
    await clients.open(receivers.slice(warmup), Math.ceil(OPEN_PER_SECOND / clientCount));
    const settleSeconds = await waitUntilSettled(pid, { minFds: receivers.length, quietMs: 2_000 });
    const holdSeconds = (Date.now() - openedAt) / 1000;
    const held = { ...(await memoryAfterGc(pid)), fds: fdCount(pid) };
    const clientStats = await clients.stats();

    // Publish → delivery, one receiver at a time, while everything else is held.
    const latencies = [];
    const publishAnswers = [];
    const pool = receivers.slice(warmup);
    for (let i = 0; i < samples; i += 1) {
      const receiver = pool[Math.floor((i * pool.length) / samples)];
      const delivered = clients.arrivalOf(receiver.index);
      const started = now();
      await server.wakeOne(receiver);
      publishAnswers.push(now() - started);
      latencies.push((await delivered) - started);
    }
    latencies.sort((a, b) => a - b);
    publishAnswers.sort((a, b) => a - b);
    await waitUntilSettled(pid, { minFds: receivers.length });

    // One broadcast to the whole store wakes every held poll.
    clients.arrivals.since = now();
    clients.arrivals.seen.clear();
    const broadcastStarted = clients.arrivals.since;
    const wakeAllMethod = await server.wakeAll(receivers);
    const broadcastAnsweredMs = now() - broadcastStarted;
    const deadline = Date.now() + 120_000;
    while (clients.arrivals.seen.size < receivers.length && Date.now() < deadline) await delay(20);
    const wokenAll = clients.arrivals.seen.size;
    const wakeAllMs = clients.arrivals.last - broadcastStarted;

    return {
      server: server.name,
      heldPolls: clientStats.inFlight,
      answeredBeforeSamples: clientStats.answered,
      errors: clientStats.errors,
      errorStatuses: Object.fromEntries(
        Object.entries(clientStats).filter(([key]) => key.startsWith('status')),
      ),
      serverFds: held.fds,
      holdSeconds: round(holdSeconds),
      settleSeconds: round(settleSeconds),
      rssBaselineMb: round(baseline.rssKb / 1024),
      rssHeldMb: round(held.rssKb / 1024),
      bytesPerHeldPoll: Math.round(((held.rssKb - baseline.rssKb) * 1024) / (receivers.length - warmup)),
      heapBaselineMb: round(baseline.heapUsedKb / 1024),
      heapHeldMb: round(held.heapUsedKb / 1024),
      heapBytesPerHeldPoll: Math.round(
        ((held.heapUsedKb - baseline.heapUsedKb) * 1024) / (receivers.length - warmup),
      ),
      latencyP50Ms: round(percentile(latencies, 50), 2),
      latencyP99Ms: round(percentile(latencies, 99), 2),
      latencyMaxMs: round(latencies.at(-1), 2),
      publishAnswerP50Ms: round(percentile(publishAnswers, 50), 2),
      broadcastAnsweredMs: Math.round(broadcastAnsweredMs),
      wakeAllMethod,
      wokenAll,
      wakeAllMs: Math.round(wakeAllMs),
    };
  } finally {
    await clients.stop();
  }
}

// ---------------------------------------------------------------- main

async function main() {
  console.log(
    `long-poll benchmark: ${polls} held polls (ulimit -n ${fdLimit}), ${Math.ceil(polls / perClient)} client processes`,
  );
  const database = await prepareDatabase();
  const results = [];
  let postgresVersion = '';
  try {
    if (options.only !== 'ours') {
      const receivers = Array.from({ length: polls }, (_, index) => ({
        index,
        workCode: `B${String(index + 1).padStart(6, '0')}`,
      }));
      const bare = await startBare();
      try {
        console.log('measuring the bare node:http long-poll server…');
        results.push(await measure(bare, receivers, 1));
      } finally {
        await stopProcess(bare.child);
      }
    }
    if (options.only !== 'bare') {
      const ours = await startOurs(database.url);
      try {
        const seeded = await seedReceivers(database.url, polls);
        postgresVersion = seeded.postgresVersion;
        console.log('measuring our server…');
        results.push(await measure(ours, seeded.receivers, 2));
      } finally {
        await stopProcess(ours.child);
      }
    }
  } finally {
    await database.drop();
  }
  report(results, postgresVersion);
}

function report(results, postgresVersion) {
  const ours = results.find((r) => r.server === 'ours');
  const bare = results.find((r) => r.server === 'bare');
  const ratio = ours && bare ? round(ours.bytesPerHeldPoll / bare.bytesPerHeldPoll, 2) : null;
  const heapRatio = ours && bare ? round(ours.heapBytesPerHeldPoll / bare.heapBytesPerHeldPoll, 2) : null;
  const machine = {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 1024 ** 3),
    kernel: os.release(),
    node: process.version,
    postgres: postgresVersion,
    redis: options['redis-url'] ? 'yes' : 'no',
    fdLimit,
  };
  const rows = [
    ['held polls', 'heldPolls', ''],
    ['server descriptors', 'serverFds', ''],
    ['time to hold all (s)', 'holdSeconds', ''],
    ['RSS after GC before → held (MB)', (r) => `${r.rssBaselineMb} → ${r.rssHeldMb}`, ''],
    ['memory per held poll: RSS (bytes)', 'bytesPerHeldPoll', '≤ 1.5 × bare'],
    ['JS heap before → held (MB)', (r) => `${r.heapBaselineMb} → ${r.heapHeldMb}`, ''],
    ['memory per held poll: JS heap (bytes)', 'heapBytesPerHeldPoll', ''],
    ['publish → delivery p50 (ms)', 'latencyP50Ms', ''],
    ['publish → delivery p99 (ms)', 'latencyP99Ms', '≤ 50'],
    ['publish → delivery max (ms)', 'latencyMaxMs', ''],
    ['publish call answered p50 (ms)', 'publishAnswerP50Ms', ''],
    ['wake all: broadcast answered (ms)', 'broadcastAnsweredMs', ''],
    ['wake all: how', 'wakeAllMethod', ''],
    ['wake all: polls answered', 'wokenAll', ''],
    ['wake all: last delivery (ms)', 'wakeAllMs', ''],
    [
      'poll errors until the samples (by status)',
      (r) => `${r.errors} ${JSON.stringify(r.errorStatuses)}`,
      '',
    ],
  ];
  const cell = (result, pick) =>
    result ? String(typeof pick === 'function' ? pick(result) : result[pick]) : '–';
  const table = [
    '| metric | ours | bare node:http | goal |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      ([label, pick, goal]) => `| ${label} | ${cell(ours, pick)} | ${cell(bare, pick)} | ${goal} |`,
    ),
    `| memory ratio ours / bare: RSS | ${ratio ?? '–'} | 1 | ≤ 1.5 |`,
    `| memory ratio ours / bare: JS heap | ${heapRatio ?? '–'} | 1 |  |`,
  ].join('\n');
  const json = { date: new Date().toISOString(), polls, machine, ratio, heapRatio, results };
  console.log(`\n${table}\n`);
  console.log(JSON.stringify(json));
  // The hand-written notes below the marker survive a run.
  writeResultsKeepingNotes(
    RESULTS_FILE,
    [
      '# Long-poll benchmark: last results',
      '',
      `Run ${json.date} with \`npm run bench:longpoll\` on ${machine.cpus} cores (${machine.cpu}), ${machine.memoryGb} GB,`,
      `Linux ${machine.kernel}, Node ${machine.node}, PostgreSQL ${machine.postgres}, Redis: ${machine.redis}, ulimit -n ${fdLimit}.`,
      '',
      table,
      '',
      '```json',
      JSON.stringify(json, null, 2),
      '```',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
