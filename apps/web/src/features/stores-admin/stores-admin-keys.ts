import { storeAdminEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/http';

/** Query keys of 门店管理 and 门店分组. */
export const storesAdminKeys = {
  page: ['stores-admin', 'page'] as const,
  groups: ['stores-admin', 'groups'] as const,
  groupOptions: ['stores-admin', 'group-options'] as const,
  newCode: ['stores-admin', 'new-code'] as const,
  openWork: (id: number) => ['stores-admin', 'open-work', id] as const,
};

/** The shop groups as select options, in sort order (the first hundred). */
export function useGroupOptions(enabled = true) {
  const groups = useQuery({
    queryKey: storesAdminKeys.groupOptions,
    queryFn: ({ signal }) => call(storeAdminEndpoints.groupPage, { pageSize: 100 }, { signal }),
    enabled,
    staleTime: 60_000,
  });
  return (groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.frontTitle }));
}
