import type { ShopGroup, ShopGroupPage, ShopListItem } from '@console/contract';

export const STORE_PAGE_SIZE = 10;

/** Spec 9: the store list has floor(total/10)+1 pages. */
export function storePageCount(total: number, pageSize = STORE_PAGE_SIZE): number {
  return Math.floor(total / pageSize) + 1;
}

/**
 * The page to load after `loadedPages`, or undefined when done: loading stops when the next page would
 * exceed the page count (spec 2.11), and already once everything is loaded (spec 4.8), so that a total
 * divisible by 10 does not ask for an empty page.
 */
export function nextStorePage(
  loadedPages: number,
  total: number,
  pageSize = STORE_PAGE_SIZE,
): number | undefined {
  const next = loadedPages + 1;
  if (next > storePageCount(total, pageSize)) return undefined;
  if (loadedPages * pageSize >= total) return undefined;
  return next;
}

export type StoreGroup = { frontTitle: string; stores: ShopListItem[] };

/**
 * Merges loaded pages into one list grouped by area title (spec 2.11). The server groups each page on its
 * own, so a title can come back on a later page: its stores join the group where it first appeared.
 */
export function groupStores(pages: readonly ShopGroupPage[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  const seen = new Set<string>();
  const groupsOf = (page: ShopGroupPage): readonly ShopGroup[] => page.list;
  for (const group of pages.flatMap(groupsOf)) {
    let target = groups.get(group.frontTitle);
    if (!target) {
      target = { frontTitle: group.frontTitle, stores: [] };
      groups.set(group.frontTitle, target);
    }
    for (const store of group.shopList) {
      if (seen.has(store.addressId)) continue;
      seen.add(store.addressId);
      target.stores.push(store);
    }
  }
  return [...groups.values()].filter((group) => group.stores.length > 0);
}

import type { StoreChoice } from '../../lib/events/store-events';
export type { StoreChoice };

export function choiceOf(group: StoreGroup, store: ShopListItem): StoreChoice {
  return {
    addressId: store.addressId,
    frontTitle: group.frontTitle,
    businessScopeName: store.businessScopeName,
  };
}
