// What the Prometheus metrics cost a request (issue 13.2). Not a test: `npm run bench:metrics`.
//
// Builds the real application twice on one in-memory PGlite database, once with metrics off (no METRICS_TOKEN:
// no hook, no registry) and once with them on, listens with both on loopback and loads a cheap route
// (GET /api/health/live: no database, no session) from a separate load process, alternating the two apps round
// by round so that the machine's other load falls on both alike. Prints requests/s of each (median of the
// rounds), the ratio and the time per request the metrics add; then the recorder's own cost per call, measured
// in a loop, and the time a scrape takes. Writes RESULTS.md.
//
// Options: --rounds 10, --seconds 2, --connections 16, --route /api/health/live.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppInstance } from '../../apps/server/src/app-types.js';
import { testConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { systemClock } from '../../apps/server/src/platform/clock.js';
import { Counter, Histogram, Registry } from 'prom-client';
import { createAppMetrics, HTTP_BUCKETS } from '../../apps/server/src/platform/metrics/app-metrics.js';
import { sampleOf } from '../../apps/server/src/platform/metrics/exposition-text.js';
import { createOutboxSmsProvider } from '../../apps/server/src/platform/sms.js';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    route: { type: 'string', default: '/api/health/live' },
  },
});
const ROUNDS = Number(options.rounds);
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const ROUTE = options.route;
const TOKEN = 'bench-metrics-token-0123456789abcdefghij';
const LOAD = fileURLToPath(new URL('./load.mjs', import.meta.url));
const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const run = promisify(execFile);

type LoadResult = { answered: number; failed: number; seconds: number };

async function load(url: string, seconds: number): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, [LOAD, url, String(seconds), String(CONNECTIONS)]);
  return JSON.parse(stdout) as LoadResult;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  console.log('migrating an in-memory PGlite database…');
  const database = await openDatabase({ dataDir: null });
  await migrateDatabase(database);
  const appWith = async (metricsOn: boolean): Promise<{ app: AppInstance; url: string }> => {
    const app = await buildApp({
      config: testConfig(metricsOn ? { metrics: { token: TOKEN, port: null, host: '127.0.0.1' } } : {}),
      db: database.db,
      dbKind: database.kind,
      clock: systemClock,
      sms: createOutboxSmsProvider(database.db),
      redis: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${ROUTE}` };
  };
  const off = await appWith(false);
  const on = await appWith(true);

  // Warm both (JIT, sockets) before measuring.
  await load(off.url, 1);
  await load(on.url, 1);
  const rates: Record<'off' | 'on', number[]> = { off: [], on: [] };
  // This process's CPU time per answered request: the server's own work (the load runs in another process),
  // which the machine's other load disturbs far less than requests/s.
  const cpuMicros: Record<'off' | 'on', number[]> = { off: [], on: [] };
  let failed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which goes first, so a trend in the machine's load does not favour one.
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const variant of order) {
      const cpuBefore = process.cpuUsage();
      const result = await load(variant === 'off' ? off.url : on.url, SECONDS);
      const cpu = process.cpuUsage(cpuBefore);
      failed += result.failed;
      rates[variant].push(result.answered / result.seconds);
      cpuMicros[variant].push((cpu.user + cpu.system) / result.answered);
    }
    console.log(
      `round ${round + 1}/${ROUNDS}: off ${rates.off.at(-1)!.toFixed(0)} req/s ${cpuMicros.off.at(-1)!.toFixed(1)} µs CPU, ` +
        `on ${rates.on.at(-1)!.toFixed(0)} req/s ${cpuMicros.on.at(-1)!.toFixed(1)} µs CPU`,
    );
  }
  const offRate = median(rates.off);
  const onRate = median(rates.on);
  const offCpu = median(cpuMicros.off);
  const onCpu = median(cpuMicros.on);
  const bestOffCpu = Math.min(...cpuMicros.off);
  const bestOnCpu = Math.min(...cpuMicros.on);

  // In-process (app.inject): the same route without sockets, where the machine's other load matters less.
  const injected: Record<'off' | 'on', number[]> = { off: [], on: [] };
  const INJECT_ROUNDS = 12;
  const INJECTS = 5_000;
  for (let round = 0; round < INJECT_ROUNDS; round += 1) {
    for (const variant of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      const app = variant === 'off' ? off.app : on.app;
      const before = process.cpuUsage();
      for (let i = 0; i < INJECTS; i += 1) await app.inject({ method: 'GET', url: ROUTE });
      const cpu = process.cpuUsage(before);
      injected[variant].push((cpu.user + cpu.system) / INJECTS);
    }
  }
  const [injectOff, injectOn] = [Math.min(...injected.off), Math.min(...injected.on)];
  const [injectOffMedian, injectOnMedian] = [median(injected.off), median(injected.on)];

  // The scrape after the load: its time and what it holds for the route.
  const scrapeStarted = performance.now();
  const scrape = await on.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const scrapeMs = performance.now() - scrapeStarted;
  const counted = sampleOf(scrape.body, 'console_http_requests_total', {
    route: ROUTE,
    method: 'GET',
    status: '2xx',
  });

  // The recorder alone: what a request pays inside its onResponse hook, against prom-client's own labelled
  // counter and histogram children (what the recorder replaced: they hash the label values on every call).
  const CALLS = 1_000_000;
  const perCall = (work: () => void) => {
    for (let i = 0; i < 100_000; i += 1) work();
    const started = performance.now();
    for (let i = 0; i < CALLS; i += 1) work();
    return ((performance.now() - started) * 1e6) / CALLS;
  };
  const record = createAppMetrics({ dbKind: 'pglite', defaultMetrics: false }).requests('/api/roles/:id')!;
  const perCallNs = perCall(() => record('GET', 200, 1.5));
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status'];
  const counter = new Counter({ name: 'c_total', help: 'c', labelNames, registers: [registry] });
  const histogram = new Histogram({
    name: 'h',
    help: 'h',
    labelNames,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const [counterChild, histogramChild] = [
    counter.labels('/api/roles/:id', 'GET', '2xx'),
    histogram.labels('/api/roles/:id', 'GET', '2xx'),
  ];
  const promClientNs = perCall(() => {
    counterChild.inc();
    histogramChild.observe(0.0015);
  });

  await off.app.close();
  await on.app.close();
  await database.close();

  const ratio = onRate / offRate;
  const at = new Date().toISOString();
  const lines = [
    `# Metrics overhead (\`npm run bench:metrics\`)`,
    '',
    `${ROUTE} over loopback HTTP, ${CONNECTIONS} keep-alive connections from a separate load process, ` +
      `${ROUNDS} alternating rounds of ${SECONDS} s per variant; ${at}.`,
    `${cpus().length} cores, load average at the end ${loadavg()[0]!.toFixed(1)} (the machine is shared: ` +
      'requests/s swing with the other load from round to round; the server CPU time per request, measured on ' +
      'the server process alone, is the steadier figure).',
    '',
    '| variant | requests/s: median, best round | server CPU per request: median, best round | requests/s per round | CPU µs per round |',
    '|---|---|---|---|---|',
    ...(['off', 'on'] as const).map(
      (variant) =>
        `| metrics ${variant === 'off' ? 'off (no token, no port)' : 'on (METRICS_TOKEN set)'} | ` +
        `${median(rates[variant]).toFixed(0)}, ${Math.max(...rates[variant]).toFixed(0)} | ` +
        `${median(cpuMicros[variant]).toFixed(1)} µs, ${Math.min(...cpuMicros[variant]).toFixed(1)} µs | ` +
        `${rates[variant].map((r) => r.toFixed(0)).join(', ')} | ${cpuMicros[variant].map((c) => c.toFixed(1)).join(', ')} |`,
    ),
    '',
    `Ratio on / off, medians: requests/s **${ratio.toFixed(3)}**, server CPU per request **${(onCpu / offCpu).toFixed(3)}** ` +
      `(${(onCpu - offCpu).toFixed(1)} µs added). Best rounds (the least disturbed by the other load): requests/s ` +
      `**${(Math.max(...rates.on) / Math.max(...rates.off)).toFixed(3)}**, server CPU per request ` +
      `**${(bestOnCpu / bestOffCpu).toFixed(3)}** (${(bestOnCpu - bestOffCpu).toFixed(1)} µs added).`,
    '',
    `In-process (app.inject, ${INJECT_ROUNDS} alternating rounds of ${INJECTS.toLocaleString('en')} requests, no ` +
      `sockets): CPU per request off ${injectOffMedian.toFixed(1)} µs / on ${injectOnMedian.toFixed(1)} µs ` +
      `(medians), ${injectOff.toFixed(1)} / ${injectOn.toFixed(1)} µs (best rounds): ` +
      `**${(injectOn - injectOff).toFixed(1)} µs** added in the best rounds.`,
    '',
    'Reading: on this shared 2-core machine a round moves by 10-80 % with the other load, and whole runs differ; ' +
      "the best rounds are the least disturbed. What a request pays is Fastify's two onResponse hook calls (the " +
      "route's, and the root's that returns at once on a matched route) plus the recorder below.",
    '',
    `The request recorder alone (one onResponse call: count, sum and bucket of the route's series): ` +
      `${perCallNs.toFixed(0)} ns per call over ${CALLS.toLocaleString('en')} calls; prom-client's labelled ` +
      `counter and histogram children for the same: ${promClientNs.toFixed(0)} ns.`,
    '',
    `A scrape after the load: ${scrapeMs.toFixed(1)} ms, ${(scrape.body.length / 1024).toFixed(1)} KiB of text ` +
      `(with Node's process metrics); it counted ${counted ?? 0} requests of ${ROUTE}. Failed requests: ${failed}.`,
    '',
  ];
  writeFileSync(RESULTS, lines.join('\n'));
  console.log(`\n${lines.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
