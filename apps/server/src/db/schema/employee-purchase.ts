import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, identityId, requiredRef, requiredBigRef } from './columns.js';
import { skus, stores, users } from '../schema.js';

/** Employee purchase (员工内购, docs/domain/employee-purchase.md). */

/** The staff price of a SKU; a SKU without one is not sold to staff. */
export const employeePurchasePrices = pgTable(
  'employee_purchase_prices',
  { skuId: requiredRef('sku_id', () => skus.id).primaryKey(), staffCents: integer('staff_cents').notNull() },
  (t) => [check('employee_purchase_prices_positive', sql`${t.staffCents} > 0`)],
);

export type CombinationItems = { skuId: number; quantity: number }[];

/** A combination (套装) of SKUs at one staff price. */
export const employeePurchaseCombinations = pgTable(
  'employee_purchase_combinations',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    staffCents: integer('staff_cents').notNull(),
    items: jsonb('items').$type<CombinationItems>().notNull(),
  },
  (t) => [uniqueIndex('employee_purchase_combinations_code_key').on(t.code)],
);

/** What an employee may buy in a month (`period` = 2026-11): items and money, both. */
export const employeePurchaseQuotas = pgTable(
  'employee_purchase_quotas',
  {
    userId: requiredRef('user_id', () => users.id),
    period: varchar('period', { length: 7 }).notNull(),
    maxItems: integer('max_items').notNull(),
    maxCents: integer('max_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period] }),
    check('employee_purchase_quotas_range', sql`${t.maxItems} >= 0 and ${t.maxCents} >= 0`),
  ],
);

/** Below this many tagged goods of a SKU in stock, the store sells it to no employee. */
export const employeePurchaseSafeStock = pgTable(
  'employee_purchase_safe_stock',
  {
    storeId: requiredRef('store_id', () => stores.id),
    skuId: requiredRef('sku_id', () => skus.id),
    safeQuantity: integer('safe_quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.skuId] }),
    check('employee_purchase_safe_stock_range', sql`${t.safeQuantity} >= 0`),
  ],
);

/**
 * One tagged item of a store (its EPC code). `sold` with the order that bought it; only the conditional update
 * `in_stock → sold` of the placing transaction moves it, so a code is sold once.
 */
export const employeePurchaseEpcs = pgTable(
  'employee_purchase_epcs',
  {
    id: identityId(),
    epc: varchar('epc', { length: 32 }).notNull(),
    storeId: requiredRef('store_id', () => stores.id),
    skuId: requiredRef('sku_id', () => skus.id),
    /** in_stock | sold */
    status: varchar('status', { length: 16 }).notNull().default('in_stock'),
    orderId: bigint('order_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('employee_purchase_epcs_epc_key').on(t.epc),
    index('employee_purchase_epcs_stock_idx').on(t.storeId, t.skuId, t.status),
  ],
);

/**
 * An employee's purchase at a store: a `draft` while codes are scanned (one per employee and store), then
 * `placed`, and `verified` at pick-up or `cancelled`.
 */
export const employeePurchaseOrders = pgTable(
  'employee_purchase_orders',
  {
    id: identityId(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    storeId: requiredRef('store_id', () => stores.id),
    userId: requiredRef('user_id', () => users.id),
    status: varchar('status', { length: 16 }).notNull(),
    /** The quota month the order counts against, set when placed. */
    period: varchar('period', { length: 7 }),
    itemCount: integer('item_count').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    handledByName: varchar('handled_by_name', { length: 64 }).notNull().default(''),
    createdAt: instant('created_at').notNull(),
    placedAt: instant('placed_at'),
    verifiedAt: instant('verified_at'),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    uniqueIndex('employee_purchase_orders_no_key').on(t.orderNo),
    uniqueIndex('employee_purchase_orders_draft_key')
      .on(t.storeId, t.userId)
      .where(sql`${t.status} = 'draft'`),
    index('employee_purchase_orders_store_idx').on(t.storeId, t.placedAt, t.id),
    index('employee_purchase_orders_quota_idx').on(t.userId, t.period),
  ],
);

/** A scanned code of an order, at the staff price when it was scanned. */
export const employeePurchaseLines = pgTable(
  'employee_purchase_lines',
  {
    id: identityId(),
    orderId: requiredBigRef('order_id', () => employeePurchaseOrders.id, 'cascade'),
    epcId: requiredBigRef('epc_id', () => employeePurchaseEpcs.id),
    skuId: requiredRef('sku_id', () => skus.id),
    staffCents: integer('staff_cents').notNull(),
  },
  (t) => [uniqueIndex('employee_purchase_lines_key').on(t.orderId, t.epcId)],
);
