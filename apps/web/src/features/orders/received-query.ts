import {
  DELIVERY_TYPES,
  FULFILMENT_STATUSES,
  type DeliveryType,
  type FulfilmentStatus,
} from '@console/contract';
import {
  dateFilterOfSearch,
  daysOfDateFilter,
  pageNumOfSearch,
  searchOfDateFilter,
} from '../../components/date-filter-search';
import type { DateFilter } from '../../components/date-range-filter';

export const RECEIVED_PAGE_SIZE = 20;
export const KEYWORD_MAX = 50;
const MAX_PAGE = 100_000;

export type ReceivedQuery = {
  status: FulfilmentStatus | undefined;
  deliveryType: DeliveryType | undefined;
  keyword: string;
  date: DateFilter;
  pageNum: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The 已接订单 filters and page from the URL; anything unreadable falls back to "all", page 1. */
export function receivedQueryOf(params: URLSearchParams): ReceivedQuery {
  return {
    status: oneOf(FULFILMENT_STATUSES, params.get('status')),
    deliveryType: oneOf(DELIVERY_TYPES, params.get('deliveryType')),
    keyword: (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    date: dateFilterOfSearch(params),
    pageNum: pageNumOfSearch(params, MAX_PAGE),
  };
}

/** The URL search of a query; defaults are left out so a plain list has a plain URL. */
export function receivedSearch(query: ReceivedQuery): Record<string, string> {
  const search: Record<string, string> = {};
  if (query.status) search.status = query.status;
  if (query.deliveryType) search.deliveryType = query.deliveryType;
  if (query.keyword) search.keyword = query.keyword;
  Object.assign(search, searchOfDateFilter(query.date));
  if (query.pageNum > 1) search.pageNum = String(query.pageNum);
  return search;
}

/**
 * The days sent to the server (`dateFrom`/`dateTo`, both inclusive); a preset is resolved at `now`, so
 * "今天" stays today when the list is reopened tomorrow.
 */
export function takenDays(
  date: DateFilter,
  now: Date = new Date(),
): { dateFrom: string; dateTo: string } | null {
  const days = daysOfDateFilter(date, now);
  return days && { dateFrom: days.from, dateTo: days.to };
}
