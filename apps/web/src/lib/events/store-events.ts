import { createEmitter } from '../emitter';

/** The store a list item stands for, as kept in shopInfo (addressId = storeCode). */
export type StoreChoice = { addressId: string; frontTitle: string; businessScopeName: string };

/** What happened to the selected store; `startup` is the first choice after sign-in or a reload. */
export type StoreSwitchedEvent = { store: StoreChoice; reason: 'startup' | 'switch' };

type StoreEventMap = {
  /** The selected store changed (spec 4.3 step 4): the message center resets on it. */
  switched: StoreSwitchedEvent;
  /** Something asks the header's store switcher to open (e.g. the 请先选择门店 page). */
  openSwitcher: undefined;
};

/** Store events of this page; subscribe in an effect and return the unsubscribe function. */
export const storeEvents = createEmitter<StoreEventMap>();
