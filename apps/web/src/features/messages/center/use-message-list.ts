import { IM_LIMITS, type MessagePage } from '@console/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { useShopStore } from '../../../stores/shop-store';
import { fetchMessagePage } from '../im-api';
import { MESSAGE_LABELS } from '../labels';
import { useMessageStore } from '../message-store';
import { loadMoreState } from './load-more-state';

export const messageListKeys = {
  all: ['messages', 'list'] as const,
  list: (receiver: string, storeCode: string, type: number | null, tab: string) =>
    ['messages', 'list', receiver, storeCode, type, tab] as const,
};

/** The center's list (spec 2.14, 4.8): pages of 50 for the selected tag and tab, reloaded on `listVersion`. */
export function useMessageList() {
  const type = useMessageStore((state) => state.selectedType);
  const tab = useMessageStore((state) => state.tab);
  const version = useMessageStore((state) => state.listVersion);
  const receiver = useSessionStore((state) => state.user?.workCode ?? '');
  const storeCode = useShopStore((state) => state.shopInfo?.addressId ?? '');
  const enabled = receiver !== '' && storeCode !== '';

  const query = useInfiniteQuery({
    queryKey: messageListKeys.list(receiver, storeCode, type, tab),
    queryFn: async ({ pageParam, signal }): Promise<MessagePage> => {
      try {
        return await fetchMessagePage({ pageNum: pageParam, tab, businessType: type }, signal);
      } catch (error) {
        if (!signal.aborted) notify.error(MESSAGE_LABELS.listFailed);
        throw error;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * IM_LIMITS.pageSize < last.total ? pages.length + 1 : undefined,
    enabled,
    retry: false,
    staleTime: 0,
  });

  const { refetch } = query;
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    void refetch();
  }, [version, refetch]);

  const pages = query.data?.pages ?? [];
  const messages = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  return {
    messages,
    total,
    initialLoading: query.isPending && enabled,
    initialFailed: query.isError && pages.length === 0,
    loadMore: loadMoreState({
      pagesLoaded: pages.length,
      pageSize: IM_LIMITS.pageSize,
      total,
      fetching: query.isFetchingNextPage,
      failed: query.isFetchNextPageError || (query.isError && pages.length === 0),
    }),
    fetchNextPage: () => void query.fetchNextPage(),
    retry: () => void (pages.length === 0 ? refetch() : query.fetchNextPage()),
  };
}
