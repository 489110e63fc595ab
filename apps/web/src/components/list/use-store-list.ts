import type { EndpointInput } from '@console/contract';
import type { z } from 'zod';
import { useStoreCode } from '../../stores/use-store-code';
import type { ListPaging } from './list-page';
import type { UrlQuery, UrlShape } from './list-query';
import { useListData, type ListData, type ListEndpoint, type RowOf } from './use-list-data';
import { useListQuery, type ListQuery } from './use-list-query';

type PagedShape = UrlShape & { pageNum: z.ZodType<number>; pageSize: z.ZodType<number> };
type Filters<E extends ListEndpoint<RowOf<E>>> = Omit<EndpointInput<E>, 'pageNum' | 'pageSize'>;

/** What a list of the selected store reads, as the page declares it. */
export type StoreListSpec<S extends PagedShape, E extends ListEndpoint<RowOf<E>>> = {
  /** The fields that choose which list is shown (`useListQuery`'s `views`); a module constant. */
  views?: readonly (keyof S & string)[];
  /** The query key before the request: it carries the store (and the view), e.g. `orderKeys.untaken`. */
  key(storeCode: string, query: UrlQuery<S>): readonly unknown[];
  endpoint(query: UrlQuery<S>): E;
  /** The contract's filters of the URL's query (`xFiltersOf`); without it the store is the only filter. */
  filters?(storeCode: string, query: UrlQuery<S>): Filters<E>;
  /** As `useListData`'s `poll`. */
  poll?(rows: RowOf<E>[]): number | false;
};

/** A list of the selected store: its rows with the paging that asked for them; `noStore` before a store is chosen. */
export type StoreListData<Row> = ListData<Row> & { paging: ListPaging; noStore: boolean };

/**
 * A list page of the selected store: the URL's filters and page (`useListQuery`), the page of rows they ask for
 * (`useListData`, nothing asked while no store is chosen). `<ListPage list={list}>` then draws it, the paging,
 * the page sizes of the URL shape and the "choose a store" notice included.
 */
export function useStoreList<S extends PagedShape, E extends ListEndpoint<RowOf<E>>>(
  shape: S,
  spec: StoreListSpec<S, E>,
): { storeCode: string; listQuery: ListQuery<S>; list: StoreListData<RowOf<E>> } {
  const storeCode = useStoreCode();
  const listQuery = useListQuery(shape, { views: spec.views });
  const { query } = listQuery;
  const filters = spec.filters ? spec.filters(storeCode, query) : { storeCode };
  const list = useListData({
    key: spec.key(storeCode, query),
    endpoint: spec.endpoint(query),
    request: { ...filters, pageNum: query.pageNum, pageSize: query.pageSize } as EndpointInput<E> & {
      pageNum: number;
      pageSize: number;
    },
    enabled: Boolean(storeCode),
    poll: spec.poll,
  });
  return { storeCode, listQuery, list: { ...list, paging: listQuery, noStore: !storeCode } };
}
