import type { ConfirmOpenResult, UserStoreRef } from '@console/contract';
import { AUTH_OPEN_LABELS } from './labels';

export type StoreOption = { value: string; label: string };

/** Suggested stores as select options, `编号 名称`, in the order given and without repeats. */
export function storeOptions(stores: readonly UserStoreRef[] | undefined): StoreOption[] {
  const seen = new Set<string>();
  const options: StoreOption[] = [];
  for (const store of stores ?? []) {
    if (seen.has(store.shopCode)) continue;
    seen.add(store.shopCode);
    options.push({ value: store.shopCode, label: `${store.shopCode} ${store.shopName}` });
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
