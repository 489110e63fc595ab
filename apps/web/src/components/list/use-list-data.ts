import type { Endpoint, EndpointInput, EndpointOutput } from '@console/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/http';

/** What <ListPage> shows of a list: its rows and count, and the state of the query behind them. */
export type ListData<Row> = {
  rows: Row[];
  /** Rows in all; null while unknown. */
  total: number | null;
  /** False when the server stopped counting at its cap: the count reads `N+`. */
  totalExact: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
};

/** A numbered page (`pageOf`) or a keyset page (`keysetPageOf`) of the contract. */
type AnyPage<Row> = { list: Row[]; total: number | null; totalExact?: boolean; nextCursor?: string | null };
export type ListEndpoint<Row> = Endpoint & { response: { parse(data: unknown): AnyPage<Row> } };
export type RowOf<E extends Endpoint> = EndpointOutput<E> extends { list: (infer Row)[] } ? Row : never;

type Options<E extends Endpoint> = {
  /** The query key before the request (e.g. `['orders', 'received', storeCode]`); the request is appended. */
  key: readonly unknown[];
  endpoint: E;
  /** The request: filters and `pageNum`/`pageSize` (a keyset list's `cursor` is added here). */
  request: EndpointInput<E> & { pageNum: number; pageSize: number };
  enabled?: boolean;
  /**
   * Re-reads the page every so many ms while the shown rows call for it (e.g. a job still running), else
   * `false`: `poll: (rows) => (rows.some(isRunning) ? 2000 : false)`.
   */
  poll?(rows: RowOf<E>[]): number | false;
};

/**
 * One page of a list endpoint (numbered or keyset). For a keyset endpoint, when the page before is cached (the
 * user paged forward), its `nextCursor` goes with the call and the server reads by keyset, answering no count:
 * the page then keeps the count of the page it follows. A page opened from the URL is read by number.
 */
export function useListData<E extends ListEndpoint<RowOf<E>>>({
  key,
  endpoint,
  request,
  enabled = true,
  poll,
}: Options<E>): ListData<RowOf<E>> & { page: EndpointOutput<E> | undefined } {
  type Row = RowOf<E>;
  type Answer = AnyPage<Row>;
  const queryClient = useQueryClient();
  const keyOf = (pageNum: number) => [...key, { ...request, pageNum }] as const;
  const result = useQuery({
    queryKey: keyOf(request.pageNum),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<Answer>(keyOf(request.pageNum - 1));
      const cursor = before?.nextCursor ?? null;
      const input = cursor ? { ...request, cursor } : request;
      const page = (await call(endpoint, input as EndpointInput<E>, { signal })) as Answer;
      return page.total === null && before
        ? { ...page, total: before.total, totalExact: isExact(before) }
        : page;
    },
    enabled,
    refetchInterval: poll ? (query) => (query.state.data ? poll(query.state.data.list) : false) : undefined,
    // The rows of the same list stay while the next page loads (no flash); another key prefix (store) never.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameList(previousQuery.queryKey, key) ? keepPreviousData(previous) : undefined,
  });
  const page = result.data;
  return {
    page: page as EndpointOutput<E> | undefined,
    rows: page?.list ?? [],
    total: page?.total ?? null,
    totalExact: page ? isExact(page) : true,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    isError: result.isError,
    error: result.error,
    refetch: result.refetch,
  };
}

const isExact = (page: AnyPage<unknown>) => page.totalExact ?? true;

function sameList(previous: readonly unknown[], key: readonly unknown[]): boolean {
  return key.every((part, index) => JSON.stringify(previous[index]) === JSON.stringify(part));
}
