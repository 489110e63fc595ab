// Bulk seed of the orders benchmark: stores, 100,000 members and 1,000,000 taken orders (upstream order, one
// item, plan, performance order, one log row each), all with INSERT … SELECT generate_series (no row-by-row).
import { createHash, randomBytes } from 'node:crypto';

export const BENCH_STORE_COUNT = 50;
export const BENCH_STORE_CODE = 'OB0001';
const SURNAMES =
  "array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗']";
const GIVEN =
  "array['伟','芳','娜','敏','静','丽','强','磊','洋','艳','勇','军','杰','娟','涛','明','超','秀英','霞','平']";

/**
 * The receiver of order i. It walks all 400 names by the order's rank within its store (i / stores), so every
 * store sees every name equally often (about 1 in 400 of its orders), as a real store's customers would.
 */
const receiverNameOf = (i) =>
  `(${SURNAMES})[1 + (${i} / ${BENCH_STORE_COUNT}) % 20] || (${GIVEN})[1 + (${i} / ${BENCH_STORE_COUNT * 20}) % 20]`;

/** Seeds `orders` orders and `members` members across BENCH_STORE_COUNT stores; answers the bench session. */
export async function seedOrders(client, { orders, members }) {
  const step = async (label, sql, params = []) => {
    const started = Date.now();
    await client.query(sql, params);
    console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await step(
    'stores',
    `with grp as (insert into shop_groups (front_title) values ('压测区') returning id)
     insert into stores (shop_code, shop_name, business_scope_name, shop_group_id, latitude, longitude)
     select 'OB' || lpad(s::text, 4, '0'), '压测店' || s, '压测店' || s, grp.id, 39.7 + s * 0.01, 116.4 + s * 0.01
     from generate_series(1, $1) s, grp`,
    [BENCH_STORE_COUNT],
  );
  const storeIds = (
    await client.query(`select id from stores where shop_code like 'OB%' order by shop_code`)
  ).rows.map((r) => r.id);
  await step(
    `${members.toLocaleString()} members`,
    `insert into members (member_no, name, phone, home_store_id)
     select 'M' || lpad(i::text, 9, '0'), (${SURNAMES})[1 + i % 20] || (${GIVEN})[1 + (i / 20) % 20],
            '138' || lpad(i::text, 8, '0'), ($2::int[])[1 + i % array_length($2::int[], 1)]
     from generate_series(1, $1) i`,
    [members, storeIds],
  );
  // Order i: store i % stores, taken i minutes before now (newest = highest i), statuses in a 4-cycle.
  await step(
    `${orders.toLocaleString()} upstream orders`,
    `insert into oms_orders (id, oms_order_no, channel, member_id, customer_name, customer_phone, delivery_type,
       receiver_name, receiver_phone, region_name, county_code, address_detail, goods_cents, freight_cents,
       discount_cents, pay_cents, status, ordered_at)
     overriding system value
     select i, 'OMSB' || lpad(i::text, 10, '0'), 'online', 1 + i % $2,
            ${receiverNameOf('i')}, '139' || lpad(i::text, 8, '0'),
            (array['express','store_delivery','pickup'])[1 + i % 3],
            ${receiverNameOf('i')}, '139' || lpad(i::text, 8, '0'),
            '北京市北京市大兴区', '110115', '景园北街' || (i % 200) || '号院', 12800, 1000, 800, 13000, 'taken',
            now() - make_interval(mins => $1 - i) - interval '1 minute'
     from generate_series(1, $1) i`,
    [orders, members],
  );
  await step(
    'order items',
    `insert into oms_order_items (oms_order_id, sku_code, name, spec, quantity, unit_cents, amount_cents)
     select i, 'R1001', '鲜肉月饼', '6枚装', 2, 6400, 12800 from generate_series(1, $1) i`,
    [orders],
  );
  await step(
    'plan orders',
    `insert into performance_plan_orders (id, performance_plan_order_no, oms_order_id, status, offered_at, expires_at,
       taken_store_id, taken_at)
     overriding system value
     select i, 'PPB' || lpad(i::text, 10, '0'), i, 'taken', now() - make_interval(mins => $1 - i) - interval '50 seconds',
            now() - make_interval(mins => $1 - i) + interval '29 minutes', ($2::int[])[1 + i % array_length($2::int[], 1)],
            now() - make_interval(mins => $1 - i)
     from generate_series(1, $1) i`,
    [orders, storeIds],
  );
  await step(
    'performance orders',
    `insert into performance_orders (id, performance_order_no, plan_id, oms_order_id, store_id, status, delivery_type,
       receiver_name, receiver_phone, taken_at)
     overriding system value
     select i, 'PFB' || lpad(i::text, 10, '0'), i, i, ($2::int[])[1 + i % array_length($2::int[], 1)],
            (array['wait_ship','shipped','completed','cancelled'])[1 + (i / 7) % 4],
            (array['express','store_delivery','pickup'])[1 + i % 3], ${receiverNameOf('i')},
            '139' || lpad(i::text, 8, '0'), now() - make_interval(mins => $1 - i)
     from generate_series(1, $1) i`,
    [orders, storeIds],
  );
  await step(
    'order log',
    `insert into order_logs (oms_order_id, performance_order_id, action, from_status, to_status, operator_name, created_at)
     select i, i, 'grabbed', 'offering', 'wait_ship', '压测店员', now() - make_interval(mins => $1 - i)
     from generate_series(1, $1) i`,
    [orders],
  );
  for (const table of ['oms_orders', 'performance_plan_orders', 'performance_orders'])
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  await step('vacuum analyze', 'vacuum analyze');

  // A staff member of the first store with a session written straight into the database.
  const user = await client.query(
    `insert into users (username, nick_name, work_code, password_hash)
     values ('bench_orders', '压测店员', 'BO0001', 'no-password-sign-in') returning id`,
  );
  await client.query(`insert into user_stores (user_id, store_id) values ($1, $2)`, [
    user.rows[0].id,
    storeIds[0],
  ]);
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('hex'), user.rows[0].id],
  );
  return { token, userId: user.rows[0].id, storeId: storeIds[0] };
}
