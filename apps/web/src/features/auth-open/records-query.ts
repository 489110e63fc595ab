import { AUTH_OPEN_STATUSES, type AuthOpenStatus } from '@console/contract';

export const RECORDS_PAGE_SIZE = 10;

export type RecordsQuery = { pageNum: number; status: AuthOpenStatus | undefined };

/** The 我的授权 filter and page from the URL; anything unreadable falls back to the first page of all. */
export function recordsQueryOf(params: URLSearchParams): RecordsQuery {
  const page = Number(params.get('pageNum'));
  const status = params.get('status');
  return {
    pageNum: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    status: (AUTH_OPEN_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as AuthOpenStatus)
      : undefined,
  };
}

export function recordsSearch(query: RecordsQuery): Record<string, string> {
  return {
    ...(query.pageNum > 1 ? { pageNum: String(query.pageNum) } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
}
