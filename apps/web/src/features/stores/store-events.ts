import type { StoreChoice } from './store-list';

/** What happened to the selected store; `startup` is the first choice after sign-in or a reload. */
export type StoreSwitchedEvent = { store: StoreChoice; reason: 'startup' | 'switch' };

type StoreEventMap = {
  /** The selected store changed (spec 4.3 step 4): the message center resets on it. */
  switched: StoreSwitchedEvent;
  /** Something asks the header's store switcher to open (e.g. the 请先选择门店 page). */
  openSwitcher: undefined;
};

type Listener<T> = (payload: T) => void;

/** A minimal typed emitter; `on` returns the unsubscribe function. */
export function createEmitter<Events extends Record<string, unknown>>() {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit<K extends keyof Events>(event: K, payload: Events[K]): void {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        (listener as Listener<Events[K]>)(payload);
      }
    },
  };
}

/** Store events of this page; subscribe in an effect and return the unsubscribe function. */
export const storeEvents = createEmitter<StoreEventMap>();
