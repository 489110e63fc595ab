import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, createdAt, identityId, requiredRef } from './columns.js';
import { members, stores, users } from '../schema.js';

// Members' CRM (docs/domain/members.md): levels and equities, tags, follow-ups, repurchase cycles, reminders.

/**
 * The chain's member levels: a member holds the highest level whose `minGrowth` their growth reaches.
 * Reaching a level with `needsGuide` asks the store to assign an exclusive guide (upgrade reminder 去分配),
 * one with `needsTags` asks for tags (去打标); others are a plain upgrade reminder.
 */
export const memberLevels = pgTable('member_levels', {
  level: smallint('level').primaryKey(),
  name: varchar('name', { length: 16 }).notNull(),
  minGrowth: integer('min_growth').notNull(),
  needsGuide: boolean('needs_guide').notNull().default(false),
  needsTags: boolean('needs_tags').notNull().default(false),
});

/** What a level opens (生日礼, 专属折扣 …); `needsActivation`: a clerk activates it with the member. */
export const memberLevelEquities = pgTable(
  'member_level_equities',
  {
    id: serial('id').primaryKey(),
    level: smallint('level')
      .notNull()
      .references(() => memberLevels.level),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    needsActivation: boolean('needs_activation').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('member_level_equities_code_key').on(t.code)],
);

/**
 * An equity a member holds: granted when they reach its level, activated (or not yet) by a clerk. A grant keeps
 * its own terms: `needsActivation` is the equity's at the grant, and `storeId` the member's home store then (the
 * store whose 权益待激活 list shows it), so the store's pending grants are one index range
 * (bench/members/RESULTS.md).
 */
export const memberEquities = pgTable(
  'member_equities',
  {
    id: identityId(),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    equityId: requiredRef('equity_id', () => memberLevelEquities.id),
    storeId: integer('store_id').references(() => stores.id),
    needsActivation: boolean('needs_activation').notNull(),
    grantedAt: instant('granted_at').notNull(),
    activatedAt: instant('activated_at'),
    activatedByUserId: integer('activated_by_user_id').references(() => users.id),
    activatedStoreId: integer('activated_store_id').references(() => stores.id),
  },
  (t) => [
    uniqueIndex('member_equities_key').on(t.memberId, t.equityId),
    // Pending: waiting for a clerk (an equity that needs no activation is never pending).
    index('member_equities_pending_idx')
      .on(t.memberId)
      .where(sql`${t.activatedAt} is null and ${t.needsActivation}`),
    index('member_equities_store_pending_idx')
      .on(t.storeId, t.grantedAt, t.id)
      .where(sql`${t.activatedAt} is null and ${t.needsActivation}`),
  ],
);

/**
 * Member tags. The group is an item value of the `member_tag_group` dictionary (数据字典); `storeId` null is a
 * chain tag, else the store's own (another store cannot set it). `kind`: manual (a clerk sets it) or rule (the
 * daily job sets it from `rule`: e.g. `level>=4`, `category:mooncake`).
 */
export const memberTags = pgTable(
  'member_tags',
  {
    id: serial('id').primaryKey(),
    groupCode: varchar('group_code', { length: 64 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().default('manual'),
    rule: varchar('rule', { length: 100 }).notNull().default(''),
    storeId: integer('store_id').references(() => stores.id),
    enabled: boolean('enabled').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('member_tags_name_key').on(sql`coalesce(${t.storeId}, 0)`, t.groupCode, t.name)],
);

/** A tag a member carries, who set it and at which store (a rule tag: no user). */
export const memberTagLinks = pgTable(
  'member_tag_links',
  {
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    tagId: requiredRef('tag_id', () => memberTags.id, 'cascade'),
    storeId: integer('store_id').references(() => stores.id),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tagId] }), index('member_tag_links_tag_idx').on(t.tagId)],
);

/**
 * A follow-up of a member by a store's staff: `channel` phone | wechat | visit | sms, `result` reached |
 * no_answer | declined | purchased, `nextOn` the next date (also kept on the member for the overdue list).
 */
export const memberFollowUps = pgTable(
  'member_follow_ups',
  {
    id: identityId(),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id),
    userId: requiredRef('user_id', () => users.id),
    channel: varchar('channel', { length: 16 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    result: varchar('result', { length: 16 }).notNull(),
    nextOn: date('next_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_follow_ups_member_idx').on(t.memberId, t.createdAt),
    index('member_follow_ups_store_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * How long after buying a category a member is due to buy it again (skus.category). `leadDays`: how many days
 * before the due date the reminder goes (mooncakes: ahead of the festival).
 */
export const memberRepurchaseCycles = pgTable('member_repurchase_cycles', {
  category: varchar('category', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  cycleDays: smallint('cycle_days').notNull(),
  leadDays: smallint('lead_days').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * A member due to buy a category again (written by the daily job from the orders): the 复购到期 list of
 * 会员跟进 until a follow-up clears it (`followedAt`) or a new purchase moves `lastPurchasedAt`.
 */
export const memberRepurchaseDue = pgTable(
  'member_repurchase_due',
  {
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    category: varchar('category', { length: 32 })
      .notNull()
      .references(() => memberRepurchaseCycles.category),
    storeId: requiredRef('store_id', () => stores.id),
    lastPurchasedAt: instant('last_purchased_at').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    followedAt: instant('followed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.category] }),
    index('member_repurchase_due_open_idx')
      .on(t.storeId, t.dueOn, t.memberId, t.category)
      .where(sql`${t.followedAt} is null`),
  ],
);

/**
 * One row per reminder sent (the daily job's idempotence): `kind` upgrade | equity | repurchase, `refKey` the
 * event (`level:4`, `equity:12`, `mooncake:2026-09-10`); a second run finds the row and sends nothing.
 */
export const memberReminders = pgTable(
  'member_reminders',
  {
    id: identityId(),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    refKey: varchar('ref_key', { length: 48 }).notNull(),
    messageType: smallint('message_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('member_reminders_key').on(t.kind, t.memberId, t.refKey)],
);
