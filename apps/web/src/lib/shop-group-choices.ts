import { storeAdminEndpoints, type ShopGroupRow } from '@console/contract';
import { call } from './http';

/** The query key of the shop-group choices: 门店分组 drops it after a change. */
export const shopGroupOptionsKey = ['shop-groups', 'options'] as const;

const PAGE_SIZE = 50;

/**
 * The shop groups of the caller's data scope for a `RemoteSelect` (门店管理's filter and store form): searched
 * by name on the server and paged, so a chain's every group is reachable.
 */
export const shopGroupChoices = {
  queryKey: shopGroupOptionsKey,
  fetchPage: (keyword: string | null, pageNum: number, signal: AbortSignal) =>
    call(storeAdminEndpoints.groupPage, { keyword, pageNum, pageSize: PAGE_SIZE }, { signal }),
  optionOf: (group: ShopGroupRow) => ({ value: group.id, label: group.frontTitle }),
};
