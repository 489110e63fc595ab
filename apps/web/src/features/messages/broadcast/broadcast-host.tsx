import { useEffect, useState, useSyncExternalStore } from 'react';
import { usePhoneWidth } from '../../../components/use-phone-width';
import { isApiError, isCancelledError } from '../../../lib/http';
import { runtimeConfig } from '../../../lib/env';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { useShopStore } from '../../../stores/shop-store';
import { storeEvents } from '../../../lib/events/store-events';
import { listen, supplementHistory } from './broadcast-api';
import { BroadcastStack } from './broadcast-stack';
import { cardCacheKey, createCardStore, type CardStore } from './card-store';
import { BROADCAST_LABELS } from './labels';
import { soundPlayer } from './sound-player';
import { startBroadcast, type BroadcastEnv } from './start-broadcast';

const NOTICE_SECONDS = 8;

/** The card store of the running broadcast, which the effect replaces on each new user or store. */
function createCurrentCards() {
  let current: CardStore | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: CardStore | null) {
      current = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The browser side of the broadcast, outside the card store and the sound player. */
function browserEnv(): Omit<BroadcastEnv, 'cards' | 'playSound'> {
  return {
    supplement: supplementHistory,
    listen,
    statusOf: (error) => (isApiError(error) ? error.status : null),
    isCancel: isCancelledError,
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    createChannel: typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined,
    sharedStorage: localStorage,
    showOffline: () => notify.notification(BROADCAST_LABELS.offline, NOTICE_SECONDS),
    showFailure: () =>
      notify.notification(BROADCAST_LABELS.failure(runtimeConfig.supportPhone), NOTICE_SECONDS),
    showHistoryFailed: () => notify.error(BROADCAST_LABELS.historyFailed),
    isOnline: () => navigator.onLine,
    windowEvents: window,
    documentEvents: document,
    timers: {
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      now: () => Date.now(),
    },
  };
}

/**
 * The broadcast of spec 4.6, mounted by the shell in its header while a store is selected (a phone's banner
 * takes its room there; a desktop's card is fixed in the corner): for the signed-in user and the
 * selected store it supplements history, joins the one-poll-per-browser election and shows the cards. A new
 * user or store (spec 4.3 step 4) starts over: the old store's cards go, history is supplemented again.
 */
export function BroadcastHost() {
  const userId = useSessionStore((state) => state.user?.id);
  const workCode = useSessionStore((state) => state.user?.workCode ?? '');
  const storeCode = useShopStore((state) => state.shopInfo?.addressId ?? '');
  const [switches, setSwitches] = useState(0);
  const [currentCards] = useState(createCurrentCards);
  const cards = useSyncExternalStore(currentCards.subscribe, currentCards.get);
  const player = soundPlayer();
  const phone = usePhoneWidth();

  useEffect(
    () =>
      storeEvents.on('switched', ({ reason }) => {
        if (reason === 'switch') setSwitches((n) => n + 1);
      }),
    [],
  );

  useEffect(() => {
    if (userId === undefined || !workCode || !storeCode) return;
    const env = browserEnv();
    const store = createCardStore({
      storage: sessionStorage,
      storageKey: cardCacheKey(userId, storeCode),
      isVisible: () => document.visibilityState !== 'hidden',
      now: env.timers.now,
      setTimeout: env.timers.setTimeout,
      clearTimeout: env.timers.clearTimeout,
    });
    currentCards.set(store);
    const stop = startBroadcast(
      { userId, workCode, storeCode },
      { ...env, cards: store, playSound: player.enqueue },
    );
    return () => {
      stop();
      store.dispose();
      currentCards.set(null);
    };
  }, [userId, workCode, storeCode, switches, player, currentCards]);

  return <BroadcastStack cards={cards} player={player} layout={phone ? 'phone' : 'desktop'} />;
}
