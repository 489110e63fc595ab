import { boolean, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { instant, createdAt, requiredRef } from './columns.js';
import { stores, users } from '../schema.js';

/** A manual event of the marketing calendar (营销日历): head office's promotion, festival or activity. */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 40 }).notNull(),
    /** promotion | festival | activity */
    type: varchar('type', { length: 16 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    /** Concerns every store (no rows in marketing_event_stores). */
    allStores: boolean('all_stores').notNull().default(false),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('marketing_events_days_idx').on(t.startDate, t.endDate)],
);

/** The stores a manual event concerns. */
export const marketingEventStores = pgTable(
  'marketing_event_stores',
  {
    eventId: requiredRef('event_id', () => marketingEvents.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.storeId] }),
    index('marketing_event_stores_store_idx').on(t.storeId),
  ],
);

/**
 * The day-before reminders already sent: one row per event key and store, so the daily job sends each once
 * however often it runs (and on whichever instance).
 */
export const marketingEventReminders = pgTable(
  'marketing_event_reminders',
  {
    eventKey: varchar('event_key', { length: 64 }).notNull(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    messageCount: integer('message_count').notNull().default(0),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventKey, t.storeId] })],
);
