import { CANCEL_CHECK_STATES, type CancelCheckPageBody, type CancelCheckState } from '@console/contract';
import type { DateFilter } from '../../components/date-range-filter';
import {
  dateFilterOfSearch,
  daysOfDateFilter,
  pageNumOfSearch,
  searchOfDateFilter,
} from '../../components/date-filter-search';

export const CANCEL_CHECK_PAGE_SIZE = 20;
export const KEYWORD_MAX = 50;

export type CancelCheckQuery = {
  state: CancelCheckState | undefined;
  keyword: string;
  date: DateFilter;
  pageNum: number;
  /** The check whose drawer is open. */
  checkId: number | undefined;
};

function idOf(text: string | null): number | undefined {
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

/** The 取消核查 filters, page and open check from the URL; anything unreadable falls back to "all", page 1. */
export function cancelCheckQueryOf(params: URLSearchParams): CancelCheckQuery {
  const state = params.get('state');
  return {
    state: (CANCEL_CHECK_STATES as readonly string[]).includes(state ?? '')
      ? (state as CancelCheckState)
      : undefined,
    keyword: (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    date: dateFilterOfSearch(params),
    pageNum: pageNumOfSearch(params),
    checkId: idOf(params.get('id')),
  };
}

/** The URL search of a query; defaults are left out so a plain list has a plain URL. */
export function cancelCheckSearch(query: CancelCheckQuery): Record<string, string> {
  return {
    ...(query.state ? { state: query.state } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...searchOfDateFilter(query.date),
    ...(query.pageNum > 1 ? { pageNum: String(query.pageNum) } : {}),
    ...(query.checkId ? { id: String(query.checkId) } : {}),
  };
}

/** The page call of a query (the open drawer is not part of it); a preset is resolved at `now`. */
export function cancelCheckPageBody(
  storeCode: string,
  query: CancelCheckQuery,
  now: Date = new Date(),
): CancelCheckPageBody {
  const days = daysOfDateFilter(query.date, now);
  return {
    storeCode,
    state: query.state ?? 'all',
    keyword: query.keyword || null,
    dateFrom: days?.from ?? null,
    dateTo: days?.to ?? null,
    pageNum: query.pageNum,
    pageSize: CANCEL_CHECK_PAGE_SIZE,
  };
}
