import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, requiredRef } from './columns.js';
import { skus, stores, users } from '../schema.js';

// ---------------------------------------------------------------------------------------------------------------
// Points mall (docs/domain/points-mall.md): classes of integral SKUs, which stores manage a class, the shelves.

/** 积分分类: a class of points-mall SKUs, shown in `sort` order (smaller first). */
export const integralClasses = pgTable(
  'integral_classes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integral_classes_name_key').on(t.name), index('integral_classes_sort_idx').on(t.sort)],
);

/** The integral SKUs of a class, in the class's own order. */
export const integralClassSkus = pgTable(
  'integral_class_skus',
  {
    classId: requiredRef('class_id', () => integralClasses.id, 'cascade'),
    skuId: requiredRef('sku_id', () => skus.id, 'cascade'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classId, t.skuId] }), index('integral_class_skus_sku_idx').on(t.skuId)],
);

/** The stores that may manage (shelve) a class's SKUs (spec 6 `setManageAuth`). */
export const integralClassStores = pgTable(
  'integral_class_stores',
  {
    classId: requiredRef('class_id', () => integralClasses.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.storeId] }),
    index('integral_class_stores_store_idx').on(t.storeId),
  ],
);

/** One store's shelf of one integral SKU: on or off, and the stock it holds for the points mall. */
export const integralShelves = pgTable(
  'integral_shelves',
  {
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    skuId: requiredRef('sku_id', () => skus.id, 'cascade'),
    onShelf: boolean('on_shelf').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.skuId] }),
    index('integral_shelves_sku_idx').on(t.skuId, t.onShelf),
  ],
);
