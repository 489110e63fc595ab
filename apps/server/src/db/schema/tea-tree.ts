import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, createdAt, identityId, requiredRef, requiredBigRef } from './columns.js';
import { members, performanceOrders, stores, users } from '../schema.js';

/** A harvest round of an activity: its day and what one tree yields (docs/domain/tea-tree.md). */
export type TeaTreeDeliveryPlan = { round: number; plannedDate: string; content: string }[];

/**
 * A head-office tea-tree adoption activity (茶树认养): a season of a garden with `tree_count` trees at a price
 * per tree. `adopted_count` only grows through one conditional update that keeps it within `tree_count`
 * (the check constraint is the last line of defence).
 */
export const teaTreeActivities = pgTable(
  'tea_tree_activities',
  {
    id: serial('id').primaryKey(),
    activityNo: varchar('activity_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    season: varchar('season', { length: 32 }).notNull(),
    garden: varchar('garden', { length: 64 }).notNull(),
    treeCount: integer('tree_count').notNull(),
    adoptedCount: integer('adopted_count').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    benefits: varchar('benefits', { length: 255 }).notNull().default(''),
    signUpStart: instant('sign_up_start').notNull(),
    signUpEnd: instant('sign_up_end').notNull(),
    deliveries: jsonb('deliveries').$type<TeaTreeDeliveryPlan>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tea_tree_activities_no_key').on(t.activityNo),
    index('tea_tree_activities_window_idx').on(t.signUpEnd, t.signUpStart),
    check('tea_tree_activities_adopted_check', sql`${t.adoptedCount} between 0 and ${t.treeCount}`),
  ],
);

/** The price a member level pays for an adoption, in percent (95 = 95折). A level not listed pays 100. */
export const teaTreeLevelDiscounts = pgTable(
  'tea_tree_level_discounts',
  {
    level: smallint('level').primaryKey(),
    discountPercent: smallint('discount_percent').notNull(),
  },
  (t) => [check('tea_tree_level_discounts_range', sql`${t.discountPercent} between 1 and 100`)],
);

/** Trees a member adopted at a store, with the price as confirmed and the adoption order it created. */
export const teaTreeAdoptions = pgTable(
  'tea_tree_adoptions',
  {
    id: identityId(),
    adoptionNo: varchar('adoption_no', { length: 40 }).notNull(),
    activityId: requiredRef('activity_id', () => teaTreeActivities.id),
    storeId: requiredRef('store_id', () => stores.id),
    memberId: requiredRef('member_id', () => members.id),
    memberLevel: smallint('member_level').notNull(),
    trees: integer('trees').notNull(),
    unitCents: integer('unit_cents').notNull(),
    goodsCents: integer('goods_cents').notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    discountCents: integer('discount_cents').notNull(),
    payCents: integer('pay_cents').notNull(),
    performanceOrderId: requiredBigRef('performance_order_id', () => performanceOrders.id),
    clerkUserId: integer('clerk_user_id').references(() => users.id),
    clerkName: varchar('clerk_name', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    /** How the member agreed: `sms_code`. */
    confirmedBy: varchar('confirmed_by', { length: 16 }).notNull(),
    /** The last harvest round's day: the adoption is completed after it. */
    lastDeliveryDate: date('last_delivery_date').notNull(),
    adoptedAt: instant('adopted_at').notNull(),
  },
  (t) => [
    uniqueIndex('tea_tree_adoptions_no_key').on(t.adoptionNo),
    index('tea_tree_adoptions_store_idx').on(t.storeId, t.adoptedAt, t.id),
    index('tea_tree_adoptions_activity_idx').on(t.activityId),
    index('tea_tree_adoptions_member_idx').on(t.memberId),
  ],
);
