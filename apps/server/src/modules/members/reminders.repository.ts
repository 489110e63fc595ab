import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** A reminder the run inserted (so sends), with what its message says. */
export type NewReminder = {
  memberId: number;
  storeId: number;
  kind: 'upgrade' | 'equity' | 'repurchase';
  messageType: number;
  publicId: string;
  name: string;
  guideUserId: number | null;
  levelName: string;
  subject: string;
  dueOn: string;
};

/** Upgrade reminders look back this many days: a member who levelled up long ago is no news. */
export const UPGRADE_WINDOW_DAYS = 7;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The daily reminder job's statements (docs/domain/members.md "Reminders"). Each `insert…` adds one
 * `member_reminders` row per event not reminded yet (`on conflict do nothing` on its unique key) among the
 * members with ids in (`from`, `to`], and answers only the rows it inserted: a second run inserts none.
 */
export function createRemindersRepository(db: Database) {
  const answer = (tx: Database, inserted: ReturnType<typeof sql>) =>
    tx
      .execute(
        sql`with inserted as (${inserted})
        select i.member_id as "memberId", i.store_id as "storeId", i.kind, i.message_type as "messageType",
          m.public_id as "publicId", m.name, m.guide_user_id as "guideUserId",
          coalesce(l.name, '') as "levelName",
          case i.kind
            when 'equity' then coalesce((select string_agg(x.name, '、' order by x.sort) from member_equities y
              join member_level_equities x on x.id = y.equity_id
              where y.member_id = i.member_id and y.activated_at is null and y.needs_activation
                and 'equity:' || x.level = i.ref_key), '')
            when 'repurchase' then coalesce((select c.name from member_repurchase_cycles c
              where c.category = split_part(i.ref_key, ':', 1)), '')
            else '' end as subject,
          case when i.kind = 'repurchase' then split_part(i.ref_key, ':', 2) else '' end as "dueOn"
        from inserted i join members m on m.id = i.member_id left join member_levels l on l.level = m.level
        order by i.member_id`,
      )
      .then((r) => rowsOf<NewReminder>(r));

  /** Who may be reminded at all: consent to contact, a real member, a home store. */
  const reachable = sql`m.contact_consent and not m.temporary and m.home_store_id is not null`;

  return {
    /**
     * One member, at random, for whom a reminder of `kind` holds today (demo traffic): not recorded in
     * `member_reminders`, so the daily job still sends its own. Null when nobody qualifies.
     */
    async randomCandidate(kind: NewReminder['kind'], today: string): Promise<NewReminder | null> {
      const candidates = {
        upgrade: sql`select m.id as member_id, m.home_store_id as store_id, 'upgrade' as kind, 3 as message_type,
            'level:' || m.level as ref_key
          from members m join member_levels l on l.level = m.level
          where l.needs_guide and m.guide_user_id is null and m.level > 1 and ${reachable}`,
        equity: sql`select m.id as member_id, m.home_store_id as store_id, 'equity' as kind, 2 as message_type,
            'equity:' || le.level as ref_key
          from member_equities e
            join member_level_equities le on le.id = e.equity_id
            join members m on m.id = e.member_id
          where e.activated_at is null and e.needs_activation and ${reachable}`,
        repurchase: sql`select d.member_id, d.store_id, 'repurchase' as kind, 1 as message_type,
            d.category || ':' || d.due_on as ref_key
          from member_repurchase_due d
            join member_repurchase_cycles c on c.category = d.category
            join members m on m.id = d.member_id
          where d.followed_at is null and d.due_on - c.lead_days <= ${today}::date and ${reachable}`,
      };
      const [row] = await answer(db, sql`${candidates[kind]} order by random() limit 1`);
      return row ?? null;
    },

    async memberIdSpan(): Promise<{ min: number; max: number }> {
      const [row] = rowsOf<{ min: number | null; max: number | null }>(
        await db.execute(sql`select min(id) as min, max(id) as max from members`),
      );
      return { min: Number(row?.min ?? 0), max: Number(row?.max ?? 0) };
    },

    /**
     * Who is due to buy a category again, from the orders: the last purchase of each member and category
     * (not cancelled), its due date (Shanghai day + cycle). A newer purchase moves the row and opens it again.
     */
    async refreshRepurchaseDue(tx: Database, span: { from: number; to: number }): Promise<void> {
      await tx.execute(sql`insert into member_repurchase_due (member_id, category, store_id, last_purchased_at, due_on)
        select o.member_id, s.category, m.home_store_id, max(o.ordered_at),
          (max(o.ordered_at) at time zone 'Asia/Shanghai')::date + c.cycle_days
        from oms_orders o
          join oms_order_items i on i.oms_order_id = o.id
          join skus s on s.sku_code = i.sku_code
          join member_repurchase_cycles c on c.category = s.category and c.enabled
          join members m on m.id = o.member_id
        where o.member_id > ${span.from} and o.member_id <= ${span.to} and o.status <> 'customer_cancelled'
          and m.id > ${span.from} and m.id <= ${span.to}
          and m.home_store_id is not null
        group by o.member_id, s.category, m.home_store_id, c.cycle_days
        on conflict (member_id, category) do update set
          last_purchased_at = excluded.last_purchased_at, due_on = excluded.due_on, store_id = excluded.store_id,
          followed_at = case when excluded.last_purchased_at > member_repurchase_due.last_purchased_at
            then null else member_repurchase_due.followed_at end
        where member_repurchase_due.last_purchased_at is distinct from excluded.last_purchased_at
          or member_repurchase_due.store_id is distinct from excluded.store_id`);
    },

    /** Members who reached a level > 1 in the last days: 3 needs a guide, 5 needs tags, 4 plain. */
    insertUpgrades: (tx: Database, span: { from: number; to: number }, now: Date) =>
      answer(
        tx,
        sql`insert into member_reminders (member_id, store_id, kind, ref_key, message_type, created_at)
          select m.id, m.home_store_id, 'upgrade', 'level:' || m.level,
            case when l.needs_guide and m.guide_user_id is null then 3 when l.needs_tags then 5 else 4 end, ${now}
          from members m join member_levels l on l.level = m.level
          where m.id > ${span.from} and m.id <= ${span.to} and m.level > 1 and m.level_changed_at is not null
            and m.level_changed_at > ${now}::timestamptz - make_interval(days => ${UPGRADE_WINDOW_DAYS})
            and m.contact_consent and not m.temporary and m.home_store_id is not null
          on conflict do nothing
          returning member_id, store_id, kind, message_type, ref_key`,
      ),

    /** Members holding an equity to activate: one reminder per member and level. */
    insertEquities: (tx: Database, span: { from: number; to: number }, now: Date) =>
      answer(
        tx,
        sql`insert into member_reminders (member_id, store_id, kind, ref_key, message_type, created_at)
          select distinct m.id, m.home_store_id, 'equity', 'equity:' || le.level, 2, ${now}::timestamptz
          from member_equities e
            join member_level_equities le on le.id = e.equity_id
            join members m on m.id = e.member_id
          where e.member_id > ${span.from} and e.member_id <= ${span.to} and e.activated_at is null
            and e.needs_activation
            -- The span again on the member: PostgreSQL carries an equality across a join, not a range, and
            -- without it read all members for each chunk (bench/members/RESULTS.md).
            and m.id > ${span.from} and m.id <= ${span.to}
            and m.contact_consent and not m.temporary and m.home_store_id is not null
          on conflict do nothing
          returning member_id, store_id, kind, message_type, ref_key`,
      ),

    /** Open repurchase rows whose due date minus the lead days has come: one reminder per due date. */
    insertRepurchases: (tx: Database, span: { from: number; to: number }, now: Date, today: string) =>
      answer(
        tx,
        sql`insert into member_reminders (member_id, store_id, kind, ref_key, message_type, created_at)
          select d.member_id, d.store_id, 'repurchase', d.category || ':' || d.due_on, 1, ${now}
          from member_repurchase_due d
            join member_repurchase_cycles c on c.category = d.category
            join members m on m.id = d.member_id
          where d.member_id > ${span.from} and d.member_id <= ${span.to} and d.followed_at is null
            and d.due_on - c.lead_days <= ${today}::date and m.contact_consent
            and m.id > ${span.from} and m.id <= ${span.to}
          on conflict do nothing
          returning member_id, store_id, kind, message_type, ref_key`,
      ),
  };
}
