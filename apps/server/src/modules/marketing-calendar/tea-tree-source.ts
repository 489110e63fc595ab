import type { MarketingEvent } from '@console/contract';
import { lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { teaTreeActivities } from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import {
  overlaps,
  programmeEvent,
  rangeInstants,
  type CalendarSource,
  type DayRange,
} from './calendar-sources.js';

const DAY_MS = 86_400_000;

/**
 * Tea-tree adoption activities on the calendar: each activity's sign-up window, and each harvest round on its
 * day. Head office's activities concern every store.
 */
export function teaTreeCalendarSource(db: Database): CalendarSource {
  const event = (key: string, title: string, startDate: string, endDate: string, remark: string) =>
    programmeEvent('tea_tree', { key, title, startDate, endDate, storesText: '全部门店', remark });
  return {
    type: 'tea_tree',
    async eventsBetween(range: DayRange) {
      // A harvest may come months after the window: read the activities whose window started before the
      // range's end and ended at most a year before its start, then keep what falls in the range.
      const { start: rangeStart, end: rangeEnd } = rangeInstants(range);
      const rows = await db
        .select()
        .from(teaTreeActivities)
        .where(lte(teaTreeActivities.signUpStart, rangeEnd));
      const since = new Date(rangeStart.getTime() - 365 * DAY_MS);
      const events: MarketingEvent[] = [];
      for (const row of rows.filter((r) => r.signUpEnd >= since)) {
        const start = shanghaiDay(row.signUpStart);
        const end = shanghaiDay(row.signUpEnd);
        if (overlaps(start, end, range))
          events.push(event(`tea_tree:${row.id}:signup`, `${row.name}报名`, start, end, row.benefits));
        for (const d of row.deliveries)
          if (overlaps(d.plannedDate, d.plannedDate, range))
            events.push(
              event(
                `tea_tree:${row.id}:round${d.round}`,
                `${row.name}第${d.round}次交付`,
                d.plannedDate,
                d.plannedDate,
                d.content,
              ),
            );
      }
      return events;
    },
  };
}
