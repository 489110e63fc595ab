import {
  STORE_PATHS,
  type AuthInfo,
  type SelectedStore,
  type ShopGroupPage,
  type ShopGroupQuery,
} from '@console/contract';
import { http } from '../../lib/http';

/*
 * Plain `http` rather than `call()`: the store switcher is part of the shell's first load, and parsing with the
 * contract's schemas would pull zod and every endpoint into it (30 kB gzip over the shell budget, see
 * scripts/bundle-report.mjs). The answers are typed by the contract all the same.
 */

/** The caller reports these failures itself (dialogs, 设置失败), so the HTTP layer stays silent. */
const SILENT = { flags: { silent: true } } as const;

/** The last-used store, or null when there is none (spec 4.2). */
export function fetchLastStore(userId: number): Promise<SelectedStore | null> {
  return http.post<SelectedStore | null>(STORE_PATHS.lastStore, { userId }, SILENT);
}

/** Makes `storeCode` the user's current store on the server (spec 4.3 step 2). */
export function saveLastStore(storeCode: string, userId: number): Promise<null> {
  return http.post<null>(STORE_PATHS.saveLastStore, { storeCode, userId }, SILENT);
}

/** One page of the user's stores, grouped by area, nearest first (spec 2.11). */
export function fetchShopGroups(query: ShopGroupQuery, signal?: AbortSignal): Promise<ShopGroupPage> {
  return http.post<ShopGroupPage>(STORE_PATHS.shopGroups, query, { signal, flags: { silent: true } });
}

/** The user's roles and authorised store codes (spec 4.2, when the store list is empty). */
export function fetchAuthInfo(userId: number): Promise<AuthInfo> {
  return http.post<AuthInfo>(STORE_PATHS.authInfo, { userId }, SILENT);
}
