import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, identityId, requiredRef } from './columns.js';
import { members, stores, users } from '../schema.js';

// ---------------------------------------------------------------------------------------------------------------
// Coupons and issue schemes (docs/domain/coupons.md). Money in cents.

/** A coupon template head office defines: what it is worth, where it applies, how members get it for points. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    /** cash | discount */
    kind: varchar('kind', { length: 16 }).notNull(),
    valueCents: integer('value_cents').notNull().default(0),
    thresholdCents: integer('threshold_cents').notNull().default(0),
    /** Percent paid for a discount coupon (85 = 8.5折); 0 for cash. */
    discountRate: smallint('discount_rate').notNull().default(0),
    maxDiscountCents: integer('max_discount_cents').notNull().default(0),
    /** Points price of an exchange; 0 = not exchangeable for points. */
    points: integer('points').notNull().default(0),
    exchangeFrom: instant('exchange_from').notNull(),
    exchangeTo: instant('exchange_to').notNull(),
    validDays: smallint('valid_days').notNull(),
    stock: integer('stock').notNull(),
    exchangedCount: integer('exchanged_count').notNull().default(0),
    perMemberLimit: smallint('per_member_limit').notNull().default(1),
    /** all | listed (coupon_stores) */
    storeScope: varchar('store_scope', { length: 8 }).notNull().default('all'),
    skuCodes: jsonb('sku_codes').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('coupons_window_idx').on(t.enabled, t.exchangeTo)],
);

/** The stores a `listed` coupon may be exchanged at. */
export const couponStores = pgTable(
  'coupon_stores',
  {
    couponId: requiredRef('coupon_id', () => coupons.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.storeId] }), index('coupon_stores_store_idx').on(t.storeId)],
);

/**
 * A coupon a member holds: exchanged for points at a store (`source` exchange) or issued by a scheme (`source`
 * scheme). `status`: unused | used | cancelled; an unused one past `validTo` reads as expired.
 */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: identityId(),
    couponNo: varchar('coupon_no', { length: 40 }).notNull(),
    couponId: requiredRef('coupon_id', () => coupons.id),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    /** exchange | scheme */
    source: varchar('source', { length: 16 }).notNull(),
    schemeId: integer('scheme_id').references(() => issueSchemes.id, { onDelete: 'set null' }),
    /** scheme issues: mini_program | store_counter | activity | order_gift; exchanges: store_counter */
    channel: varchar('channel', { length: 16 }).notNull(),
    storeId: integer('store_id').references(() => stores.id),
    userId: integer('user_id').references(() => users.id),
    points: integer('points').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('unused'),
    validFrom: instant('valid_from').notNull(),
    validTo: instant('valid_to').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    usedAt: instant('used_at'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelReason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('member_coupons_no_key').on(t.couponNo),
    index('member_coupons_store_idx')
      .on(t.storeId, t.createdAt)
      .where(sql`${t.source} = 'exchange'`),
    index('member_coupons_member_idx').on(t.memberId, t.couponId),
    index('member_coupons_scheme_idx').on(t.schemeId, t.memberId),
  ],
);

/**
 * 发放方案: issues its coupons through channels, at most `quantity` times in all and `perMemberLimit` per member,
 * between `startAt` and `endAt`, to an audience; `visible` shows it in the mini program and at the counter.
 */
export const issueSchemes = pgTable(
  'issue_schemes',
  {
    id: serial('id').primaryKey(),
    schemeNo: varchar('scheme_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    channels: jsonb('channels').$type<string[]>().notNull(),
    quantity: integer('quantity').notNull(),
    issuedCount: integer('issued_count').notNull().default(0),
    perMemberLimit: smallint('per_member_limit').notNull().default(1),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    /** all | new_members | min_level */
    audience: varchar('audience', { length: 16 }).notNull().default('all'),
    minLevel: smallint('min_level').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    /** all | listed (issue_scheme_stores) */
    storeScope: varchar('store_scope', { length: 8 }).notNull().default('all'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('issue_schemes_no_key').on(t.schemeNo), index('issue_schemes_window_idx').on(t.endAt)],
);

/** The coupons one issue of a scheme gives (and how many of each). */
export const issueSchemeCoupons = pgTable(
  'issue_scheme_coupons',
  {
    schemeId: requiredRef('scheme_id', () => issueSchemes.id, 'cascade'),
    couponId: requiredRef('coupon_id', () => coupons.id),
    count: smallint('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.schemeId, t.couponId] })],
);

/** The stores a `listed` scheme issues at (its store list). */
export const issueSchemeStores = pgTable(
  'issue_scheme_stores',
  {
    schemeId: requiredRef('scheme_id', () => issueSchemes.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.schemeId, t.storeId] }),
    index('issue_scheme_stores_store_idx').on(t.storeId),
  ],
);
