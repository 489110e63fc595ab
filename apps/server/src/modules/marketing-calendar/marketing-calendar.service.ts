import {
  MARKETING_EVENT_TYPE_TEXT,
  type CalendarAddBody,
  type CalendarListQuery,
  type CalendarManageQuery,
  type MarketingEvent,
  type MarketingEventType,
} from '@console/contract';
import { and, asc, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { marketingEventReminders, marketingEventStores, marketingEvents, stores } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { createAuditLog, type AuditClient } from '../audit/audit-log.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { staffOf, type MessageProducer } from '../im/message-producer.js';
import { storeInScope, type DataScope } from '../roles/data-scope.js';
import { storesTextOf, type CalendarSource, type DayRange } from './calendar-sources.js';

const DAY_MS = 86_400_000;
/** Business type 10 (marketing), general kind 1: the day-before reminder (spec 4.9). */

/** Who adds or removes an event: the head-office user and their client (the audit row names both). */
export type CalendarEditor = { userId: number; client: AuditClient };
export const MARKETING_BUSINESS_TYPE = 10;

type EventRow = typeof marketingEvents.$inferSelect;

const byStart = (a: MarketingEvent, b: MarketingEvent) =>
  a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title, 'zh-CN');

export const REMINDER_TEXT = {
  title: '营销日历提醒',
  text: (event: MarketingEvent) =>
    event.startDate === event.endDate
      ? `明天（${event.startDate}）：${event.typeText}「${event.title}」，请提前做好准备。`
      : `明天（${event.startDate}）开始：${event.typeText}「${event.title}」，至${event.endDate}结束，请提前做好准备。`,
};

/**
 * 营销日历 (docs/domain/marketing-calendar.md): manual events and the events of the registered sources, the
 * store's view and head office's, and the day-before reminder to the stores an event concerns.
 */
export function createMarketingCalendarService(deps: {
  db: Database;
  clock: Clock;
  producer: MessageProducer;
  sources: readonly CalendarSource[];
}) {
  const { db, clock, producer, sources } = deps;
  const audit = createAuditLog(db, clock);

  const overlapping = (range: DayRange): SQL =>
    and(lte(marketingEvents.startDate, range.to), gte(marketingEvents.endDate, range.from))!;
  const concerning = (storeCondition: SQL | undefined): SQL =>
    or(
      eq(marketingEvents.allStores, true),
      exists(
        db
          .select({ one: sql`1` })
          .from(marketingEventStores)
          .innerJoin(stores, eq(stores.id, marketingEventStores.storeId))
          .where(and(eq(marketingEventStores.eventId, marketingEvents.id), storeCondition)),
      ),
    )!;

  async function manualEvents(where: SQL): Promise<MarketingEvent[]> {
    const rows = await db.select().from(marketingEvents).where(where).orderBy(asc(marketingEvents.startDate));
    const ids = rows.filter((r) => !r.allStores).map((r) => r.id);
    const links = ids.length
      ? await db
          .select({ eventId: marketingEventStores.eventId, name: stores.shopName })
          .from(marketingEventStores)
          .innerJoin(stores, eq(stores.id, marketingEventStores.storeId))
          .where(inArray(marketingEventStores.eventId, ids))
          .orderBy(asc(stores.id))
      : [];
    return rows.map((row) =>
      eventOf(
        row,
        links.filter((l) => l.eventId === row.id).map((l) => l.name),
      ),
    );
  }

  function eventOf(row: EventRow, storeNames: string[]): MarketingEvent {
    const type = row.type as MarketingEventType;
    return {
      key: `manual:${row.id}`,
      id: row.id,
      type,
      typeText: MARKETING_EVENT_TYPE_TEXT[type],
      title: row.title,
      startDate: row.startDate,
      endDate: row.endDate,
      color: row.color,
      storesText: storesTextOf(row.allStores, storeNames),
      remark: row.remark,
    };
  }

  async function sourceEvents(range: DayRange, storeId: number | null, type?: MarketingEventType | null) {
    const wanted = sources.filter((s) => !type || s.type === type);
    return (await Promise.all(wanted.map((s) => s.eventsBetween(range, storeId)))).flat();
  }

  const manualType = (type?: MarketingEventType | null) =>
    type ? eq(marketingEvents.type, type) : undefined;

  /** Every event concerning the store that shares a day with the range. */
  async function forStore(storeId: number, range: DayRange, type?: MarketingEventType | null) {
    const manual = await manualEvents(
      and(overlapping(range), manualType(type), concerning(eq(stores.id, storeId)))!,
    );
    return [...manual, ...(await sourceEvents(range, storeId, type))].sort(byStart);
  }

  return {
    list: (storeId: number, query: CalendarListQuery) => forStore(storeId, query, query.type),

    async manageList(scope: DataScope, query: CalendarManageQuery): Promise<MarketingEvent[]> {
      const storeCondition = and(
        storeInScope(db, scope),
        query.shopGroupId ? eq(stores.shopGroupId, query.shopGroupId) : undefined,
      );
      const manual = await manualEvents(
        and(
          overlapping(query),
          manualType(query.type),
          storeCondition ? concerning(storeCondition) : undefined,
        )!,
      );
      return [...manual, ...(await sourceEvents(query, null, query.type))].sort(byStart);
    },

    /** Adds a manual event for stores of the caller's data scope; audited in its transaction. */
    async add(editor: CalendarEditor, scope: DataScope, body: CalendarAddBody): Promise<MarketingEvent> {
      // In the service, not the schema: an event without stores is a rule of the calendar, not a malformed body.
      if (!body.allStores && body.storeIds.length === 0)
        throw new AppError(422, 'CALENDAR_NO_STORES', '请选择活动涉及的门店');
      if (body.allStores && !scope.all) throw forbidden('您的数据范围不含全部门店，请选择具体门店');
      const ids = [...new Set(body.storeIds)];
      const found = body.allStores
        ? []
        : await db
            .select({ id: stores.id, code: stores.shopCode, name: stores.shopName })
            .from(stores)
            .where(and(inArray(stores.id, ids), storeInScope(db, scope)));
      const missing = ids.filter((id) => !found.some((s) => s.id === id));
      if (!body.allStores && missing.length)
        throw new AppError(
          422,
          'CALENDAR_STORE_UNKNOWN',
          `${missing.length}家门店不存在或不在您的数据范围内`,
        );
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(marketingEvents)
          .values({
            title: body.title,
            type: body.type,
            startDate: body.startDate,
            endDate: body.endDate,
            color: body.color.toLowerCase(),
            allStores: body.allStores,
            remark: body.remark,
            createdBy: editor.userId,
          })
          .returning();
        if (found.length)
          await tx
            .insert(marketingEventStores)
            .values(found.map((s) => ({ eventId: row!.id, storeId: s.id })));
        await audit.record(
          {
            action: 'marketing.event_add',
            userId: editor.userId,
            client: editor.client,
            target: String(row!.id),
            detail: {
              title: body.title,
              type: body.type,
              allStores: body.allStores,
              storeCodes: found.map((s) => s.code),
            },
          },
          tx,
        );
        return eventOf(
          row!,
          found.map((s) => s.name),
        );
      });
    },

    /** Deletes a manual event whose stores are all in the caller's data scope; audited. */
    async remove(editor: CalendarEditor, scope: DataScope, id: number): Promise<{ id: number }> {
      const [row] = await db.select().from(marketingEvents).where(eq(marketingEvents.id, id));
      if (!row) throw notFound('营销活动不存在', 'CALENDAR_EVENT_NOT_FOUND');
      if (!scope.all) {
        const outside = row.allStores
          ? 1
          : (
              await db
                .select({ id: stores.id })
                .from(marketingEventStores)
                .innerJoin(stores, eq(stores.id, marketingEventStores.storeId))
                .where(
                  and(
                    eq(marketingEventStores.eventId, id),
                    sql`not (${storeInScope(db, scope) ?? sql`true`})`,
                  ),
                )
            ).length;
        if (outside) throw forbidden('该活动涉及您数据范围以外的门店，不能删除');
      }
      await db.transaction(async (tx) => {
        await tx.delete(marketingEvents).where(eq(marketingEvents.id, id));
        await audit.record(
          {
            action: 'marketing.event_delete',
            userId: editor.userId,
            client: editor.client,
            target: String(id),
            detail: { title: row.title },
          },
          tx,
        );
      });
      return { id };
    },

    /**
     * The day-before reminder: every event starting tomorrow (Asia/Shanghai) tells the staff of each store it
     * concerns, once — a reminder row per event and store is written with the messages, so a second run (or
     * another instance) sends nothing. Answers how many stores were told.
     */
    async remindTomorrow(): Promise<number> {
      const tomorrow = shanghaiDay(new Date(clock().getTime() + DAY_MS));
      const range = { from: tomorrow, to: tomorrow };
      const storeRows = await db.select({ id: stores.id }).from(stores).where(eq(stores.enabled, true));
      let told = 0;
      for (const store of storeRows) {
        const events = (await forStore(store.id, range)).filter((e) => e.startDate === tomorrow);
        if (!events.length) continue;
        const receivers = await staffOf(db, store.id);
        for (const event of events) {
          const wakeKeys = await db.transaction(async (tx) => {
            const [claimed] = await tx
              .insert(marketingEventReminders)
              .values({ eventKey: event.key, storeId: store.id, messageCount: receivers.length })
              .onConflictDoNothing()
              .returning({ storeId: marketingEventReminders.storeId });
            if (!claimed || receivers.length === 0) return [];
            const outcome = await producer.publish(tx, {
              storeId: store.id,
              receiverIds: receivers,
              businessType: MARKETING_BUSINESS_TYPE,
              messageType: 1,
              title: REMINDER_TEXT.title,
              text: REMINDER_TEXT.text(event),
              source: 'marketing-calendar',
            });
            told += 1;
            return outcome.wakeKeys;
          });
          producer.wake(wakeKeys);
        }
      }
      return told;
    },
  };
}

export type MarketingCalendarService = ReturnType<typeof createMarketingCalendarService>;
