import { useEffect } from 'react';
import { storeEvents } from '../../lib/events/store-events';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { messageEvents } from '../../lib/events/message-events';
import { useMessageStore } from './message-store';
import { useOpenMessage } from './use-open-message';

let refreshQueued = false;

/**
 * The unread-count call is imported on first use: it needs the contract's IM module, whose zod schemas must stay
 * out of the shell chunk (docs/web-app.md, "Bundle budget"). Calls made while the import is on its way are one
 * refresh, which reads the store as it is then: the first visit's store arriving meanwhile makes one request.
 */
function refreshUnreadCount(): void {
  if (refreshQueued) return;
  refreshQueued = true;
  // Cleared on a failed import too, or the count would never be asked for again.
  void import('./unread-count')
    .finally(() => {
      refreshQueued = false;
    })
    .then((m) => m.refreshUnreadCount());
}

/**
 * Keeps the center in step with the page (spec 2.7, 4.3 step 4, 4.6): the unread count follows the selected
 * store and new deliveries; a store switch or sign-out resets the state; a clicked broadcast card opens.
 */
export function useMessageCenterEvents(): void {
  const storeCode = useShopStore((state) => state.shopInfo?.addressId ?? null);
  const workCode = useSessionStore((state) => state.user?.workCode ?? null);
  const openMessage = useOpenMessage();

  useEffect(() => {
    refreshUnreadCount();
  }, [storeCode, workCode]);

  useEffect(() => {
    const offSwitched = storeEvents.on('switched', () => useMessageStore.getState().reset());
    const offSession = useSessionStore.subscribe((state, previous) => {
      if (previous.token && !state.token) useMessageStore.getState().reset();
    });
    const offDelivered = messageEvents.on('delivered', () => {
      refreshUnreadCount();
      useMessageStore.getState().reloadList();
    });
    const offOpen = messageEvents.on('openRequested', (message) => void openMessage(message));
    return () => {
      offSwitched();
      offSession();
      offDelivered();
      offOpen();
    };
  }, [openMessage]);
}
