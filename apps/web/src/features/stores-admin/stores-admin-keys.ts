import { shopGroupOptionsKey } from '../../lib/shop-group-choices';

/** Query keys of 门店管理 and 门店分组. */
export const storesAdminKeys = {
  page: ['stores-admin', 'page'] as const,
  groups: ['stores-admin', 'groups'] as const,
  groupOptions: shopGroupOptionsKey,
  newCode: ['stores-admin', 'new-code'] as const,
  openWork: (id: number) => ['stores-admin', 'open-work', id] as const,
};
