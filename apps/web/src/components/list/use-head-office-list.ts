import type { EndpointInput } from '@console/contract';
import type { z } from 'zod';
import type { ListPaging } from './list-page';
import type { UrlQuery, UrlShape } from './list-query';
import { useListData, type ListData, type ListEndpoint, type RowOf } from './use-list-data';
import { useListQuery, type ListQuery } from './use-list-query';

type PagedShape = UrlShape & { pageNum: z.ZodType<number>; pageSize: z.ZodType<number> };
type Filters<E extends ListEndpoint<RowOf<E>>> = Omit<EndpointInput<E>, 'pageNum' | 'pageSize'>;

/** What a head-office list reads (no store in it), as the page declares it. */
export type HeadOfficeListSpec<S extends PagedShape, E extends ListEndpoint<RowOf<E>>> = {
  /** The query key before the request, e.g. `userAdminKeys.page`. */
  key: readonly unknown[];
  endpoint: E;
  /** The contract's filters of the URL's query (`xFiltersOf`); without it the list has paging only. */
  filters?(query: UrlQuery<S>): Filters<E>;
};

/**
 * A head-office list page: the URL's filters and page (`useListQuery`) and the page of rows they ask for
 * (`useListData`). `<ListPage list={list}>` takes its paging from the list, as with `useStoreList`.
 */
export function useHeadOfficeList<S extends PagedShape, E extends ListEndpoint<RowOf<E>>>(
  shape: S,
  spec: HeadOfficeListSpec<S, E>,
): { listQuery: ListQuery<S>; list: ListData<RowOf<E>> & { paging: ListPaging } } {
  const listQuery = useListQuery(shape);
  const { query } = listQuery;
  const list = useListData({
    key: spec.key,
    endpoint: spec.endpoint,
    request: {
      ...spec.filters?.(query),
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    } as EndpointInput<E> & {
      pageNum: number;
      pageSize: number;
    },
  });
  return { listQuery, list: { ...list, paging: listQuery } };
}
