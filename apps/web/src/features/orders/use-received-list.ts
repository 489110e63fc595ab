import type { ReceivedPage } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from './order-keys';
import { receivedApi } from './received-api';
import { RECEIVED_PAGE_SIZE, takenDays, type ReceivedQuery } from './received-query';

/**
 * One page of received orders. When the page before is in the cache (the user paged forward), its
 * `nextCursor` goes with the call and the server reads by keyset; a page opened from the URL is read by number.
 */
export function useReceivedList(storeCode: string, query: ReceivedQuery) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orderKeys.received(storeCode, query),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ReceivedPage>(
        orderKeys.received(storeCode, { ...query, pageNum: query.pageNum - 1 }),
      );
      const page = await receivedApi.list(
        {
          storeCode,
          status: query.status ?? 'all',
          deliveryType: query.deliveryType ?? null,
          keyword: query.keyword || null,
          ...takenDays(query.date),
          pageNum: query.pageNum,
          pageSize: RECEIVED_PAGE_SIZE,
          cursor: before?.nextCursor ?? null,
        },
        signal,
      );
      // A keyset page is not counted again: it carries the count of the page it follows.
      return page.total === null && before
        ? { ...page, total: before.total, totalExact: before.totalExact }
        : page;
    },
    enabled: Boolean(storeCode),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === storeCode ? previous : undefined,
  });
}
