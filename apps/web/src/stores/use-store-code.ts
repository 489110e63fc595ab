import { useShopStore } from './shop-store';

/** The selected store's code, '' when none is selected yet. */
export function useStoreCode(): string {
  return useShopStore((state) => state.shopInfo?.addressId ?? '');
}
