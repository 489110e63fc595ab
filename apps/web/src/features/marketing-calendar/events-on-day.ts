import type { MarketingEvent } from '@console/contract';

const spanDays = (e: MarketingEvent) => Date.parse(e.endDate) - Date.parse(e.startDate);

/**
 * The events a month cell shows for a day, most telling first: what starts that day, then the shorter events
 * (a one-day festival before a scheme running all month), so that weeks-long programme windows never push a
 * day's own events behind 「还有N项」.
 */
export function eventsOnDay(events: readonly MarketingEvent[], day: string): MarketingEvent[] {
  return events
    .filter((e) => e.startDate <= day && e.endDate >= day)
    .sort(
      (a, b) =>
        Number(b.startDate === day) - Number(a.startDate === day) ||
        spanDays(a) - spanDays(b) ||
        a.title.localeCompare(b.title, 'zh-CN'),
    );
}
