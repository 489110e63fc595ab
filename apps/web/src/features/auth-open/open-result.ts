import type { ConfirmOpenResult, ShopGroupPage } from '@console/contract';
import { AUTH_OPEN_LABELS } from './labels';

export type StoreOption = { value: string; label: string };

/** The stores of a shop-group page as select options, `编号 名称`, in page order and without repeats. */
export function storeOptions(page: ShopGroupPage | undefined): StoreOption[] {
  const seen = new Set<string>();
  const options: StoreOption[] = [];
  for (const group of page?.list ?? []) {
    for (const shop of group.shopList) {
      if (seen.has(shop.addressId)) continue;
      seen.add(shop.addressId);
      options.push({ value: shop.addressId, label: `${shop.addressId} ${shop.shopName}` });
    }
  }
  return options;
}

/** What to tell head office after opening: how many were opened, and which needed nothing. */
export function openResultMessages(result: ConfirmOpenResult): { success: string | null; notes: string[] } {
  const L = AUTH_OPEN_LABELS.open;
  const notes: string[] = [];
  if (result.alreadyAuthorised.length) notes.push(L.alreadyAuthorised(result.alreadyAuthorised.join('、')));
  if (result.alreadyPending.length) notes.push(L.alreadyPending(result.alreadyPending.join('、')));
  const success = result.created.length ? L.created(result.created.length) : null;
  if (!success && !notes.length) notes.push(L.nothingNew);
  return { success, notes };
}
