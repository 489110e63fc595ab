import { and, asc, count, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { integralShelves, skus } from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import {
  programmeEvent,
  rangeInstants,
  type CalendarSource,
  type DayRange,
} from '../marketing-calendar/calendar-sources.js';

/**
 * Points-mall campaigns on the marketing calendar: an enabled points-mall SKU redeemable only inside a window
 * (both ends set) is a limited-time redemption from its first day to its last. A store sees the ones on its own
 * shelf; head office sees every one with how many stores shelve it.
 */
export function pointsMallCalendarSource(db: Database): CalendarSource {
  return {
    type: 'points',
    async eventsBetween(range: DayRange, storeId: number | null) {
      const { start, end } = rangeInstants(range);
      const shelvedAt = (id: number) =>
        and(eq(integralShelves.storeId, id), eq(integralShelves.onShelf, true));
      const rows = await db
        .select({
          id: skus.id,
          name: skus.name,
          points: skus.points,
          validFrom: skus.validFrom,
          validTo: skus.validTo,
          shelves: count(integralShelves.storeId),
        })
        .from(skus)
        .leftJoin(
          integralShelves,
          and(
            eq(integralShelves.skuId, skus.id),
            storeId === null ? eq(integralShelves.onShelf, true) : shelvedAt(storeId),
          ),
        )
        .where(
          and(
            eq(skus.kind, 'integral'),
            eq(skus.enabled, true),
            isNotNull(skus.validFrom),
            lte(skus.validFrom, end),
            gt(skus.validTo, start),
          ),
        )
        .groupBy(skus.id)
        .orderBy(asc(skus.validFrom));
      return rows
        .filter((row) => storeId === null || row.shelves > 0)
        .map((row) =>
          programmeEvent('points', {
            key: `points:${row.id}`,
            title: `${row.name}限时兑换`,
            startDate: shanghaiDay(row.validFrom!),
            // `validTo` is the first instant it can no longer be redeemed (redemption-terms.ts).
            endDate: shanghaiDay(new Date(row.validTo!.getTime() - 1)),
            storesText:
              storeId !== null ? '本店上架' : row.shelves ? `${row.shelves}家门店上架` : '暂无门店上架',
            remark: `${row.points}积分兑换`,
          }),
        );
    },
  };
}
