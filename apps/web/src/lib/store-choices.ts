import { storeAdminEndpoints, type StoreOption } from '@console/contract';
import { call } from './http';
import { onlyPage } from '../components/remote-select';

/**
 * The stores of the caller's data scope for a `RemoteSelect` by store code (head-office filters): searched by
 * name or code on the server, which answers the first matches.
 */
export const storeChoices = {
  queryKey: ['stores-admin', 'choices'] as const,
  fetchPage: async (keyword: string | null, _pageNum: number, signal: AbortSignal) =>
    onlyPage(await call(storeAdminEndpoints.conditionQuery, { keyword }, { signal })),
  optionOf: (store: StoreOption) => ({
    value: store.shopCode,
    label: `${store.shopName}（${store.shopCode}）`,
  }),
};
