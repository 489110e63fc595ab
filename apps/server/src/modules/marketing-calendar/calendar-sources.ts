import {
  MARKETING_EVENT_TYPE_COLOR,
  MARKETING_EVENT_TYPE_TEXT,
  type MarketingEvent,
} from '@console/contract';

/** Days as `yyyy-MM-dd` (Asia/Shanghai), both inclusive. */
export type DayRange = { from: string; to: string };

/**
 * Another programme's events on the marketing calendar (docs/domain/marketing-calendar.md): tea-tree activities,
 * coupon issue schemes and points-mall redemption windows. `storeId` null asks for every store's events (head
 * office); a source whose events concern every store ignores it.
 */
export type CalendarSource = {
  type: MarketingEvent['type'];
  eventsBetween(range: DayRange, storeId: number | null): Promise<MarketingEvent[]>;
};

/** Whether [start, end] and the range share a day. */
export const overlaps = (start: string, end: string, range: DayRange) =>
  start <= range.to && end >= range.from;

/** The instants a range covers: from its first day's start to its last day's end, Asia/Shanghai. */
export const rangeInstants = (range: DayRange) => ({
  start: new Date(`${range.from}T00:00:00+08:00`),
  end: new Date(`${range.to}T23:59:59.999+08:00`),
});

/** A programme's event: not deletable here, in its type's colour. */
export function programmeEvent(
  type: MarketingEvent['type'],
  fields: Pick<MarketingEvent, 'key' | 'title' | 'startDate' | 'endDate' | 'storesText' | 'remark'>,
): MarketingEvent {
  return {
    ...fields,
    id: null,
    type,
    typeText: MARKETING_EVENT_TYPE_TEXT[type],
    color: MARKETING_EVENT_TYPE_COLOR[type],
  };
}

const STORES_SHOWN = 3;

/** The stores an event concerns as a line: 全部门店, up to three names, or the first three and how many. */
export function storesTextOf(allStores: boolean, names: readonly string[]): string {
  if (allStores) return '全部门店';
  const shown = names.slice(0, STORES_SHOWN).join('、');
  return names.length > STORES_SHOWN ? `${shown}等${names.length}家门店` : shown;
}
