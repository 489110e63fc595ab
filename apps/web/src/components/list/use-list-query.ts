import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { StatusFilter } from './list-page';
import {
  isFiltered,
  isListStateKey,
  keptOnReset,
  keywordMaxOf,
  pageSizesOf,
  readUrlQuery,
  writeUrlQuery,
  type UrlQuery,
  type UrlShape,
} from './list-query';

export type ListQuery<S extends UrlShape> = {
  /** The URL's query, each field validated (a bad value is its default). */
  query: UrlQuery<S>;
  /**
   * Changes some fields; a filter change goes back to page 1 and closes what is open over the list
   * (`urlField.recordId`), a change of page or of the open record keeps the rest.
   */
  setQuery(patch: Partial<UrlQuery<S>>): void;
  /** The link (`?…`) of the query with `patch` applied as `setQuery` would: e.g. a row opening its drawer. */
  hrefOf(patch: Partial<UrlQuery<S>>): string;
  /** Back to the defaults (重置 / 重置筛选); the `views` fields stay. */
  reset(): void;
  /** Whether a filter is set: an empty list then says "no result" and offers 重置筛选. */
  filtered: boolean;
  /** The sizes the URL's `pageSize` accepts (`urlField.pageSize`): what the page-size selector offers. */
  pageSizes?: readonly number[];
  /** The longest keyword the URL's `keyword` keeps (`urlField.keyword`): the search box's limit. */
  keywordMax?: number;
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
 * The router renders a navigation in a transition by default: the URL changes at once, the page later. A filter
 * set in that gap (a status tab, then a keyword and Enter on a busy machine) merged into the old query and
 * dropped the tab. Rendering the list's own URL changes with the URL keeps `query` and the URL one.
 */
const COMMIT_WITH_URL = { flushSync: true } as const;

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
  // What the last change wrote while its navigation is on its way: the router runs the guard's loader before the
  // URL and the page change, and a second filter set in that gap (a status tab, then a keyword and Enter) must
  // start from the first one, not from the page as last rendered. The URL, once it arrives, is the truth again.
  const written = useRef<UrlQuery<S> | null>(null);
  useLayoutEffect(() => {
    written.current = null;
  }, [params]);
  const searchOf = useCallback(
    (base: UrlQuery<S>, patch: Partial<UrlQuery<S>>) => {
      const filterChange = Object.keys(patch).some(
        (key) => key === 'pageSize' || !isListStateKey(shape, key),
      );
      const closed = filterChange
        ? Object.fromEntries(
            Object.keys(shape)
              .filter((key) => key !== 'pageSize' && isListStateKey(shape, key))
              .map((key) => [key, undefined]),
          )
        : {};
      return writeUrlQuery(shape, { ...base, ...closed, ...patch });
    },
    [shape],
  );
  const navigateTo = useCallback(
    (search: Record<string, string>) => {
      written.current = readUrlQuery(shape, new URLSearchParams(search));
      setParams(search, COMMIT_WITH_URL);
    },
    [shape, setParams],
  );
  const setQuery = useCallback(
    (patch: Partial<UrlQuery<S>>) => navigateTo(searchOf(written.current ?? query, patch)),
    [navigateTo, searchOf, query],
  );
  const hrefOf = useCallback(
    (patch: Partial<UrlQuery<S>>) => `?${new URLSearchParams(searchOf(query, patch)).toString()}`,
    [searchOf, query],
  );
  const reset = useCallback(
    () => navigateTo(keptOnReset(shape, written.current ?? query, views)),
    [navigateTo, shape, query, views],
  );
  return {
    query,
    setQuery,
    hrefOf,
    reset,
    filtered: isFiltered(shape, query, views),
    pageSizes: pageSizesOf(shape),
    keywordMax: keywordMaxOf(shape),
  };
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
