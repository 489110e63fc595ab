import { INTENTION_STATUSES, type IntentionListBody, type IntentionStatus } from '@console/contract';
import type { DateFilter } from '../../components/date-range-filter';
import {
  dateFilterOfSearch,
  daysOfDateFilter,
  pageNumOfSearch,
  searchOfDateFilter,
} from '../../components/date-filter-search';

export const INTENTION_PAGE_SIZE = 20;
export const KEYWORD_MAX = 50;

export type IntentionQuery = {
  status: IntentionStatus | undefined;
  keyword: string;
  date: DateFilter;
  pageNum: number;
};

/** The 客户意向 filters and page from the URL; anything unreadable falls back to "all", page 1. */
export function intentionQueryOf(params: URLSearchParams): IntentionQuery {
  const status = params.get('status');
  return {
    status: (INTENTION_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as IntentionStatus)
      : undefined,
    keyword: (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    date: dateFilterOfSearch(params),
    pageNum: pageNumOfSearch(params),
  };
}

/** The URL search of a query; defaults are left out so a plain list has a plain URL. */
export function intentionSearch(query: IntentionQuery): Record<string, string> {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...searchOfDateFilter(query.date),
    ...(query.pageNum > 1 ? { pageNum: String(query.pageNum) } : {}),
  };
}

/** The list call of a query; a date preset is resolved at `now`. */
export function intentionListBody(
  storeCode: string,
  query: IntentionQuery,
  now: Date = new Date(),
): IntentionListBody {
  const days = daysOfDateFilter(query.date, now);
  return {
    storeCode,
    status: query.status ?? 'all',
    keyword: query.keyword || null,
    dateFrom: days?.from ?? null,
    dateTo: days?.to ?? null,
    pageNum: query.pageNum,
    pageSize: INTENTION_PAGE_SIZE,
  };
}
