import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { useTagsStore } from '../../stores/tags-store';
import { STORE_LABELS } from './labels';
import { saveLastStore } from './store-api';
import { storeEvents, type StoreSwitchedEvent } from '../../lib/events/store-events';
import type { StoreChoice } from './store-list';

export const HOME_PATH = '/dashboard';

/**
 * Spec 4.3 steps 2–4: save the store on the server (设置失败 on failure), select it, refetch every query and
 * tell subscribers. A switch also closes the tabs and goes home; a start-up choice stays where the user was
 * heading. Resolves whether the store was applied.
 */
export function useApplyStore() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // Read at call time, so that the callback stays the same while the user moves between pages.
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  return useCallback(
    async (store: StoreChoice, reason: StoreSwitchedEvent['reason'], save = true): Promise<boolean> => {
      if (save) {
        const userId = useSessionStore.getState().user?.id;
        try {
          if (userId === undefined) throw new Error('no user');
          await saveLastStore(store.addressId, userId);
        } catch {
          notify.error(STORE_LABELS.saveFailed);
          return false;
        }
      }
      useShopStore.getState().setShopInfo(store);
      if (reason === 'switch') {
        useTagsStore.getState().delAllViews();
        if (pathRef.current !== HOME_PATH) void navigate(HOME_PATH);
      }
      void queryClient.invalidateQueries();
      storeEvents.emit('switched', { store, reason });
      return true;
    },
    [navigate, queryClient],
  );
}

/** Spec 4.3 / 5 "Store switch": a warning confirm, then the switch; the current store only closes. */
export function useSwitchStore() {
  const apply = useApplyStore();
  const { pathname } = useLocation();
  return useCallback(
    async (store: StoreChoice): Promise<boolean> => {
      if (useShopStore.getState().shopInfo?.addressId === store.addressId) return false;
      const confirmed = await notify.confirm({
        title: STORE_LABELS.tip,
        content: STORE_LABELS.switchConfirm(store, pathname === HOME_PATH),
        okText: STORE_LABELS.ok,
        cancelText: STORE_LABELS.cancel,
      });
      return confirmed && apply(store, 'switch');
    },
    [apply, pathname],
  );
}
