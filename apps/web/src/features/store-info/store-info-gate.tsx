import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useShopStore } from '../../stores/shop-store';
import { storeInfoApi } from './store-info-api';
import { storeInfoKeys } from './use-store-info-data';

// The form, cascader and map load only when a store actually needs confirming.
const StoreInfoDialog = lazy(() =>
  import('./store-info-dialog').then((module) => ({ default: module.StoreInfoDialog })),
);

/**
 * Spec 4.4: whenever the selected store changes (and on load with a stored store) ask whether its info is
 * confirmed; `null` opens the confirmation dialog, which closes only after a successful save.
 */
export function StoreInfoGate() {
  const shopCode = useShopStore((state) => state.shopInfo?.addressId ?? '');
  const status = useQuery({
    queryKey: storeInfoKeys.status(shopCode),
    queryFn: () => storeInfoApi.infoStatus(shopCode),
    enabled: shopCode !== '',
    // Asked afresh on every store change, never answered from an older visit.
    staleTime: 0,
    gcTime: 0,
  });
  const [savedFor, setSavedFor] = useState('');
  const open = shopCode !== '' && status.isSuccess && status.data === null && savedFor !== shopCode;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StoreInfoDialog open shopCode={shopCode} onSaved={() => setSavedFor(shopCode)} />
    </Suspense>
  );
}
