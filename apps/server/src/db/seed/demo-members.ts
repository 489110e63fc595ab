import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { stores, users } from '../schema.js';
import { createMemberReminders } from '../../modules/members/member-reminders.js';
import { createMessageProducer } from '../../modules/im/message-producer.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';

/** Members each demo store gets (会员查询 and 会员跟进 show thousands across the demo stores). */
export const DEMO_MEMBERS_PER_STORE = 1_000;

// prettier-ignore
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
// prettier-ignore
const GIVEN = ['先生', '女士', '晓燕', '建国', '思琪', '子涵', '海峰', '雨桐', '志强', '佳怡', '美玲', '文博'];
// prettier-ignore
const FOLLOW_TEXTS = ['电话回访，反馈新品口味不错', '到店试吃，预约周末提货', '企业微信推送了会员日活动', '未接通，改天再联系', '询问月饼礼盒团购价格'];

/** No poll is held while seeding: nothing to wake. */
const QUIET_BUS: WakeBus = { publish: () => {}, subscribe: () => () => {}, close: async () => {} };

const pgArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * The demo chain's members (docs/domain/members.md): for each demo store `DEMO_MEMBERS_PER_STORE` members with
 * growth and the level it gives, a points opening row, the equities of their level (the newly upgraded ones
 * still to activate), tags, a guide for most gold-and-up members and follow-ups (some overdue), recent
 * upgrades without a guide (待分配), and mooncake and bread orders whose repurchase is due: every tab of 会员跟进
 * and every reminder kind has rows on a fresh start. Set-based SQL, deterministic by the member's number.
 */
export async function seedDemoMembers(tx: Database, now: Date): Promise<void> {
  const storeRows = await tx
    .select({ id: stores.id, name: stores.shopName })
    .from(stores)
    .where(inArray(stores.shopName, [...DEMO_ORDER_STORES]));
  const guides = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['solo', 'staff']));
  const guideOf = (name: string) =>
    guides.find((u) => u.username === (name === '马驹桥店' ? 'solo' : 'staff'))?.id ?? null;

  for (const store of storeRows) {
    const si = DEMO_ORDER_STORES.indexOf(store.name as (typeof DEMO_ORDER_STORES)[number]);
    const guide = guideOf(store.name);
    const growth = sql.raw(`(((g * 7919) % 1000) * ((g * 7919) % 1000) / 16)`);
    // g % 40 = 0: upgraded in the last three days; gold and diamond among them have no guide yet (待分配).
    await tx.execute(sql`insert into members (member_no, name, phone, level, growth, points, home_store_id,
        channel, birthday, contact_consent, level_changed_at, guide_user_id, guide_assigned_at,
        next_follow_up_on, last_follow_up_at, created_at)
      select 'M' || (200000 + ${si}::int * 10000 + g),
        (${pgArray(SURNAMES)})[1 + g % ${SURNAMES.length}] || (${pgArray(GIVEN)})[1 + (g / ${SURNAMES.length}) % ${GIVEN.length}],
        '159' || lpad(${si}::text, 2, '0') || lpad(g::text, 6, '0'),
        lvl, gr, gr / 10, ${store.id}::int,
        (array['store','mini_program','online','valet'])[1 + g % 4],
        date '1960-01-01' + (g * 37 % 15000),
        g % 25 <> 0,
        case when g % 40 = 0 and lvl > 1 then ${now}::timestamptz - make_interval(hours => g % 72) end,
        case when lvl >= 3 and g % 80 <> 0 then ${guide}::int end,
        case when lvl >= 3 and g % 80 <> 0 then ${now}::timestamptz - make_interval(days => 30 + g % 60) end,
        case when lvl >= 3 and g % 80 <> 0 then
          (${now}::timestamptz at time zone 'Asia/Shanghai')::date + (g % 20) - 6 end,
        case when lvl >= 3 and g % 80 <> 0 then ${now}::timestamptz - make_interval(days => 7 + g % 20) end,
        ${now}::timestamptz - make_interval(days => 30 + g % 900)
      from (select g, ${growth} as gr,
          case when ${growth} >= 50000 then 5 when ${growth} >= 20000 then 4 when ${growth} >= 5000 then 3
            when ${growth} >= 1000 then 2 else 1 end as lvl
        from generate_series(1, ${DEMO_MEMBERS_PER_STORE}) g) s`);

    const mine = sql`m.home_store_id = ${store.id}::int and m.member_no like 'M2%'`;
    // Points move only through the ledger: each member's opening balance.
    await tx.execute(sql`insert into member_points_ledger (member_id, delta, balance_after, reason, created_at)
      select m.id, m.points, m.points, 'opening', m.created_at from members m where ${mine}`);
    // Equities up to the level; those of a level just reached are still to activate.
    await tx.execute(sql`insert into member_equities (member_id, equity_id, store_id, needs_activation,
        granted_at, activated_at, activated_by_user_id, activated_store_id)
      select m.id, e.id, m.home_store_id, e.needs_activation, coalesce(m.level_changed_at, m.created_at),
        case when e.needs_activation and (m.level_changed_at is null or e.level < m.level)
          then coalesce(m.level_changed_at, m.created_at) + interval '1 day' end,
        case when e.needs_activation and (m.level_changed_at is null or e.level < m.level) then ${guide}::int end,
        case when e.needs_activation and (m.level_changed_at is null or e.level < m.level) then ${store.id}::int end
      from members m join member_level_equities e on e.level <= m.level where ${mine}`);
    // Manual chain tags on some members, the rule tag on platinum and up.
    await tx.execute(sql`insert into member_tag_links (member_id, tag_id, store_id, user_id, created_at)
      select m.id, t.id, ${store.id}::int, ${guide}::int, m.created_at
      from members m join member_tags t on t.store_id is null and t.kind = 'manual' and (m.id + t.id) % 7 = 0
      where ${mine}
      union all
      select m.id, t.id, null::int, null::int, m.created_at
      from members m join member_tags t on t.store_id is null and t.kind = 'rule' and t.rule = 'level>=4'
      where ${mine} and m.level >= 4`);
    // The last follow-up of every guided member.
    if (guide !== null) {
      await tx.execute(sql`insert into member_follow_ups (member_id, store_id, user_id, channel, content, result,
          next_on, created_at)
        select m.id, ${store.id}::int, ${guide}::int, (array['phone','wechat','visit','sms'])[1 + m.id % 4],
          (${pgArray(FOLLOW_TEXTS)})[1 + m.id % ${FOLLOW_TEXTS.length}],
          (array['reached','no_answer','reached','purchased'])[1 + m.id % 4],
          m.next_follow_up_on, m.last_follow_up_at
        from members m where ${mine} and m.last_follow_up_at is not null`);
    }
    // Mooncakes bought a year ago (due before the festival) and bread two weeks ago: repurchase due.
    await tx.execute(sql`with buyers as (
        select m.id, m.name, m.phone, m.member_no, row_number() over (order by m.id) as n
        from members m where ${mine} and m.id % 30 = 0),
      bought as (
        insert into oms_orders (oms_order_no, channel, member_id, customer_name, customer_phone, delivery_type,
          receiver_name, receiver_phone, region_name, address_detail, goods_cents, pay_cents, placed_store_id,
          status, ordered_at)
        select 'OMSRB' || b.member_no, 'online', b.id, b.name, b.phone, 'pickup', b.name, b.phone, '', '门店自提',
          case when b.n % 2 = 0 then 5880 else 1800 end, case when b.n % 2 = 0 then 5880 else 1800 end,
          ${store.id}::int, 'completed',
          case when b.n % 2 = 0 then ${now}::timestamptz - make_interval(days => 340 + (b.n % 20)::int)
            else ${now}::timestamptz - make_interval(days => 12 + (b.n % 6)::int) end
        from buyers b returning id, member_id, goods_cents)
      insert into oms_order_items (oms_order_id, sku_code, name, spec, quantity, unit_cents, amount_cents)
      select id, case when goods_cents = 5880 then 'R1001' else 'R1004' end,
        case when goods_cents = 5880 then '鲜肉月饼' else '全麦吐司' end,
        case when goods_cents = 5880 then '6枚/盒' else '450g' end, 1, goods_cents, goods_cents
      from bought`);
  }
  // The first morning's reminders, as the daily job sends them; all but the newest few already read, so the
  // first sign-in is not a burst of pop-ups.
  const producer = createMessageProducer({ db: tx, clock: () => now, wakeBus: QUIET_BUS });
  await createMemberReminders({ db: tx, clock: () => now, producer }).run();
  await tx.execute(sql`update im_messages set status = 2, pushed_at = created_at, read_at = created_at
    where source = 'members' and id not in (select max(id) from im_messages where source = 'members'
      group by store_id, receiver_id, message_type)`);
  await tx.execute(sql`update im_messages set status = 1, pushed_at = created_at
    where source = 'members' and status = 0`);
}
