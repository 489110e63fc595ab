import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { storeCoordinates } from './geolocation';
import { fetchShopGroups } from './store-api';
import { groupStores, nextStorePage, STORE_PAGE_SIZE } from './store-list';

export const STORE_LIST_KEY = ['stores', 'shop-groups'] as const;

/** The user's stores for a keyword, page by page (spec 2.11, 9), grouped by area title. */
export function useStoreList(keyword: string, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: [...STORE_LIST_KEY, keyword],
    enabled,
    initialPageParam: 1,
    staleTime: 0,
    queryFn: async ({ pageParam, signal }) => {
      const { latitude, longitude } = await storeCoordinates();
      return fetchShopGroups(
        {
          pageNum: pageParam,
          pageSize: STORE_PAGE_SIZE,
          latitude,
          longitude,
          searchKeyWord: keyword || undefined,
        },
        signal,
      );
    },
    getNextPageParam: (last, pages) => nextStorePage(pages.length, last.total),
  });
  const pages = query.data?.pages;
  const groups = useMemo(() => groupStores(pages ?? []), [pages]);
  return { ...query, groups, total: pages?.[0]?.total ?? 0 };
}
