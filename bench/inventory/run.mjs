// Inventory scale benchmark (issue 21 point 8). Not a test: `npm run bench:inventory`.
//
// Keeps a database `inv_bench` between runs (`--reseed` rebuilds it): 2,000 stores × 20,000 SKUs of on-hand rows
// (40,000,000), 5,000,000 movements and a transfer history, all generated set-based in PostgreSQL. Each run starts
// our server on it and a bare node:http + pg handler that runs the very SQL our service runs for the same request
// (captured through the service, bench/inventory/capture-sql.ts; a ship is replayed for the transfer each request
// names, bench/support/replay.mjs), and measures the measured store's stock list, its transfer-out list and a
// transfer's ship step at 4 and at 32 keep-alive connections. Then 50 transfers contest one batch (more demand
// than on-hand) with concurrent batch confirmations and double ships, and the ledger is summed against the
// balances. Prints the figures; bench/inventory/RESULTS.md is written by hand from them.
//
// Options: --database-url postgres://… (admin URL), --database inv_bench, --reseed, --stores 2000, --skus 20000,
// --movements 5000000, --transfers 400000, --seconds 10, --warmup 3, --ships 40000 (ready transfers to keep),
// --contest 50, --only stock-list,transfer-list,ship (cases to measure).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runLoad } from '../orders/load.mjs';
import { REPO_ROOT, startBare, startOurs } from '../support/servers.mjs';
import { withCpuPerRequest } from '../support/cpu-use.mjs';
import { replayPlan } from '../support/replay.mjs';
import {
  BENCH_STORE_CODE,
  CONTEST_STORE_CODE,
  benchIds,
  prepareContest,
  prepareShips,
  seedInventory,
  sessionFor,
} from './seed.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const API = {
  stockList: '/tec/inventory/stock/list',
  transferList: '/tec/inventory/transfer/list',
  confirmBatch: '/tec/inventory/transfer/confirmBatch',
  ship: '/tec/inventory/transfer/ship',
  decide: '/tec/inventory/audit/decide',
};
/** Our server's pool (db/client.ts openDatabase default); the bare handler gets the same. */
const POOL_SIZE = 10;
const GOALS = { p95Ms: 15, rpsRatio: 0.8 };
const CONNECTIONS = [4, 32];

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'inv_bench' },
    reseed: { type: 'boolean', default: false },
    stores: { type: 'string', default: '2000' },
    skus: { type: 'string', default: '20000' },
    movements: { type: 'string', default: '5000000' },
    transfers: { type: 'string', default: '400000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    ships: { type: 'string', default: '40000' },
    contest: { type: 'string', default: '50' },
    only: { type: 'string', default: 'stock-list,transfer-list,ship' },
  },
});
const sizes = {
  stores: Number(options.stores),
  skus: Number(options.skus),
  movements: Number(options.movements),
  transfers: Number(options.transfers),
};
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The bench database, created (and seeded) when missing or asked to; answers its URL and the seed record. */
async function benchDatabase() {
  const name = options.database;
  const url = new URL(options['database-url']);
  url.pathname = `/${name}`;
  const exists = await withClient(options['database-url'], async (admin) => {
    const found = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (found && !options.reseed) return true;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return false;
  });
  return { url: url.toString(), fresh: !exists };
}

async function seedRecord(url, fresh) {
  return withClient(url, async (client) => {
    if (fresh) {
      console.log(`seeding ${JSON.stringify(sizes)}…`);
      const started = Date.now();
      const times = await seedInventory(client, sizes);
      const record = {
        sizes,
        times,
        totalSeconds: (Date.now() - started) / 1000,
        at: new Date().toISOString(),
      };
      await client.query('create table inv_bench_seed (record jsonb not null)');
      await client.query('insert into inv_bench_seed values ($1)', [record]);
      return record;
    }
    const found = await client.query('select record from inv_bench_seed').catch(() => null);
    if (!found?.rows[0])
      throw new Error('inv_bench is not seeded (an earlier seed stopped?): run with --reseed');
    const record = found.rows[0].record;
    if (Object.entries(sizes).some(([key, n]) => record.sizes[key] !== n))
      console.log(
        `note: the kept database has ${JSON.stringify(record.sizes)}; --reseed to seed these sizes`,
      );
    return record;
  });
}

const busy = { retries: 0 };
/**
 * One call as a clerk makes it: a 503 (the pool had no connection free within its 5 s while the others queue on
 * the contested row) is tried again after a pause, as the clerk would; the retries are counted.
 */
async function post(port, pathName, token, body) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${port}${pathName}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = { status: response.status, body: await response.json().catch(() => null) };
    if (answer.status !== 503 || attempt === 10) return answer;
    busy.retries += 1;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A queue of ready transfers: each ship takes the next one; the load stops when it is empty. */
function shipQueue(ids) {
  let next = 0;
  return {
    take: () => (next < ids.length ? ids[next++] : null),
    used: () => next,
    left: () => ids.length - next,
  };
}

async function measure(request, connections, pid) {
  await runLoad({ ...request(), connections, seconds: Number(options.warmup) });
  return withCpuPerRequest(pid, () =>
    runLoad({ ...request(), connections, seconds: Number(options.seconds) }),
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of the read queries of a case: time, buffers and the plan's nodes. */
async function explain(client, steps) {
  const lines = [];
  for (const step of steps) {
    if (!/^\s*(select|with)\b/i.test(step.text) || /for update/i.test(step.text)) continue;
    const plan = (await client.query(`explain (analyze, buffers, format json) ${step.text}`, step.values))
      .rows[0]['QUERY PLAN'][0];
    const nodes = [];
    const walk = (node) => {
      nodes.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
    lines.push({
      sql: step.text.replace(/\s+/g, ' ').slice(0, 100),
      ms: plan['Execution Time'],
      hit: plan.Plan['Shared Hit Blocks'],
      read: plan.Plan['Shared Read Blocks'],
      plan: [...new Set(nodes)].join(' → '),
    });
  }
  return lines;
}

/**
 * 50 transfers out of one batch that holds less than they want, all at once: each confirms its shipping batch
 * (the reservation decides who gets stock), the approver passes the shipping audit, and each ready transfer is
 * shipped twice at the same moment. Then every movement of the batch is summed against the balances.
 */
async function contest(url, port, tokens, ids) {
  const onHand = 100;
  const each = 3;
  const count = Number(options.contest);
  const setup = await withClient(url, (client) => prepareContest(client, ids, { onHand, count, each }));
  const tally = {
    confirmed: 0,
    confirmRefused: 0,
    refusedCodes: {},
    approved: 0,
    shipped: 0,
    shipRefused: 0,
    other: [],
  };
  const note = (what, r) => tally.other.push(`${what} ${r.status} ${r.body?.errorMsg ?? ''}`);
  const taskOf = (client, transferId) =>
    client
      .query(`select id from approval_tasks where doc_id = $1 and busi_type = 3 and status = 'pending'`, [
        transferId,
      ])
      .then((r) => r.rows[0]?.id);
  await withClient(url, (client) =>
    Promise.all(
      setup.transfers.map(async (t) => {
        const confirm = await post(port, API.confirmBatch, tokens.clerk, {
          storeCode: CONTEST_STORE_CODE,
          id: t.id,
          lines: [{ lineId: t.line_id, batchNo: setup.batchNo, quantity: each }],
        });
        if (confirm.status === 409) {
          const code = confirm.body?.errorCode ?? 'unknown';
          tally.confirmRefused += 1;
          tally.refusedCodes[code] = (tally.refusedCodes[code] ?? 0) + 1;
          return;
        }
        if (confirm.status !== 200) return note('confirm', confirm);
        tally.confirmed += 1;
        const decided = await post(port, API.decide, tokens.approver, {
          storeCode: CONTEST_STORE_CODE,
          id: await taskOf(client, t.id),
          decision: 'approve',
        });
        if (decided.status !== 200) return note('approve', decided);
        tally.approved += 1;
        const ships = await Promise.all(
          [0, 1].map(() => post(port, API.ship, tokens.clerk, { storeCode: CONTEST_STORE_CODE, id: t.id })),
        );
        for (const s of ships)
          if (s.status === 200) tally.shipped += 1;
          else if (s.status === 409) tally.shipRefused += 1;
          else note('ship', s);
      }),
    ),
  );
  const ledger = await withClient(url, async (client) => {
    const balances = (
      await client.query(
        `select b.store_id, b.on_hand, b.reserved, b.in_transit,
                coalesce(sum(m.on_hand_delta), 0)::int as sum_on_hand,
                coalesce(sum(m.reserved_delta), 0)::int as sum_reserved,
                coalesce(sum(m.in_transit_delta), 0)::int as sum_in_transit
         from stock_balances b left join stock_movements m on m.balance_id = b.id
         where b.sku_id = $1 and b.batch_no = $2 group by b.id order by b.store_id`,
        [setup.skuId, setup.batchNo],
      )
    ).rows;
    const states = (
      await client.query(
        `select status, count(*)::int as n from stock_transfers where id = any($1) group by status order by status`,
        [setup.transfers.map((t) => t.id)],
      )
    ).rows;
    return { balances, states };
  });
  const giving = ledger.balances.find((b) => b.store_id === ids.contest_store_id);
  const receivers = ledger.balances.filter((b) => b.store_id !== ids.contest_store_id);
  const inTransit = receivers.reduce((n, b) => n + b.in_transit, 0);
  const shippedUnits = tally.shipped * each;
  const mismatched = ledger.balances.filter(
    (b) => b.on_hand !== b.sum_on_hand || b.reserved !== b.sum_reserved || b.in_transit !== b.sum_in_transit,
  );
  return {
    onHand,
    each,
    count,
    tally,
    giving,
    receivers: receivers.length,
    inTransit,
    shippedUnits,
    states: ledger.states,
    mismatched,
    lost: onHand - giving.on_hand - inTransit,
    oversold: giving.on_hand < 0 || shippedUnits > onHand,
  };
}

/** Every bench ship moved its two lines: two `ship` movements out of the giving store, two into the receiver. */
async function shipLedgerCheck(url, shippedIds) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select t.status, count(distinct t.id)::int as transfers, count(m.id)::int as movements,
              coalesce(sum(m.on_hand_delta), 0)::int as on_hand, coalesce(sum(m.in_transit_delta), 0)::int as in_transit
       from stock_transfers t left join stock_movements m on m.doc_type = 'transfer' and m.doc_id = t.id and m.reason = 'ship'
       where t.id = any($1) group by t.status`,
      [shippedIds],
    );
    return rows;
  });
}

async function main() {
  console.log(`load average at start: ${load()}`);
  const database = await benchDatabase();
  const children = [];
  try {
    const ours = await startOurs(database.url);
    children.push(ours.child);
    const seed = await seedRecord(database.url, database.fresh);
    console.log(`seed: ${JSON.stringify(seed)}`);
    const ids = await withClient(database.url, (client) => benchIds(client));
    const tokens = await withClient(database.url, async (client) => ({
      clerk: await sessionFor(client, 'inv_bench_clerk'),
      approver: await sessionFor(client, 'inv_bench_approver'),
    }));
    const prepStarted = Date.now();
    const readyIds = await withClient(database.url, (client) =>
      prepareShips(client, ids, Number(options.ships)),
    );
    console.log(`${readyIds.length} ready transfers (${fmt((Date.now() - prepStarted) / 1000)} s)`);

    const actor = {
      storeId: ids.store_id,
      storeName: ids.store_name,
      userId: ids.clerk_id,
      nickName: '库存压测店长',
      // An InventoryActor's client, as http/client.ts internalClient() makes it (this crosses to the capture
      // process as JSON): the captured audit insert then carries the same IP as the service writes.
      client: { ip: '127.0.0.1', userAgent: '', request: null },
    };
    const permissions = await withClient(database.url, async (client) =>
      (
        await client.query(
          `select distinct m.permission from user_roles ur join role_menus rm on rm.role_id = ur.role_id
           join menus m on m.id = rm.menu_id where ur.user_id = $1 and m.permission <> ''
           union select r.permission from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1`,
          [ids.clerk_id],
        )
      ).rows.map((r) => r.permission),
    );
    const [shipA, shipB] = readyIds;
    const queue = shipQueue(readyIds.slice(2));
    const stockBody = { storeCode: BENCH_STORE_CODE, pageNum: 1, pageSize: 20 };
    const transferBody = { storeCode: BENCH_STORE_CODE, side: 'out', pageNum: 1, pageSize: 20 };
    const captureCases = [
      { name: 'stock-list', kind: 'stock', actor: { ...actor, permissions }, body: stockBody },
      { name: 'transfer-list', kind: 'transfers', actor: { ...actor, permissions }, body: transferBody },
      { name: 'ship-a', kind: 'ship', actor: { ...actor, permissions }, body: { id: shipA } },
      { name: 'ship-b', kind: 'ship', actor: { ...actor, permissions }, body: { id: shipB } },
    ];
    const work = mkdtempSync(path.join(os.tmpdir(), 'bench-inventory-'));
    writeFileSync(path.join(work, 'cases.json'), JSON.stringify(captureCases));
    const captured = JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', here('./capture-sql.ts'), database.url, path.join(work, 'cases.json')],
        { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
      ).toString(),
    );
    const plan = replayPlan(captured['ship-a'], captured['ship-b'], { id: shipA }, { id: shipB });
    console.log(
      `ship: ${plan.length} queries (${plan.filter((s) => /^(insert|update)/i.test(s.text)).length} writes)`,
    );
    const queriesFile = path.join(work, 'queries.json');
    writeFileSync(
      queriesFile,
      JSON.stringify({
        'stock-list': captured['stock-list'],
        'transfer-list': captured['transfer-list'],
        ship: { replay: plan },
      }),
    );
    const bare = await startBare(database.url, POOL_SIZE, queriesFile);
    children.push(bare.child);

    const oursRequest = {
      'stock-list': () => ({ method: 'POST', path: API.stockList, body: stockBody }),
      'transfer-list': () => ({ method: 'POST', path: API.transferList, body: transferBody }),
      ship: () => ({
        method: 'POST',
        path: API.ship,
        next: () => {
          const id = queue.take();
          return id === null ? null : { body: { storeCode: BENCH_STORE_CODE, id } };
        },
      }),
    };
    const bareRequest = {
      'stock-list': () => ({ method: 'GET', path: '/stock-list' }),
      'transfer-list': () => ({ method: 'GET', path: '/transfer-list' }),
      ship: () => ({
        method: 'GET',
        next: () => {
          const id = queue.take();
          return id === null ? null : { path: `/ship?id=${id}` };
        },
      }),
    };
    const results = [];
    const cases = options.only.split(',');
    for (const name of cases) {
      for (const connections of CONNECTIONS) {
        const o = await measure(
          () => ({
            host: '127.0.0.1',
            port: ours.port,
            headers: { authorization: `Bearer ${tokens.clerk}` },
            ...oursRequest[name](),
          }),
          connections,
          ours.child.pid,
        );
        const b = await measure(
          () => ({ host: '127.0.0.1', port: bare.port, ...bareRequest[name]() }),
          connections,
          bare.child.pid,
        );
        results.push({ name, connections, ours: o, bare: b });
        console.log(
          `${name.padEnd(14)} c=${String(connections).padStart(2)} ours p50 ${fmt(o.p50)} p95 ${fmt(o.p95)} p99 ${fmt(o.p99)} ms ` +
            `${fmt(o.rps, 0)} rps (${o.requests} req, ${o.errors} errors) | bare p50 ${fmt(b.p50)} p95 ${fmt(b.p95)} ` +
            `p99 ${fmt(b.p99)} ms ${fmt(b.rps, 0)} rps (${b.requests} req, ${b.errors} errors) | ratio ${fmt(o.rps / b.rps, 2)}`,
        );
        console.log(
          `${''.padEnd(14)}      CPU per request: ours node ${fmt(o.serverCpuMs, 2)} ms, PostgreSQL ${fmt(o.postgresCpuMs, 2)} ms | ` +
            `bare node ${fmt(b.serverCpuMs, 2)} ms, PostgreSQL ${fmt(b.postgresCpuMs, 2)} ms | node ratio ${fmt(b.serverCpuMs / o.serverCpuMs, 2)}`,
        );
      }
    }
    console.log(`ship queue: ${queue.used()} used, ${queue.left()} left`);
    console.log('\ngoals (p95 ≤ 15 ms at 4 connections; req/s ≥ 0.8× bare at 32):');
    for (const name of cases) {
      const at4 = results.find((r) => r.name === name && r.connections === 4);
      const at32 = results.find((r) => r.name === name && r.connections === 32);
      console.log(
        `  ${name.padEnd(14)} p95@4 ${fmt(at4.ours.p95)} ms ${at4.ours.p95 <= GOALS.p95Ms ? 'met' : 'MISSED'}; ` +
          `ratio@32 ${fmt(at32.ours.rps / at32.bare.rps, 2)} ${at32.ours.rps / at32.bare.rps >= GOALS.rpsRatio ? 'met' : 'MISSED'}`,
      );
    }

    if (cases.includes('ship')) {
      const shipped = readyIds.slice(0, queue.used() + 2);
      console.log('\nship ledger check (ship movements of every transfer the bench shipped, ours and bare):');
      for (const row of await shipLedgerCheck(database.url, shipped)) console.log(`  ${JSON.stringify(row)}`);
    }

    console.log('\nquery plans (EXPLAIN ANALYZE, BUFFERS, after the load):');
    await withClient(database.url, async (client) => {
      for (const name of ['stock-list', 'transfer-list', 'ship-b'])
        for (const line of await explain(client, captured[name]))
          console.log(
            `  ${name}: ${fmt(line.ms, 2)} ms, hit ${line.hit} read ${line.read} — ${line.sql}… — ${line.plan}`,
          );
    });

    const c = await contest(database.url, ours.port, tokens, ids);
    console.log(
      `\ncontested stock: batch of ${c.onHand} units, ${c.count} transfers wanting ${c.each} each (${c.count * c.each} units)`,
    );
    console.log(
      `  batch confirmations: ${c.tally.confirmed} reserved, ${c.tally.confirmRefused} refused 409 ${JSON.stringify(c.tally.refusedCodes)}`,
    );
    console.log(
      `  shipping audits approved: ${c.tally.approved}; calls retried after a 503: ${busy.retries}`,
    );
    console.log(
      `  ships (two at once per ready transfer): ${c.tally.shipped} shipped, ${c.tally.shipRefused} refused 409`,
    );
    if (c.tally.other.length) console.log(`  unexpected answers: ${c.tally.other.join('; ')}`);
    console.log(`  transfer states: ${c.states.map((s) => `${s.status} ${s.n}`).join(', ')}`);
    console.log(
      `  giving store: on-hand ${c.giving.on_hand} (movements sum ${c.giving.sum_on_hand}), reserved ${c.giving.reserved} (sum ${c.giving.sum_reserved})`,
    );
    console.log(
      `  ${c.receivers} receiving balances: in-transit ${c.inTransit} = shipped ${c.shippedUnits} units`,
    );
    console.log(
      `  units lost: ${c.lost}; oversold: ${c.oversold ? 'YES' : 'no'}; balances whose movements do not sum to them: ${c.mismatched.length}`,
    );
    if (c.lost !== 0 || c.oversold || c.mismatched.length || c.inTransit !== c.shippedUnits)
      process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    console.log(`load average at end: ${load()}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
