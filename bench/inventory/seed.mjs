// Bulk seed of the inventory benchmark, all set-based in PostgreSQL (INSERT … SELECT generate_series, no
// row-by-row): stores, SKUs, one on-hand row per store and SKU, the movement history and a transfer history.
// Kept between runs in its own database; `prepareShips` and `prepareContest` add what one run consumes.
import { createHash, randomBytes } from 'node:crypto';

export const STORE_PREFIX = 'IB';
/** The measured store: its stock list, its transfer-out list, and the giving store of the ship step. */
export const BENCH_STORE_CODE = 'IB0001';
/** The giving store of the contested ships (its own store, so the measured figures do not mix with it). */
export const CONTEST_STORE_CODE = 'IB0002';
const BATCH = 'B2601';

const storeCode = (i) => `'${STORE_PREFIX}' || lpad((${i})::text, 4, '0')`;

async function timed(client, label, sql, params = []) {
  const started = Date.now();
  const result = await client.query(sql, params);
  const seconds = (Date.now() - started) / 1000;
  console.log(`  ${label} (${seconds.toFixed(1)} s)`);
  return { result, seconds };
}

/**
 * Seeds `stores` stores, `skus` SKUs, stores × skus balances, `movements` movements and `transfers` transfers (two
 * lines each). Balances are written SKU by SKU across all stores, so a store's rows are spread over the table as
 * they would be after years of receipts, not packed together. Answers the seconds of each step.
 */
export async function seedInventory(client, { stores, skus, movements, transfers }) {
  const times = {};
  const step = async (key, label, sql, params) => {
    times[key] = (await timed(client, label, sql, params)).seconds;
  };
  await step(
    'stores',
    `${stores} stores`,
    `with grp as (insert into shop_groups (front_title) values ('库存压测区') returning id)
     insert into stores (shop_code, shop_name, business_scope_name, shop_group_id, latitude, longitude)
     select ${storeCode('s')}, '库存压测店' || s, '库存压测店' || s, grp.id, 30 + (s % 100) * 0.1, 110 + (s / 100) * 0.1
     from generate_series(1, $1) s, grp`,
    [stores],
  );
  await step(
    'skus',
    `${skus} SKUs`,
    `insert into skus (sku_code, name, spec, kind, price_cents, category)
     select 'IBS' || lpad(k::text, 6, '0'),
            (array['鲜肉','豆沙','五仁','蛋黄','莲蓉','枣泥','火腿','椰蓉'])[1 + k % 8] || (array['月饼','酥','糕','饼干','面包'])[1 + (k / 8) % 5] || k,
            (array['6枚装','12枚装','散装','礼盒'])[1 + k % 4], 'retail', 500 + (k % 50) * 100, '糕点'
     from generate_series(1, $1) k`,
    [skus],
  );
  const storeBase = Number(
    (await client.query(`select min(id) - 1 as base from stores where shop_code like '${STORE_PREFIX}%'`))
      .rows[0].base,
  );
  const skuBase = Number(
    (await client.query(`select min(id) - 1 as base from skus where sku_code like 'IBS%'`)).rows[0].base,
  );

  // 40,000,000 rows: the indexes are built after the rows (one sort each instead of 40M index inserts), and the
  // foreign-key triggers are off for the session (the rows reference the stores and SKUs just made).
  await client.query('set session_replication_role = replica');
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query('alter table stock_balances drop constraint stock_balances_pkey cascade');
  await client.query('drop index stock_balances_key, stock_balances_sku_idx');
  await client.query('drop index stock_movements_balance_idx, stock_movements_doc_idx');
  // Balance id = (sku - 1) × stores + store: the movements below find their balance by arithmetic.
  await step(
    'balances',
    `${(stores * skus).toLocaleString()} balances`,
    `insert into stock_balances (id, store_id, sku_id, batch_no, production_date, expiry_date, on_hand, reserved,
       in_transit, updated_at)
     select (k - 1)::bigint * $2 + s, $3 + s, $4 + k, '${BATCH}', date '2026-01-01' + (k % 90),
            date '2026-01-01' + (k % 90) + 180 + (k % 4) * 90, 2000 + ((k * 7 + s * 13) % 1000), 0, 0,
            now() - make_interval(days => (k + s) % 300)
     from generate_series(1, $1) k, generate_series(1, $2) s`,
    [skus, stores, storeBase, skuBase],
  );
  await step(
    'balanceIndexes',
    'balance indexes',
    `alter table stock_balances add constraint stock_balances_pkey primary key (id);
     create unique index stock_balances_key on stock_balances (store_id, sku_id, batch_no);
     create index stock_balances_sku_idx on stock_balances (sku_id, store_id);
     alter table stock_movements add constraint stock_movements_balance_id_stock_balances_id_fk
       foreign key (balance_id) references stock_balances (id) not valid`,
  );
  await client.query(
    `select setval(pg_get_serial_sequence('stock_balances', 'id'), (select max(id) from stock_balances))`,
  );

  const user = await benchUsers(client, storeBase);
  // Two clerks in every store: a store's messages (a shipment's 5 to the receiving store) have someone to reach.
  await step(
    'staff',
    'store staff',
    `with staff as (
       insert into users (username, nick_name, work_code, password_hash)
       select 'ib_staff_' || s || '_' || n, '店员' || s || '-' || n, 'IBW' || s || '-' || n, 'no-password-sign-in'
       from generate_series(1, $1) s, generate_series(1, 2) n returning id, username
     ), linked as (
       insert into user_stores (user_id, store_id)
       select id, $2 + split_part(username, '_', 3)::int from staff returning user_id
     )
     insert into user_roles (user_id, role_id) select user_id, (select id from roles where permission = 'store_staff')
     from linked`,
    [stores, storeBase],
  );
  // The movement history: receipts and stock-take adjustments spread over every store and SKU.
  await step(
    'movements',
    `${movements.toLocaleString()} movements`,
    `insert into stock_movements (balance_id, store_id, sku_id, batch_no, on_hand_delta, reason, doc_type, doc_id,
       doc_no, user_id, created_at)
     select b, $3 + 1 + (b - 1) % $2, $4 + 1 + (b - 1) / $2, '${BATCH}',
            case when m % 10 = 0 then -1 else 20 end, case when m % 10 = 0 then 'adjust' else 'receipt' end,
            'receipt', m, 'RC' || lpad(m::text, 10, '0'), $5, now() - make_interval(mins => m % 500000)
     from generate_series(1, $1) m, lateral (select 1 + (m::bigint * 7919) % ($2::bigint * $6) as b) pick`,
    [movements, stores, storeBase, skuBase, user.clerkId, skus],
  );
  // A transfer history: every 50th transfer leaves the measured store, every 50th (offset) arrives there.
  await step(
    'transfers',
    `${transfers.toLocaleString()} transfers`,
    `insert into stock_transfers (id, transfer_no, origin, to_store_id, from_store_id, status, requested_by,
       remark, has_discrepancy, created_at, updated_at)
     overriding system value
     select t, 'TRB' || lpad(t::text, 10, '0'), case when t % 7 = 0 then 'dispatch' else 'apply' end,
            $3 + case when t % 50 = 25 then 1 else 1 + (t * 31 + 1) % $2 end,
            $3 + case when t % 50 = 0 then 1 else 1 + (t * 17 + 2) % $2 end,
            (array['received','received','received','cancelled','in_transit','partially_received','pending_accept','accepted'])[1 + t % 8],
            $4, '', t % 97 = 0, now() - make_interval(mins => ($1 - t) * 2), now() - make_interval(mins => ($1 - t) * 2)
     from generate_series(1, $1) t`,
    [transfers, stores, storeBase, user.clerkId],
  );
  // Two lines per transfer; to_store = from_store for a few generated rows is harmless for the list.
  await step(
    'transferLines',
    'transfer lines',
    `insert into stock_transfer_lines (transfer_id, sku_id, quantity, batch_no, ship_quantity, received_quantity)
     select t, $2 + 1 + (t * 2 + l) % $3, 5 + l, '${BATCH}', 5 + l, 5 + l
     from generate_series(1, $1) t, generate_series(0, 1) l`,
    [transfers, skuBase, skus],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('stock_transfers', 'id'), (select max(id) from stock_transfers))`,
  );
  await client.query('create index stock_movements_balance_idx on stock_movements (balance_id, id)');
  await client.query('create index stock_movements_doc_idx on stock_movements (doc_type, doc_id)');
  await client.query('set session_replication_role = origin');
  await step('analyze', 'vacuum analyze', 'vacuum analyze');
  return times;
}

/**
 * The bench's people: a clerk (store manager) of the measured and the contest store, and a head-office
 * approver; each signs in by a session written straight into the database. Answers the ids.
 */
async function benchUsers(client, storeBase) {
  const roleId = async (permission) =>
    (await client.query('select id from roles where permission = $1', [permission])).rows[0].id;
  const person = async (username, nick, workCode, role) => {
    const { rows } = await client.query(
      `insert into users (username, nick_name, work_code, password_hash) values ($1, $2, $3, 'no-password-sign-in')
       returning id`,
      [username, nick, workCode],
    );
    await client.query('insert into user_roles (user_id, role_id) values ($1, $2)', [
      rows[0].id,
      await roleId(role),
    ]);
    await client.query('insert into user_stores (user_id, store_id) values ($1, $2), ($1, $3)', [
      rows[0].id,
      storeBase + 1,
      storeBase + 2,
    ]);
    return rows[0].id;
  };
  return {
    clerkId: await person('inv_bench_clerk', '库存压测店长', 'IBC001', 'store_manager'),
    approverId: await person('inv_bench_approver', '库存压测总部', 'IBA001', 'head_office'),
  };
}

/** A fresh session token for a bench user (the server reads sessions by the token's SHA-256). */
export async function sessionFor(client, username) {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select $1, id, now() + interval '1 day' from users where username = $2`,
    [createHash('sha256').update(token).digest('hex'), username],
  );
  return token;
}

export async function benchIds(client) {
  const { rows } = await client.query(
    `select (select id from stores where shop_code = $1) as store_id,
            (select shop_name from stores where shop_code = $1) as store_name,
            (select id from stores where shop_code = $2) as contest_store_id,
            (select id from users where username = 'inv_bench_clerk') as clerk_id,
            (select count(*)::int from stores where shop_code like '${STORE_PREFIX}%') as stores,
            (select min(id) from skus where sku_code like 'IBS%') as first_sku,
            (select count(*)::int from skus where sku_code like 'IBS%') as skus`,
    [BENCH_STORE_CODE, CONTEST_STORE_CODE],
  );
  return rows[0];
}

/**
 * Tops the measured store's `ready_to_ship` bench transfers up to `count` (a ship consumes one): two lines each,
 * a batch reserved at the measured store for each (the balance's reserved and its `reserve` movement), to stores
 * spread over the chain, as an approved shipping batch leaves them. Answers their ids, oldest first.
 */
export async function prepareShips(client, ids, count) {
  const have = Number(
    (
      await client.query(
        `select count(*) from stock_transfers where from_store_id = $1 and status = 'ready_to_ship'
         and transfer_no like 'TRS%'`,
        [ids.store_id],
      )
    ).rows[0].count,
  );
  const add = Math.max(0, count - have);
  if (add > 0) {
    await client.query('begin');
    const first = Number(
      (await client.query(`select coalesce(max(id), 0) + 1 as n from stock_transfers`)).rows[0].n,
    );
    await client.query(
      `insert into stock_transfers (id, transfer_no, origin, to_store_id, from_store_id, status, version, requested_by,
         accepted_by, batch_confirmed_by, created_at, updated_at)
       overriding system value
       select t, 'TRS' || lpad(t::text, 10, '0'), 'apply', $3 + 2 + t % ($4 - 2), $3, 'ready_to_ship', 4, $5, $5, $5,
              now(), now()
       from generate_series($1::int, $1::int + $2 - 1) t`,
      [first, add, ids.store_id, ids.stores, ids.clerk_id],
    );
    await client.query(
      `insert into stock_transfer_lines (transfer_id, sku_id, quantity, batch_no, ship_quantity)
       select t, $3 + (t * 2 + l) % $4, 2, '${BATCH}', 2
       from generate_series($1::int, $1::int + $2 - 1) t, generate_series(0, 1) l`,
      [first, add, ids.first_sku, ids.skus],
    );
    await client.query(
      `with wanted as (
         select l.sku_id, sum(l.ship_quantity)::int as n, array_agg(l.transfer_id) as docs
         from stock_transfer_lines l where l.transfer_id between $1 and $1 + $2 - 1 group by l.sku_id
       ), reserved as (
         update stock_balances b set reserved = b.reserved + w.n, updated_at = now()
         from wanted w where b.store_id = $3 and b.sku_id = w.sku_id and b.batch_no = '${BATCH}'
         returning b.id, b.sku_id
       )
       insert into stock_movements (balance_id, store_id, sku_id, batch_no, reserved_delta, reason, doc_type, doc_id,
         doc_no, user_id)
       select r.id, $3, l.sku_id, '${BATCH}', l.ship_quantity, 'reserve', 'transfer', l.transfer_id,
              'TRS' || lpad(l.transfer_id::text, 10, '0'), $4
       from stock_transfer_lines l join reserved r on r.sku_id = l.sku_id
       where l.transfer_id between $1 and $1 + $2 - 1`,
      [first, add, ids.store_id, ids.clerk_id],
    );
    await client.query(
      `select setval(pg_get_serial_sequence('stock_transfers', 'id'), (select max(id) from stock_transfers))`,
    );
    await client.query('commit');
    await client.query('analyze stock_transfers, stock_transfer_lines');
  }
  const { rows } = await client.query(
    `select id from stock_transfers where from_store_id = $1 and status = 'ready_to_ship' and transfer_no like 'TRS%'
     order by id`,
    [ids.store_id],
  );
  return rows.map((r) => r.id);
}

/**
 * The contested stock of one run: a new batch of one SKU at the contest store, received through a `receipt`
 * movement (so the ledger sums to it), and `count` transfers out of it waiting for their shipping batch
 * (`accepted`), each wanting `each` units. Answers the batch, the SKU, the balance and the transfers.
 */
export async function prepareContest(client, ids, { onHand, count, each }) {
  const batchNo = `CT${Date.now().toString(36).toUpperCase()}`;
  const skuId = ids.first_sku;
  await client.query('begin');
  const balance = (
    await client.query(
      `insert into stock_balances (store_id, sku_id, batch_no, production_date, expiry_date, on_hand)
       values ($1, $2, $3, '2026-11-01', '2027-05-01', $4) returning id`,
      [ids.contest_store_id, skuId, batchNo, onHand],
    )
  ).rows[0].id;
  await client.query(
    `insert into stock_movements (balance_id, store_id, sku_id, batch_no, on_hand_delta, reason, doc_type, doc_id,
       doc_no, user_id)
     values ($1, $2, $3, $4, $5, 'receipt', 'receipt', 0, $4, $6)`,
    [balance, ids.contest_store_id, skuId, batchNo, onHand, ids.clerk_id],
  );
  const first = Number(
    (await client.query(`select coalesce(max(id), 0) + 1 as n from stock_transfers`)).rows[0].n,
  );
  await client.query(
    `insert into stock_transfers (id, transfer_no, origin, to_store_id, from_store_id, status, version, requested_by,
       accepted_by, created_at, updated_at)
     overriding system value
     select t, 'TRC' || lpad(t::text, 10, '0'), 'apply', $3 + 2 + t % 40, $3, 'accepted', 2, $4, $4, now(), now()
     from generate_series($1::int, $1::int + $2 - 1) t`,
    [first, count, ids.contest_store_id, ids.clerk_id],
  );
  await client.query(
    `insert into stock_transfer_lines (transfer_id, sku_id, quantity)
     select t, $3, $4 from generate_series($1::int, $1::int + $2 - 1) t`,
    [first, count, skuId, each],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('stock_transfers', 'id'), (select max(id) from stock_transfers))`,
  );
  await client.query('commit');
  const transfers = (
    await client.query(
      `select t.id, l.id as line_id from stock_transfers t join stock_transfer_lines l on l.transfer_id = t.id
       where t.id between $1 and $1 + $2 - 1 order by t.id`,
      [first, count],
    )
  ).rows;
  return { batchNo, skuId, balanceId: balance, transfers };
}
