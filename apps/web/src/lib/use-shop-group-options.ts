import { storeAdminEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './http';

/** The query key of the shop-group options: 门店分组 drops it after a change. */
export const shopGroupOptionsKey = ['shop-groups', 'options'] as const;

/** The shop groups of the caller's data scope as select options, in sort order (the first hundred): 门店管理. */
export function useShopGroupOptions(enabled = true) {
  const groups = useQuery({
    queryKey: shopGroupOptionsKey,
    queryFn: ({ signal }) => call(storeAdminEndpoints.groupPage, { pageSize: 100 }, { signal }),
    enabled,
    staleTime: 60_000,
  });
  return (groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.frontTitle }));
}
