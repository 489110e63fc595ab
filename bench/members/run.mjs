// Members scale benchmark (issue 20 point 6). Not a test: `npm run bench:members`.
//
// Seeds 1,000,000 members and 20,000,000 points-ledger rows across 50 stores into the PostgreSQL database
// `mb_bench` (kept between runs; --reseed builds it again), times the daily reminder job over them twice, then
// measures our server against a bare node:http + pg handler that runs the very SQL the members service runs
// (captured through drizzle's query logger): look-up by full phone and by member number, the profile, and the
// five 会员跟进 lists — p50/p95 at 4 connections, requests per second at 32. Writes bench/members/RESULTS.md.
//
// Options: --admin-url postgres://root@127.0.0.1:5432/postgres, --database mb_bench, --members 1000000,
// --ledger 20 (rows per member), --seconds 6, --warmup 2, --reseed. While working on one case:
// --cases lookup-phone,list-mine measures only those and --skip-job leaves the job out; such a partial run prints
// its figures and leaves RESULTS.md as it is.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runLoad } from '../orders/load.mjs';
import { writeResultsKeepingNotes } from '../support/results-file.mjs';
import { REPO_ROOT, startBare, startOurs } from '../support/servers.mjs';
import { BENCH_STORE_CODE, benchSession, seedMembers } from './seed.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
/** MEMBER_PATHS (packages/contract/src/members.ts). */
const PATHS = {
  inquiry: '/tec/member_ms/member/inquiry',
  profile: '/tec/member_ms/member/profile',
  list: '/tec/member_ms/memberStore/list',
};
const POOL_SIZE = 10;
const GOALS = { p95Ms: 10, rpsRatio: 0.8, jobSeconds: 60 };
const LOW = 4;
const HIGH = 32;

const { values: options } = parseArgs({
  options: {
    'admin-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'mb_bench' },
    members: { type: 'string', default: '1000000' },
    ledger: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    reseed: { type: 'boolean', default: false },
    cases: { type: 'string' },
    'skip-job': { type: 'boolean', default: false },
  },
});
const seconds = Number(options.seconds);
const onlyCases = options.cases ? new Set(options.cases.split(',')) : null;
const partial = onlyCases !== null || options['skip-job'];
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The bench database's URL; dropped and created again when --reseed or when it does not exist. */
async function prepareDatabase() {
  const name = options.database;
  const exists = await withClient(options['admin-url'], async (admin) => {
    const found = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (found && !options.reseed) return true;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return false;
  });
  const url = new URL(options['admin-url']);
  url.pathname = `/${name}`;
  return { url: url.toString(), fresh: !exists };
}

function tsx(script, args) {
  return JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', here(script), ...args], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    }).toString(),
  );
}

/** The cases: our request, and what capture-sql.ts runs through the service. */
async function benchCases(client, session) {
  const storeId = session.storeId;
  const member = (
    await client.query(
      `select public_id, phone, member_no from members where home_store_id = $1 and level >= 3
       order by id limit 1 offset 50`,
      [storeId],
    )
  ).rows[0];
  const actor = {
    storeId,
    storeCode: BENCH_STORE_CODE,
    userId: session.guideId,
    sessionId: session.guideSessionId,
  };
  const list = (tab) => ({
    name: `list-${tab}`,
    kind: 'list',
    actor,
    query: {},
    body: { storeCode: BENCH_STORE_CODE, tab, pageNum: 1, pageSize: 20 },
  });
  return [
    {
      name: 'lookup-phone',
      kind: 'inquiry',
      actor,
      query: { storeCode: BENCH_STORE_CODE, keywords: member.phone },
    },
    {
      name: 'lookup-number',
      kind: 'inquiry',
      actor,
      query: { storeCode: BENCH_STORE_CODE, keywords: member.member_no },
    },
    {
      name: 'profile',
      kind: 'profile',
      actor,
      query: { storeCode: BENCH_STORE_CODE, memberId: member.public_id },
    },
    ...['toAssign', 'mine', 'overdue', 'equity', 'repurchase'].map(list),
  ];
}

function oursRequest(benchCase, port, session) {
  let next = 0;
  // Look-ups are limited to 30 a minute per user: each request goes as the next of the store's clerks.
  const headers =
    benchCase.kind === 'inquiry'
      ? () => ({ authorization: `Bearer ${session.clerkTokens[next++ % session.clerkTokens.length]}` })
      : { authorization: `Bearer ${session.guideToken}` };
  if (benchCase.kind === 'list')
    return { host: '127.0.0.1', port, method: 'POST', path: PATHS.list, headers, body: benchCase.body };
  const query = new URLSearchParams(benchCase.query).toString();
  return { host: '127.0.0.1', port, method: 'GET', path: `${PATHS[benchCase.kind]}?${query}`, headers };
}

async function measure(request, connections) {
  await runLoad({ ...request, connections, seconds: Number(options.warmup) });
  return runLoad({ ...request, connections, seconds });
}

async function main() {
  const loadAtStart = os.loadavg();
  const database = await prepareDatabase();
  console.log(`database ${database.url} (${database.fresh ? 'new' : 'kept'})`);
  const children = [];
  try {
    const ours = await startOurs(database.url); // migrates and seeds the base data (levels, tags, cycles)
    children.push(ours.child);
    let seedSeconds = null;
    if (database.fresh) {
      const started = Date.now();
      console.log(`seeding ${Number(options.members).toLocaleString()} members…`);
      await withClient(database.url, (client) =>
        seedMembers(client, { members: Number(options.members), ledgerPerMember: Number(options.ledger) }),
      );
      seedSeconds = (Date.now() - started) / 1000;
    }
    const counts = await withClient(database.url, async (client) => ({
      members: Number((await client.query('select count(*) from members')).rows[0].count),
      ledger: Number((await client.query('select count(*) from member_points_ledger')).rows[0].count),
    }));
    // The job's receivers are each store's guide: the look-up clerks join the store after it.
    await withClient(database.url, (client) =>
      client.query(
        `delete from user_stores where user_id in (select id from users where username like 'mb_clerk_%')`,
      ),
    );
    if (!options['skip-job']) console.log('daily reminder job, twice…');
    const job = options['skip-job'] ? { runs: [] } : tsx('./job.ts', [database.url]);
    for (const run of job.runs)
      console.log(
        `  run ${run.run}: ${fmt(run.seconds)} s, ${JSON.stringify(run.result)}, messages ${run.messagesTotal}`,
      );

    const { session, cases } = await withClient(database.url, async (client) => {
      const s = await benchSession(client);
      return { session: s, cases: await benchCases(client, s) };
    });
    const work = mkdtempSync(path.join(os.tmpdir(), 'bench-members-'));
    writeFileSync(path.join(work, 'cases.json'), JSON.stringify(cases));
    const queries = tsx('./capture-sql.ts', [database.url, path.join(work, 'cases.json')]);
    const queriesFile = path.join(work, 'queries.json');
    writeFileSync(queriesFile, JSON.stringify(queries));
    const bare = await startBare(database.url, POOL_SIZE, queriesFile);
    children.push(bare.child);

    const results = [];
    for (const benchCase of cases) {
      if (onlyCases && !onlyCases.has(benchCase.name)) continue;
      const bareRequest = { host: '127.0.0.1', port: bare.port, method: 'GET', path: `/${benchCase.name}` };
      const row = { name: benchCase.name, queries: queries[benchCase.name].length };
      row.oursLow = await measure(oursRequest(benchCase, ours.port, session), LOW);
      row.bareLow = await measure(bareRequest, LOW);
      row.oursHigh = await measure(oursRequest(benchCase, ours.port, session), HIGH);
      row.bareHigh = await measure(bareRequest, HIGH);
      results.push(row);
      console.log(
        `${row.name.padEnd(16)} @${LOW} ours p50 ${fmt(row.oursLow.p50)} p95 ${fmt(row.oursLow.p95)} ms, bare p50 ${fmt(row.bareLow.p50)} p95 ${fmt(row.bareLow.p95)} | ` +
          `@${HIGH} ours ${fmt(row.oursHigh.rps, 0)} rps, bare ${fmt(row.bareHigh.rps, 0)} rps, ratio ${fmt(row.oursHigh.rps / row.bareHigh.rps, 2)} | errors ${row.oursLow.errors + row.oursHigh.errors}/${row.bareLow.errors + row.bareHigh.errors}`,
      );
    }
    if (partial) return;
    const pgVersion = await withClient(
      database.url,
      async (c) => (await c.query('show server_version')).rows[0].server_version,
    );
    writeResults({ results, job, counts, seedSeconds, pgVersion, loadAtStart, loadAtEnd: os.loadavg() });
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

function writeResults({ results, job, counts, seedSeconds, pgVersion, loadAtStart, loadAtEnd }) {
  const yes = (ok) => (ok ? 'yes' : 'no');
  const rows = results.map((r) => {
    const ratio = r.oursHigh.rps / r.bareHigh.rps;
    return (
      `| ${r.name} | ${r.queries} | ${fmt(r.oursLow.p50)} / ${fmt(r.oursLow.p95)} | ${fmt(r.bareLow.p50)} / ${fmt(r.bareLow.p95)} | ` +
      `${fmt(r.oursHigh.rps, 0)} | ${fmt(r.bareHigh.rps, 0)} | ${fmt(ratio, 2)} | ` +
      `${r.oursLow.errors + r.oursHigh.errors + r.bareLow.errors + r.bareHigh.errors} | ` +
      `${yes(r.oursLow.p95 <= GOALS.p95Ms)} / ${yes(ratio >= GOALS.rpsRatio)} |`
    );
  });
  const jobRows = job.runs.map(
    (r) =>
      `| ${r.run} | ${fmt(r.seconds)} | ${Object.values(r.result.phaseMs)
        .map((ms) => fmt(ms / 1000))
        .join(' / ')} | ${r.result.upgrade} / ${r.result.equity} / ${r.result.repurchase} | ` +
      `${r.remindersTotal.toLocaleString()} | ${r.messagesTotal.toLocaleString()} | ${yes(r.seconds < GOALS.jobSeconds)} |`,
  );
  const text = `# Members scale benchmark

\`npm run bench:members\` (bench/members/run.mjs), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, PostgreSQL ${pgVersion}.
Load generator, both servers and PostgreSQL share the cores: load average at the start of the run
${loadAtStart.map((n) => n.toFixed(1)).join(' / ')}, at its end ${loadAtEnd.map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores (the run's own load
included). Compare ours with bare (same run, same moment) rather than with other runs.

Data (database \`mb_bench\`): ${counts.members.toLocaleString()} members across 50 stores (20,000 per store),
${counts.ledger.toLocaleString()} points-ledger rows, their equities, a follow-up per guided member, tags, and
mooncake / bread orders of 1 in 30 members${seedSeconds === null ? ' (seeded by an earlier run)' : `, seeded in ${fmt(seedSeconds, 0)} s`}.

## Daily reminder job (\`members.daily-reminders\`) over all members, run twice

| run | seconds | phases s: refresh / upgrade / equity / repurchase / send | sent upgrade / equity / repurchase | member_reminders rows | messages | < ${GOALS.jobSeconds} s |
|---|---|---|---|---|---|---|
${jobRows.join('\n')}

The second run sends nothing: each reminder is sent once (the \`member_reminders\` row is the idempotence key).

## Requests

- **ours**: the real server (Fastify, session and store check, zod, the members service; the look-up's
  per-user budget of 30 a minute is respected by sending each look-up as the next of 1,500 clerks of the store;
  the profile writes its \`member.view\` audit row and the look-up its find, as in production) on a pool of ${POOL_SIZE}.
- **bare**: node:http + pg, pool of ${POOL_SIZE}, no auth or validation, running the very SQL the service runs for
  the same request (captured by capture-sql.ts), all of a case's queries at once; a statement the service
  prepares runs as the same named prepared statement.

${options.warmup} s warm-up, then ${seconds} s per measurement. Goals: p95 ≤ ${GOALS.p95Ms} ms at ${LOW} connections; at ${HIGH}
connections ≥ ${GOALS.rpsRatio}× the bare handler's requests per second.

| case | queries | ours p50 / p95 ms @${LOW} | bare p50 / p95 ms @${LOW} | ours req/s @${HIGH} | bare req/s @${HIGH} | ratio | errors | goals (p95 / ratio) |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  // The hand-written notes below the marker survive a run.
  writeResultsKeepingNotes(here('./RESULTS.md'), text);
  console.log('wrote bench/members/RESULTS.md');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
