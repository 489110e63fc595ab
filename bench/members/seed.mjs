// Bulk seed of the members benchmark: 50 stores with a guide each, 1,000,000 members (levels, guides, follow-up
// dates, recent upgrades), 20 points-ledger rows per member (20,000,000), their equities, one follow-up per
// guided member, tags, and mooncake / bread orders for the repurchase reminders. All INSERT … SELECT
// generate_series; foreign-key triggers are off for the load (session_replication_role = replica) and the
// ledger's indexes are built after it.
import { createHash, randomBytes } from 'node:crypto';

export const BENCH_STORE_COUNT = 50;
export const BENCH_STORE_CODE = 'MB0001';
/** Clerks of the measured store, each with a session: look-ups are rate-limited per user (30 a minute). */
export const LOOKUP_CLERKS = 1_500;
const SURNAMES = "array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林']";
const GIVEN = "array['伟','芳','娜','敏','静','丽','强','磊','洋','艳','勇','军','杰','娟','涛','明']";
/** The bench's growth: about 50 % 普通, 25 % 银卡, 17 % 金卡, 6 % 铂金, 2 % 钻石. */
const GROWTH = '(((i::bigint * 7919) % 1000) * ((i::bigint * 7919) % 1000) / 16)::int';

const tokenHash = (token) => createHash('sha256').update(token).digest('hex');

export async function seedMembers(client, { members, ledgerPerMember }) {
  const step = async (label, sql, params = []) => {
    const started = Date.now();
    await client.query(sql, params);
    console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await client.query('set session_replication_role = replica');
  await step(
    'stores and their guides',
    `with grp as (insert into shop_groups (front_title) values ('会员压测区') returning id),
       s as (insert into stores (shop_code, shop_name, business_scope_name, shop_group_id, latitude, longitude)
         select 'MB' || lpad(s::text, 4, '0'), '会员压测店' || s, '会员压测店' || s, grp.id, 30 + s * 0.01, 120 + s * 0.01
         from generate_series(1, $1) s, grp returning id, shop_code),
       u as (insert into users (username, nick_name, work_code, password_hash)
         select 'mb_guide_' || shop_code, '导购' || shop_code, 'MG' || shop_code, 'no-password-sign-in' from s
         returning id, username)
     insert into user_stores (user_id, store_id)
     select u.id, s.id from u join s on u.username = 'mb_guide_' || s.shop_code`,
    [BENCH_STORE_COUNT],
  );
  const stores = (
    await client.query(
      `select s.id, u.id as guide from stores s join users u on u.username = 'mb_guide_' || s.shop_code
       where s.shop_code like 'MB%' order by s.shop_code`,
    )
  ).rows;
  const storeIds = stores.map((s) => s.id);
  const guideIds = stores.map((s) => s.guide);
  // Member i: store i % 50; upgraded in the last 3 days when i % 40 = 0 (gold and up without a guide when
  // also i % 80 = 0: 待分配); guided from gold up; next follow-up from 6 days ago to 13 ahead (some overdue).
  await step(
    `${members.toLocaleString()} members`,
    `insert into members (member_no, name, phone, level, growth, points, home_store_id, channel, birthday,
       contact_consent, level_changed_at, guide_user_id, guide_assigned_at, next_follow_up_on, last_follow_up_at,
       created_at)
     select 'MB' || lpad(i::text, 9, '0'), (${SURNAMES})[1 + i % 16] || (${GIVEN})[1 + (i / 16) % 16],
       '137' || lpad(i::text, 8, '0'), lvl, gr, $2::int * 10, ($3::int[])[1 + i % $5],
       (array['store','mini_program','online','valet'])[1 + i % 4], date '1960-01-01' + (i * 37 % 15000),
       i % 25 <> 0,
       case when i % 40 = 0 and lvl > 1 then now() - make_interval(hours => i % 72) end,
       case when lvl >= 3 and i % 80 <> 0 then ($4::int[])[1 + i % $5] end,
       case when lvl >= 3 and i % 80 <> 0 then now() - make_interval(days => 30 + i % 60) end,
       case when lvl >= 3 and i % 80 <> 0 then current_date + (i % 20) - 6 end,
       case when lvl >= 3 and i % 80 <> 0 then now() - make_interval(days => 7 + i % 20) end,
       now() - make_interval(days => 30 + i % 900)
     from (select i, ${GROWTH} as gr,
         case when ${GROWTH} >= 50000 then 5 when ${GROWTH} >= 20000 then 4 when ${GROWTH} >= 5000 then 3
           when ${GROWTH} >= 1000 then 2 else 1 end as lvl
       from generate_series(1, $1) i) g`,
    [members, ledgerPerMember, storeIds, guideIds, BENCH_STORE_COUNT],
  );
  await client.query('drop index if exists member_points_ledger_member_idx, member_points_ledger_user_idx');
  // Every member earns 10 points per row: the balance (points) is the ledger's sum.
  await step(
    `${(members * ledgerPerMember).toLocaleString()} ledger rows`,
    `insert into member_points_ledger (member_id, delta, balance_after, reason, ref_no, store_id, created_at)
     select m.id, 10, 10 * k, (array['opening','earn','earn','earn','adjust'])[1 + k % 5],
       case when k % 5 = 0 then '' else 'OMSMB' || m.id || '-' || k end, m.home_store_id,
       m.created_at + make_interval(days => k)
     from members m cross join generate_series(1, $1) k where m.member_no like 'MB%'`,
    [ledgerPerMember],
  );
  await step(
    'ledger indexes',
    `create index member_points_ledger_member_idx on member_points_ledger (member_id, created_at);
     create index member_points_ledger_user_idx on member_points_ledger (user_id, created_at)`,
  );
  await step(
    'equities',
    `insert into member_equities (member_id, equity_id, store_id, needs_activation, granted_at, activated_at)
     select m.id, e.id, m.home_store_id, e.needs_activation, coalesce(m.level_changed_at, m.created_at),
       case when e.needs_activation and (m.level_changed_at is null or e.level < m.level)
         then coalesce(m.level_changed_at, m.created_at) + interval '1 day' end
     from members m join member_level_equities e on e.level <= m.level where m.member_no like 'MB%'`,
  );
  await step(
    'follow-ups',
    `insert into member_follow_ups (member_id, store_id, user_id, channel, content, result, next_on, created_at)
     select m.id, m.home_store_id, m.guide_user_id, 'phone', '电话回访', 'reached', m.next_follow_up_on,
       m.last_follow_up_at
     from members m where m.member_no like 'MB%' and m.guide_user_id is not null`,
  );
  await step(
    'tags',
    `insert into member_tag_links (member_id, tag_id, store_id, created_at)
     select m.id, t.id, m.home_store_id, m.created_at
     from members m join member_tags t on t.store_id is null and t.kind = 'manual' and (m.id + t.id) % 7 = 0
     where m.member_no like 'MB%'`,
  );
  await step(
    'mooncake and bread SKUs',
    `insert into skus (sku_code, name, spec, kind, price_cents, category)
     select v.code, v.name, '1份', 'retail', v.price, v.category
     from (values ('R1001', '鲜肉月饼', 5880, 'mooncake'), ('R1004', '全麦吐司', 1800, 'bread'))
       as v(code, name, price, category)
     where not exists (select 1 from skus where sku_code = v.code)`,
  );
  // 1 in 30 members bought mooncakes a year ago (due before the festival) or bread two weeks ago.
  await step(
    'repurchase orders',
    `with buyers as (select m.id, m.name, m.phone, m.member_no, m.home_store_id from members m
         where m.member_no like 'MB%' and m.id % 30 = 0),
       bought as (
         insert into oms_orders (oms_order_no, channel, member_id, customer_name, customer_phone, delivery_type,
           receiver_name, receiver_phone, region_name, address_detail, goods_cents, pay_cents, placed_store_id,
           status, ordered_at)
         select 'OMSRB' || b.member_no, 'online', b.id, b.name, b.phone, 'pickup', b.name, b.phone, '', '门店自提',
           case when b.id % 60 = 0 then 5880 else 1800 end, case when b.id % 60 = 0 then 5880 else 1800 end,
           b.home_store_id, 'completed',
           case when b.id % 60 = 0 then now() - make_interval(days => 340 + (b.id % 20)::int)
             else now() - make_interval(days => 12 + (b.id % 6)::int) end
         from buyers b returning id, goods_cents)
     insert into oms_order_items (oms_order_id, sku_code, name, spec, quantity, unit_cents, amount_cents)
     select id, case when goods_cents = 5880 then 'R1001' else 'R1004' end,
       case when goods_cents = 5880 then '鲜肉月饼' else '全麦吐司' end, '1份', 1, goods_cents, goods_cents
     from bought`,
  );
  await client.query('set session_replication_role = origin');
  await step('vacuum analyze', 'vacuum analyze');
}

/** A session for `userId`, written straight into the database; answers its token and id. */
async function sessionFor(client, userId) {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await client.query(
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')
     returning id`,
    [tokenHash(token), userId],
  );
  return { token, id: rows[0].id };
}

/**
 * The measured store's people: its guide (lists, profile: 我的跟进 is theirs) and LOOKUP_CLERKS clerks for the
 * look-ups. Added after the reminder runs, so the job's messages go to one guide per store as in a real store.
 */
export async function benchSession(client) {
  const store = (
    await client.query(
      `select s.id, u.id as guide from stores s join users u on u.username = 'mb_guide_' || s.shop_code
       where s.shop_code = $1`,
      [BENCH_STORE_CODE],
    )
  ).rows[0];
  await client.query(
    `delete from sessions where user_id in (select id from users where username like 'mb_%')`,
  );
  await client.query(
    `insert into users (username, nick_name, work_code, password_hash)
     select 'mb_clerk_' || c, '店员' || c, 'MC' || c, 'no-password-sign-in' from generate_series(1, $1) c
     on conflict do nothing`,
    [LOOKUP_CLERKS],
  );
  await client.query(
    `insert into user_stores (user_id, store_id) select id, $1 from users where username like 'mb_clerk_%'
     on conflict do nothing`,
    [store.id],
  );
  const clerks = (await client.query(`select id from users where username like 'mb_clerk_%' order by id`))
    .rows;
  const clerkTokens = [];
  for (const clerk of clerks) clerkTokens.push((await sessionFor(client, clerk.id)).token);
  const guide = await sessionFor(client, store.guide);
  return {
    storeId: store.id,
    guideId: store.guide,
    guideToken: guide.token,
    guideSessionId: guide.id,
    clerkTokens,
  };
}
