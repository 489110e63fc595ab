import { useQuery } from '@tanstack/react-query';
import { storeInfoApi } from './store-info-api';

export const storeInfoKeys = {
  status: (shopCode: string) => ['store-info', 'status', shopCode] as const,
  detail: (shopCode: string) => ['store-info', 'detail', shopCode] as const,
  contacts: (shopCode: string, organizeId: number | null) =>
    ['store-info', 'contacts', shopCode, organizeId] as const,
  areaTree: ['store-info', 'area-tree'] as const,
};

export function useStoreDetail(shopCode: string) {
  return useQuery({
    queryKey: storeInfoKeys.detail(shopCode),
    queryFn: () => storeInfoApi.detail(shopCode),
    enabled: shopCode !== '',
  });
}

/**
 * What the store-info form needs (spec 4.4): regions and the store detail together, then the contacts of
 * the store's department.
 */
export function useStoreInfoData(shopCode: string) {
  const areaTree = useQuery({
    queryKey: storeInfoKeys.areaTree,
    queryFn: storeInfoApi.areaTree,
    // The GB/T 2260 tree changes with a release at most.
    staleTime: Infinity,
  });
  const detail = useStoreDetail(shopCode);
  const organizeId = detail.data?.organizeId ?? null;
  const contacts = useQuery({
    queryKey: storeInfoKeys.contacts(shopCode, organizeId),
    queryFn: () => storeInfoApi.contacts(shopCode, organizeId),
    enabled: detail.isSuccess,
  });
  const queries = [areaTree, detail, contacts];
  return {
    areaTree: areaTree.data,
    detail: detail.data,
    contacts: contacts.data,
    isError: queries.some((query) => query.isError),
    retry: () => queries.filter((query) => query.isError).forEach((query) => void query.refetch()),
  };
}
