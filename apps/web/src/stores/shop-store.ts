import { create } from 'zustand';

/** The selected store (spec 3, "Selected store"). The store switcher owns choosing it. */
export type ShopInfo = { addressId: string; frontTitle?: string; businessScopeName?: string };

export const SHOP_INFO_KEY = 'shopInfo';

export function readStoredShopInfo(): ShopInfo | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHOP_INFO_KEY) ?? 'null');
    if (
      typeof value === 'object' &&
      value !== null &&
      'addressId' in value &&
      typeof value.addressId === 'string'
    ) {
      return value as ShopInfo;
    }
  } catch {
    // A corrupt entry counts as no store.
  }
  return null;
}

type ShopState = {
  shopInfo: ShopInfo | null;
  /** Kept in localStorage; an empty value removes the entry. */
  setShopInfo(shopInfo: ShopInfo | null): void;
};

export const useShopStore = create<ShopState>()((set) => ({
  shopInfo: readStoredShopInfo(),
  setShopInfo(shopInfo) {
    if (shopInfo?.addressId) localStorage.setItem(SHOP_INFO_KEY, JSON.stringify(shopInfo));
    else localStorage.removeItem(SHOP_INFO_KEY);
    set({ shopInfo: shopInfo?.addressId ? shopInfo : null });
  },
}));

/** The store code sent with every call: the selected store, else the stored one (spec 7.1). */
export function currentStoreCode(): string {
  return useShopStore.getState().shopInfo?.addressId ?? readStoredShopInfo()?.addressId ?? '';
}
