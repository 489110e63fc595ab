// Head-office administration at the size of a chain (issue 19). Not a test: `npm run bench:admin`.
//
// Seeds 50,000 users and 2,000 stores in 200 shop groups into a fresh PostgreSQL database (the migrations and
// the base seed first), builds the real application on it with a query recorder, and
// 1. runs the user list (用户管理) and the store list (门店管理) once per filter, EXPLAINs every statement they
//    ran and flags a sequential scan of users, stores or user_stores (a filter that does not answer from an index);
// 2. times sign-in, the menu and the store switch (the switcher's list and the switch) for a clerk holding all
//    2,000 stores against one holding one store, and prints the ratio (goal: within 1.5×).
// In-process (`app.inject`): what is measured is the server's own work, not the network. Writes RESULTS.md.
//
// Options: --database-url postgres://… (admin URL; default postgres://root@127.0.0.1:5432/postgres),
// --users 50000, --stores 2000, --groups 200, --rounds 30, --keep (keep the database).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AUTH_PATHS, STORE_ADMIN_PATHS, STORE_PATHS, USER_ADMIN_PATHS } from '@console/contract';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppInstance } from '../../apps/server/src/app-types.js';
import { testConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { seedBaseData } from '../../apps/server/src/db/seed/index.js';
import { hashPassword } from '../../apps/server/src/modules/auth/password.js';
import { createOutboxSmsProvider } from '../../apps/server/src/platform/sms.js';
import { passwordLogin } from '../../apps/server/src/test/fixtures.js';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    users: { type: 'string', default: '50000' },
    stores: { type: 'string', default: '2000' },
    groups: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});
const USERS = Number(options.users);
const STORES = Number(options.stores);
const GROUPS = Number(options.groups);
const ROUNDS = Number(options.rounds);
const PASSWORD = 'Bench@2026!';
const RATIO_GOAL = 1.5;
/** Tables a list filter must reach through an index at this size. */
const BIG_TABLES = ['users', 'stores', 'user_stores'];

const adminUrl = options['database-url'];
const dbName = `bench_admin_${process.pid}`;
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const step = async (label: string, run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
};

/** Stores, groups, users and their grants, with INSERT … SELECT generate_series. */
async function seedChain(client: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  await step(`${GROUPS} shop groups`, () =>
    client.query(
      `insert into shop_groups (front_title, sort) select '压测区' || g, g from generate_series(1, $1) g`,
      [GROUPS],
    ),
  );
  await step(`${STORES.toLocaleString()} stores`, () =>
    client.query(
      `insert into stores (shop_code, shop_name, business_scope_name, shop_group_id, shop_province_code,
         shop_city_code, shop_county_code, latitude, longitude, enabled)
       select 'BA' || lpad(s::text, 5, '0'), '压测门店' || s, '压测门店' || s,
         (select id from shop_groups where front_title = '压测区' || (1 + s % $2)),
         (array['110000','310000','440000','330000'])[1 + s % 4],
         (array['110100','310100','440100','330100'])[1 + s % 4],
         (array['110115','310115','440106','330106'])[1 + s % 4],
         30 + (s % 100) * 0.1, 110 + (s % 100) * 0.1, s % 10 <> 0
       from generate_series(1, $1) s`,
      [STORES, GROUPS],
    ),
  );
  const staffRole = (await client.query(`select id from roles where permission = 'store_staff'`)).rows[0]!.id;
  const depts = (await client.query(`select id from departments order by id`)).rows.map(
    (r) => r.id as number,
  );
  await step(`${USERS.toLocaleString()} users with a role and 1–3 stores`, async () => {
    await client.query(
      `insert into users (username, nick_name, work_code, phone, password_hash, enabled, dept_id)
       select 'bench' || u, '压测员工' || u, 'BW' || lpad(u::text, 6, '0'), '139' || lpad(u::text, 8, '0'),
         $2, u % 20 <> 0, ($3::int[])[1 + u % array_length($3::int[], 1)]
       from generate_series(1, $1) u`,
      [USERS, hash, depts],
    );
    await client.query(
      `insert into user_roles (user_id, role_id) select id, $1 from users where username like 'bench%'`,
      [staffRole],
    );
    await client.query(
      `insert into user_stores (user_id, store_id)
       select distinct u.id, s.id from users u
       cross join generate_series(0, 2) k
       join stores s on s.shop_code = 'BA' || lpad((1 + (u.id * 7 + k * 131) % $1)::text, 5, '0')
       where u.username like 'bench%' and k <= u.id % 3`,
      [STORES],
    );
  });
  const adminRole = (await client.query(`select id from roles where permission = 'admin'`)).rows[0]!.id;
  const { rows: benchAdmin } = await client.query(
    `insert into users (username, nick_name, work_code, phone, password_hash)
     values ('benchadmin', '压测管理员', 'BW_ADMIN', null, $1) returning id`,
    [hash],
  );
  await client.query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [
    benchAdmin[0].id,
    adminRole,
  ]);
  // The two clerks compared: one holding every store, one holding one.
  for (const [username, code] of [
    ['allstores', 'BW_ALL'],
    ['onestore', 'BW_ONE'],
  ] as const) {
    const { rows } = await client.query(
      `insert into users (username, nick_name, work_code, phone, password_hash)
       values ($1, $1, $2, null, $3) returning id`,
      [username, code, hash],
    );
    await client.query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [rows[0].id, staffRole]);
    await client.query(
      `insert into user_stores (user_id, store_id)
       select $1, id from stores where shop_code like 'BA%' and ($2 or shop_code = 'BA00001')`,
      [rows[0].id, username === 'allstores'],
    );
  }
  // What autovacuum does to a table after a bulk load: statistics, and the visibility map index-only scans use.
  await client.query('vacuum analyze');
}

type Recorded = { text: string; values: unknown[] };

async function openApp(recording: Recorded[]) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzle({
    client: pool,
    logger: { logQuery: (text, values) => recording.push({ text, values }) },
  }) as unknown as Database;
  const migrator = await openDatabase({ databaseUrl }, 2);
  await migrateDatabase(migrator);
  await migrator.close();
  await seedBaseData(db);
  const clock = () => new Date();
  const app = await buildApp({
    config: testConfig({}),
    db,
    dbKind: 'postgres',
    clock,
    sms: createOutboxSmsProvider(db),
    redis: null,
  });
  await app.ready();
  return { app, db, pool, close: async () => (await app.close(), await pool.end()) };
}

async function signIn(app: AppInstance, username: string): Promise<string> {
  const response = await passwordLogin(app, { username, password: PASSWORD });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username}: ${response.body}`);
  return response.json<{ data: { token: string } }>().data.token;
}

/** The whole plan of one recorded statement, as text without costs. */
async function planText(client: pg.Pool, query: Recorded): Promise<string> {
  const { rows } = await client.query(`explain (costs off) ${query.text}`, query.values);
  return rows.map((r) => r['QUERY PLAN'] as string).join('\n');
}

/** The plans of the statements a call ran, one block per statement. */
async function planBlocks(client: pg.Pool, recorded: Recorded[]): Promise<string[]> {
  const blocks: string[] = [];
  for (const query of recorded.filter((q) => /^\s*(select|with)/i.test(q.text)))
    blocks.push('```', await planText(client, query), '```');
  return blocks;
}

/** The plan of one recorded statement: the scans of the big tables it does. */
async function scansOf(client: pg.Pool, query: Recorded): Promise<string[]> {
  const { rows } = await client.query(`explain (format json) ${query.text}`, query.values);
  const scans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const relation = node['Relation Name'] as string | undefined;
    if (relation && BIG_TABLES.includes(relation)) {
      const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
      scans.push(`${node['Node Type']} on ${relation}${index}`);
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return scans;
}

const medianOf = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Medians of two calls timed in alternation (a, b, a, b, …), so both meet the same load of the machine: on a
 * shared machine, timing one call's rounds and then the other's compares two different moments.
 */
async function pairedMedians(
  rounds: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number, number]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < rounds; i++) {
    timesA.push(await timed(a));
    timesB.push(await timed(b));
  }
  return [medianOf(timesA), medianOf(timesB)];
}

async function main() {
  console.log(`Seeding ${dbName}…`);
  await withAdmin((client) => client.query(`create database ${dbName}`));
  const recording: Recorded[] = [];
  const lines: string[] = [];
  let ours: Awaited<ReturnType<typeof openApp>> | null = null;
  try {
    ours = await openApp(recording);
    const seedClient = new pg.Client({ connectionString: databaseUrl });
    await seedClient.connect();
    await seedChain(seedClient);
    await seedClient.end();
    const { app, pool } = ours;
    const admin = await signIn(app, 'benchadmin');
    const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response;
    };

    const group = (await pool.query(`select id from shop_groups where front_title = '压测区7'`)).rows[0].id;
    const dept = (await pool.query(`select dept_id from users where username = 'bench77'`)).rows[0].dept_id;
    const role = (await pool.query(`select id from roles where permission = 'store_staff'`)).rows[0].id;
    const listCases: [string, string, object][] = [
      ['users: first page', USER_ADMIN_PATHS.page, {}],
      ['users: keyword (name part)', USER_ADMIN_PATHS.page, { keyword: '压测员工4711' }],
      ['users: keyword (phone)', USER_ADMIN_PATHS.page, { keyword: '13900004711' }],
      ['users: department', USER_ADMIN_PATHS.page, { deptId: dept }],
      ['users: role', USER_ADMIN_PATHS.page, { roleId: role }],
      ['users: store', USER_ADMIN_PATHS.page, { shopCode: 'BA00777' }],
      ['users: disabled', USER_ADMIN_PATHS.page, { enabled: false }],
      ['users: page 100', USER_ADMIN_PATHS.page, { pageNum: 100, pageSize: 20 }],
      ['stores: first page', STORE_ADMIN_PATHS.page, {}],
      ['stores: keyword (code prefix)', STORE_ADMIN_PATHS.page, { keyword: 'BA0077' }],
      ['stores: keyword (name prefix)', STORE_ADMIN_PATHS.page, { keyword: '压测门店77' }],
      ['stores: group', STORE_ADMIN_PATHS.page, { shopGroupId: group }],
      ['stores: area (city)', STORE_ADMIN_PATHS.page, { areaCode: '310100' }],
      ['stores: closed', STORE_ADMIN_PATHS.page, { status: 'closed' }],
    ];
    lines.push('## Plans of the list filters', '');
    lines.push('| case | ms | scans of users / stores / user_stores |', '|---|---|---|');
    let seqScans = 0;
    const fullPlans: string[] = ['## The plans in full', ''];
    for (const [name, url, body] of listCases) {
      recording.length = 0;
      const started = performance.now();
      await call('POST', url, admin, body);
      const ms = performance.now() - started;
      const scans = new Set<string>();
      for (const query of recording.filter((q) => /^\s*(select|with)/i.test(q.text)))
        for (const scan of await scansOf(pool, query)) scans.add(scan);
      const seq = [...scans].filter((s) => s.startsWith('Seq Scan'));
      seqScans += seq.length;
      lines.push(`| ${name} | ${ms.toFixed(1)} | ${[...scans].join('; ') || '—'}${seq.length ? ' ⚠' : ''} |`);
      fullPlans.push(`### ${name}`, '', ...(await planBlocks(pool, recording)), '');
      console.log(`  ${name}: ${ms.toFixed(1)} ms, ${[...scans].join('; ')}`);
    }

    lines.push('', `## A clerk holding ${STORES.toLocaleString()} stores against one holding one`, '');
    lines.push('| call | all stores (median ms) | one store (median ms) | ratio |', '|---|---|---|---|');
    const tokens = { all: await signIn(app, 'allstores'), one: await signIn(app, 'onestore') };
    // An open store (every tenth is closed) in the middle of the all-stores clerk's list.
    const storeOf = { all: `BA${String(Math.floor(STORES / 2) + 1).padStart(5, '0')}`, one: 'BA00001' };
    const idOf = async (username: string) =>
      (await pool.query(`select id from users where username = $1`, [username])).rows[0].id as number;
    const userIdOf = { all: await idOf('allstores'), one: await idOf('onestore') };
    const calls: [string, (who: 'all' | 'one') => Promise<unknown>][] = [
      ['sign-in', (who) => signIn(app, who === 'all' ? 'allstores' : 'onestore')],
      ['menu', (who) => call('GET', AUTH_PATHS.menus, tokens[who])],
      [
        'switcher list',
        (who) => call('POST', STORE_PATHS.shopGroups, tokens[who], { pageNum: 1, pageSize: 20 }),
      ],
      [
        'store switch',
        (who) =>
          call('POST', STORE_PATHS.saveLastStore, tokens[who], {
            storeCode: storeOf[who],
            userId: userIdOf[who],
          }),
      ],
    ];
    for (const who of ['all', 'one'] as const) {
      recording.length = 0;
      await calls[2]![1](who);
      fullPlans.push(`### switcher list, ${who === 'all' ? 'all stores' : 'one store'}`, '');
      fullPlans.push(...(await planBlocks(pool, recording)), '');
    }
    let worst = 0;
    for (const [name, run] of calls) {
      await pairedMedians(
        3,
        () => run('all'),
        () => run('one'),
      );
      const [all, one] = await pairedMedians(
        ROUNDS,
        () => run('all'),
        () => run('one'),
      );
      worst = Math.max(worst, all / one);
      lines.push(`| ${name} | ${all.toFixed(1)} | ${one.toFixed(1)} | ${(all / one).toFixed(2)}× |`);
      console.log(
        `  ${name}: all ${all.toFixed(1)} ms, one ${one.toFixed(1)} ms, ${(all / one).toFixed(2)}×`,
      );
    }
    const verdict = [
      `Sequential scans of a big table in the list filters: ${seqScans} (goal 0).`,
      `Worst ratio all stores / one store: ${worst.toFixed(2)}× (goal ≤ ${RATIO_GOAL}×).`,
    ];
    console.log(verdict.join('\n'));
    writeFileSync(
      new URL('./RESULTS.md', import.meta.url),
      [
        '# Head-office administration at chain size (`npm run bench:admin`)',
        '',
        `${USERS.toLocaleString()} users, ${STORES.toLocaleString()} stores in ${GROUPS} groups, PostgreSQL, in-process calls; ${new Date().toISOString()}.`,
        // A shared machine's load inflates every time; the ratios time both calls in alternation (pairedMedians).
        `Load average at the end ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; ${ROUNDS} rounds per call.`,
        '',
        ...verdict,
        '',
        ...lines,
        '',
        ...fullPlans,
      ].join('\n'),
    );
  } finally {
    await ours?.close();
    if (!options.keep)
      await withAdmin((client) => client.query(`drop database if exists ${dbName} with (force)`));
  }
}

await main();
