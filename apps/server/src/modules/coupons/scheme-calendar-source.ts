import { ISSUE_CHANNEL_TEXT, type IssueChannel } from '@console/contract';
import { and, asc, eq, exists, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issueSchemeStores, issueSchemes, stores } from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import {
  programmeEvent,
  rangeInstants,
  storesTextOf,
  type CalendarSource,
  type DayRange,
} from '../marketing-calendar/calendar-sources.js';

/**
 * 发放方案 on the marketing calendar: each scheme's issue window, from its first day to its last. A store sees
 * the shown schemes that issue at it (every store, or its store list); head office sees every scheme, a hidden
 * one marked so.
 */
export function issueSchemeCalendarSource(db: Database): CalendarSource {
  return {
    type: 'coupon',
    async eventsBetween(range: DayRange, storeId: number | null) {
      const { start, end } = rangeInstants(range);
      const issuesAtStore =
        storeId === null
          ? undefined
          : and(
              eq(issueSchemes.visible, true),
              or(
                eq(issueSchemes.storeScope, 'all'),
                exists(
                  db
                    .select({ one: sql`1` })
                    .from(issueSchemeStores)
                    .where(
                      and(
                        eq(issueSchemeStores.schemeId, issueSchemes.id),
                        eq(issueSchemeStores.storeId, storeId),
                      ),
                    ),
                ),
              ),
            );
      const rows = await db
        .select()
        .from(issueSchemes)
        .where(and(lte(issueSchemes.startAt, end), gt(issueSchemes.endAt, start), issuesAtStore))
        .orderBy(asc(issueSchemes.startAt));
      const storeNames = await listedStoreNames(
        db,
        rows.filter((r) => r.storeScope !== 'all').map((r) => r.id),
      );
      return rows.map((row) =>
        programmeEvent('coupon', {
          key: `coupon:${row.id}`,
          title: row.visible ? row.name : `${row.name}（已隐藏）`,
          startDate: shanghaiDay(row.startAt),
          // `endAt` is the start of the day after the last one (schemes.service).
          endDate: shanghaiDay(new Date(row.endAt.getTime() - 1)),
          storesText: storesTextOf(row.storeScope === 'all', storeNames.get(row.id) ?? []),
          remark: row.channels.map((c) => ISSUE_CHANNEL_TEXT[c as IssueChannel] ?? c).join('、'),
        }),
      );
    },
  };
}

async function listedStoreNames(db: Database, schemeIds: number[]): Promise<Map<number, string[]>> {
  const byScheme = new Map<number, string[]>();
  if (!schemeIds.length) return byScheme;
  const links = await db
    .select({ schemeId: issueSchemeStores.schemeId, name: stores.shopName })
    .from(issueSchemeStores)
    .innerJoin(stores, eq(stores.id, issueSchemeStores.storeId))
    .where(inArray(issueSchemeStores.schemeId, schemeIds))
    .orderBy(asc(stores.id));
  for (const link of links) byScheme.set(link.schemeId, [...(byScheme.get(link.schemeId) ?? []), link.name]);
  return byScheme;
}
