import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { StatusFilter } from './list-page';
import {
  isFiltered,
  keptOnReset,
  readUrlQuery,
  writeUrlQuery,
  type UrlQuery,
  type UrlShape,
} from './list-query';

export type ListQuery<S extends UrlShape> = {
  /** The URL's query, each field validated (a bad value is its default). */
  query: UrlQuery<S>;
  /** Changes some fields; any change but the page number goes back to page 1. */
  setQuery(patch: Partial<UrlQuery<S>>): void;
  /** Back to the defaults (重置 / 重置筛选); the `views` fields stay. */
  reset(): void;
  /** Whether a filter is set: an empty list then says "no result" and offers 重置筛选. */
  filtered: boolean;
};

type ListQueryOptions<S extends UrlShape> = {
  /**
   * Fields that choose which list is shown rather than filter it (e.g. a 积分商城 / 优享 tab): 重置 keeps
   * them, and an empty list under them is "empty", not "no result". Must be a module constant.
   */
  views?: readonly (keyof S & string)[];
};

const NO_VIEWS: readonly never[] = [];

/**
 * Filters and paging of a list page in the URL (spec: the URL is the list's state, so a link, a reload and the
 * back button keep them). `shape` must be a module constant.
 */
export function useListQuery<S extends UrlShape>(
  shape: S,
  { views = NO_VIEWS }: ListQueryOptions<S> = {},
): ListQuery<S> {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readUrlQuery(shape, params), [shape, params]);
  const setQuery = useCallback(
    (patch: Partial<UrlQuery<S>>) => {
      const paging = Object.keys(patch).every((key) => key === 'pageNum');
      const pageNum = paging ? {} : { pageNum: undefined };
      setParams(writeUrlQuery(shape, { ...query, ...pageNum, ...patch }));
    },
    [shape, query, setParams],
  );
  const reset = useCallback(
    () => setParams(keptOnReset(shape, query, views)),
    [shape, query, views, setParams],
  );
  return { query, setQuery, reset, filtered: isFiltered(shape, query, views) };
}

/**
 * The status tabs of a list whose URL has a `status` field: the tab shown is the URL's, and a click sets it
 * (back to page 1). `<ListPage statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)} />`.
 */
export function statusFilterOf<S extends UrlShape & { status: z.ZodType<string> }>(
  listQuery: ListQuery<S>,
  options: readonly { value: UrlQuery<S>['status']; label: string }[],
): StatusFilter<UrlQuery<S>['status']> {
  return {
    value: listQuery.query.status,
    options,
    onChange: (status) => listQuery.setQuery({ status } as Partial<UrlQuery<S>>),
  };
}
