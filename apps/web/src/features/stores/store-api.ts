import {
  storeEndpoints,
  type AuthInfo,
  type SelectedStore,
  type ShopGroupPage,
  type ShopGroupQuery,
} from '@console/contract';
import { call } from '../../lib/http';

/** The caller reports these failures itself (dialogs, 设置失败), so the HTTP layer stays silent. */
const SILENT = { flags: { silent: true } } as const;

/** The last-used store, or null when there is none (spec 4.2). */
export function fetchLastStore(userId: number): Promise<SelectedStore | null> {
  return call(storeEndpoints.lastStore, { userId }, SILENT);
}

/** Makes `storeCode` the user's current store on the server (spec 4.3 step 2). */
export function saveLastStore(storeCode: string, userId: number): Promise<null> {
  return call(storeEndpoints.saveLastStore, { storeCode, userId }, SILENT);
}

/** One page of the user's stores, grouped by area, nearest first (spec 2.11). */
export function fetchShopGroups(query: ShopGroupQuery, signal?: AbortSignal): Promise<ShopGroupPage> {
  return call(storeEndpoints.shopGroups, query, { signal, flags: { silent: true } });
}

/** The user's roles and authorised store codes (spec 4.2, when the store list is empty). */
export function fetchAuthInfo(userId: number): Promise<AuthInfo> {
  return call(storeEndpoints.authInfo, { userId }, SILENT);
}
