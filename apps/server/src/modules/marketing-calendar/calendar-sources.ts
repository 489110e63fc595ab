import type { MarketingEvent } from '@console/contract';

/** Days as `yyyy-MM-dd` (Asia/Shanghai), both inclusive. */
export type DayRange = { from: string; to: string };

/**
 * Another programme's events on the marketing calendar (docs/domain/marketing-calendar.md): tea-tree activities
 * now; coupon schemes and points-mall campaigns add one each. `storeId` null asks for every store's events
 * (head office); a source whose events concern every store ignores it.
 */
export type CalendarSource = {
  type: MarketingEvent['type'];
  eventsBetween(range: DayRange, storeId: number | null): Promise<MarketingEvent[]>;
};

/** Whether [start, end] and the range share a day. */
export const overlaps = (start: string, end: string, range: DayRange) =>
  start <= range.to && end >= range.from;
