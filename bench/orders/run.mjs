// Orders scale benchmark (issue 5 point 8). Not a test: `npm run bench:orders`.
//
// Seeds 1,000,000 taken orders and 100,000 members across 50 stores into a fresh PostgreSQL database, starts our
// server on it and a bare node:http + pg handler that runs the very SQL our fulfilment service runs (captured
// through drizzle's query logger), and measures both at 32 keep-alive connections: the received-orders list
// (first page, page 500 by keyset cursor, filtered by status + keyword) and the order detail. Writes
// bench/orders/RESULTS.md.
//
// Options: --database-url postgres://… (admin URL; default postgres://root@127.0.0.1:5432/postgres),
// --orders 1000000, --members 100000, --seconds 10, --warmup 3, --connections 32, --keep (keep the database).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REPO_ROOT, startBare, startOurs } from '../support/servers.mjs';
import { runLoad } from './load.mjs';
import { BENCH_STORE_CODE, seedOrders } from './seed.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
/** ORDER_PATHS.received and ORDER_PATHS.detail (packages/contract/src/orders.ts). */
const LIST_PATH = '/tec/trade_order/manager/order/list';
const DETAIL_PATH = '/tec/trade_order/manager/order/detail';
/** Our server's pool (db/client.ts openDatabase default); the bare handler gets the same. */
const POOL_SIZE = 10;
const PAGE_SIZE = 20;
const GOALS = { p95Ms: 10, rpsRatio: 0.6 };

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    orders: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    keep: { type: 'boolean', default: false },
  },
});
const connections = Number(options.connections);
const seconds = Number(options.seconds);

async function createDatabase(adminUrl) {
  const name = `bench_orders_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The four cases: the request to our server, and what the capture script runs through the service. */
async function benchCases(client, session, storeOrders) {
  const storeId = session.storeId;
  // Page 500 starts after 499 pages; a small trial run (--orders) takes its last full page instead.
  const skipped = Math.max(1, Math.min(499 * PAGE_SIZE, storeOrders - PAGE_SIZE));
  const keyset = await client.query(
    `select to_char(taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as taken_at, id
     from performance_orders where store_id = $1 order by taken_at desc, id desc offset $2 limit 1`,
    [storeId, skipped - 1],
  );
  const cursor = Buffer.from(JSON.stringify([keyset.rows[0].taken_at, Number(keyset.rows[0].id)])).toString(
    'base64url',
  );
  const detailNo = (
    await client.query(
      `select performance_order_no from performance_orders where store_id = $1 and status = 'wait_ship'
       order by taken_at desc limit 1 offset 100`,
      [storeId],
    )
  ).rows[0].performance_order_no;
  const listBody = (extra) => ({ storeCode: BENCH_STORE_CODE, pageSize: PAGE_SIZE, ...extra });
  return [
    { name: 'list-first-page', kind: 'list', storeId, body: listBody({}) },
    { name: 'list-page-500-keyset', kind: 'list', storeId, body: listBody({ cursor }) },
    {
      name: 'list-filtered',
      kind: 'list',
      storeId,
      body: listBody({ status: 'wait_ship', keyword: '王伟' }),
    },
    {
      name: 'detail',
      kind: 'detail',
      storeId,
      body: { storeCode: BENCH_STORE_CODE, performanceOrderNo: detailNo },
    },
  ];
}

function oursRequest(benchCase, port, token) {
  const headers = { authorization: `Bearer ${token}` };
  if (benchCase.kind === 'list')
    return { host: '127.0.0.1', port, method: 'POST', path: LIST_PATH, headers, body: benchCase.body };
  const query = new URLSearchParams(benchCase.body).toString();
  return { host: '127.0.0.1', port, method: 'GET', path: `${DETAIL_PATH}?${query}`, headers };
}

async function measure(request) {
  await runLoad({ ...request, connections, seconds: Number(options.warmup) });
  return runLoad({ ...request, connections, seconds });
}

/** EXPLAIN ANALYZE of every captured query of a case: its execution time and whether it used an index. */
async function explain(client, steps) {
  const lines = [];
  for (const step of steps) {
    const plan = (await client.query(`explain (analyze, buffers, format json) ${step.text}`, step.values))
      .rows[0]['QUERY PLAN'][0];
    const nodes = [];
    const walk = (node) => {
      nodes.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
    lines.push({
      sql: step.text.replace(/\s+/g, ' ').slice(0, 90),
      ms: plan['Execution Time'],
      plan: [...new Set(nodes)].join(' → '),
    });
  }
  return lines;
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function main() {
  const database = await createDatabase(options['database-url']);
  console.log(`database ${database.name}`);
  const children = [];
  try {
    const ours = await startOurs(database.url);
    children.push(ours.child);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Dropping the database at the end terminates this connection if it is still open.
    client.on('error', () => undefined);
    const seedStarted = Date.now();
    console.log(
      `seeding ${Number(options.orders).toLocaleString()} orders, ${Number(options.members).toLocaleString()} members…`,
    );
    const session = await seedOrders(client, {
      orders: Number(options.orders),
      members: Number(options.members),
    });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const storeOrders = Number(
      (await client.query('select count(*) from performance_orders where store_id = $1', [session.storeId]))
        .rows[0].count,
    );

    const cases = await benchCases(client, session, storeOrders);
    const work = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
    writeFileSync(path.join(work, 'cases.json'), JSON.stringify(cases));
    const captured = execFileSync(
      process.execPath,
      ['--import', 'tsx', here('./capture-sql.ts'), database.url, path.join(work, 'cases.json')],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
    ).toString();
    const queriesFile = path.join(work, 'queries.json');
    writeFileSync(queriesFile, captured);
    const queries = JSON.parse(captured);
    const bare = await startBare(database.url, POOL_SIZE, queriesFile);
    children.push(bare.child);

    const results = [];
    for (const benchCase of cases) {
      const oursResult = await measure(oursRequest(benchCase, ours.port, session.token));
      const bareResult = await measure({
        host: '127.0.0.1',
        port: bare.port,
        method: 'GET',
        path: `/${benchCase.name}`,
      });
      const plans = await explain(client, queries[benchCase.name]);
      results.push({ name: benchCase.name, ours: oursResult, bare: bareResult, plans });
      console.log(
        `${benchCase.name.padEnd(22)} ours p50 ${fmt(oursResult.p50)} p95 ${fmt(oursResult.p95)} p99 ${fmt(oursResult.p99)} ms ` +
          `${fmt(oursResult.rps, 0)} rps (${oursResult.errors} errors) | bare p50 ${fmt(bareResult.p50)} p95 ${fmt(bareResult.p95)} ` +
          `p99 ${fmt(bareResult.p99)} ms ${fmt(bareResult.rps, 0)} rps | ratio ${fmt(oursResult.rps / bareResult.rps, 2)}`,
      );
    }
    await client.end();
    writeResults({ results, seedSeconds, storeOrders, pg: await postgresVersion(database.url) });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    if (!options.keep) await database.drop();
    else console.log(`kept database ${database.url}`);
  }
}

async function postgresVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const version = (await client.query('show server_version')).rows[0].server_version;
  await client.end();
  return version;
}

function writeResults({ results, seedSeconds, storeOrders, pg: pgVersion }) {
  const verdict = (r) => {
    const p95 = r.ours.p95 <= GOALS.p95Ms ? 'yes' : 'no';
    const ratio = r.ours.rps / r.bare.rps >= GOALS.rpsRatio ? 'yes' : 'no';
    return `${p95} / ${ratio}`;
  };
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${fmt(r.ours.p50)} / ${fmt(r.ours.p95)} / ${fmt(r.ours.p99)} | ${fmt(r.ours.rps, 0)} | ` +
      `${fmt(r.bare.p50)} / ${fmt(r.bare.p95)} / ${fmt(r.bare.p99)} | ${fmt(r.bare.rps, 0)} | ` +
      `${fmt(r.ours.rps / r.bare.rps, 2)} | ${r.ours.errors + r.bare.errors} | ${verdict(r)} |`,
  );
  const plans = results.flatMap((r) => [
    `**${r.name}**`,
    '',
    ...r.plans.map((p) => `- ${fmt(p.ms, 2)} ms — \`${p.sql}…\` — ${p.plan}`),
    '',
  ]);
  const text = `# Orders scale benchmark

\`npm run bench:orders\` (bench/orders/run.mjs), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, PostgreSQL ${pgVersion}, on one machine (load
generator, both servers and PostgreSQL share the cores). Load average at the end of the run:
${os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ')} (anything above the core count means other work competed for the CPU).

Data: ${Number(options.orders).toLocaleString()} taken orders (upstream order, one item, plan, performance order, one
log row each) and ${Number(options.members).toLocaleString()} members across 50 stores, seeded with INSERT … SELECT
generate_series in ${fmt(seedSeconds, 0)} s; the measured store holds ${storeOrders.toLocaleString()} orders. Load:
${connections} keep-alive connections, ${options.warmup} s warm-up then ${seconds} s per case, ours first, then bare.

- **ours**: the real server (Fastify, session check and store scope — cached per instance for
  AUTH_CACHE_TTL_MS, docs/adr/0003-auth-cache.md —, zod validation and serialisation, the fulfilment service,
  its hot reads as prepared statements) on a pool of ${POOL_SIZE} connections.
- **bare**: node:http + pg, pool of ${POOL_SIZE}, no auth or validation, running the very SQL the service runs
  for the same request (captured through drizzle's query logger by capture-sql.ts) as unnamed statements, all
  of a case's queries at once (ours runs the items query after the page).

Goals: p95 ≤ ${GOALS.p95Ms} ms, and ≥ ${GOALS.rpsRatio}× the bare handler's requests per second.

| case | ours p50 / p95 / p99 ms | ours req/s | bare p50 / p95 / p99 ms | bare req/s | ratio | errors | goals met (p95 / ratio) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

The list's \`total\` is a bounded count (at most 10,001 rows read, \`RECEIVED_COUNT_CAP\`) of a page read by number
(the first page, the filtered case); a page read by cursor is not counted. Both columns run the same queries.

With ${connections} connections always busy, a request waits for the ones ahead of it: p50 ≈ ${connections} ÷ req/s
(Little's law). A p95 of ${GOALS.p95Ms} ms at ${connections} connections needs roughly ${fmt((connections / GOALS.p95Ms) * 1000 * 1.3, 0)}
req/s or more; the fastest case here reached ${fmt(Math.max(...results.flatMap((r) => [r.ours.rps, r.bare.rps])), 0)} (${fmt(
    Math.max(...results.flatMap((r) => [r.ours.rps, r.bare.rps])) /
      ((connections / GOALS.p95Ms) * 1000 * 1.3),
    2,
  )} of that), with the load generator, both servers and PostgreSQL on ${os.cpus().length} cores. The single-query
times below are what a request costs without the queue.

## Query plans (EXPLAIN ANALYZE after the run, one execution each)

${plans.join('\n')}
`;
  writeFileSync(here('./RESULTS.md'), text);
  console.log('wrote bench/orders/RESULTS.md');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
