import type { AuthInfo, SelectedStore } from '@console/contract';
import type { StoreChoice } from './store-list';

/** What is known so far while settling the store at start-up; `undefined` = not fetched yet. */
export type StartupFacts = {
  /** A store is already selected (shopInfo). */
  selected: boolean;
  /** The last-used store call: its store (null = none) or its failure. */
  lastStore?: { ok: true; store: SelectedStore | null } | { ok: false };
  /**
   * The first page of the store list: its total and, when there is exactly one store, that store
   * (null: the call failed).
   */
  stores?: { total: number; only: StoreChoice | null } | null;
  /** The authorisation info, fetched only when the list is empty (null: the call failed). */
  authInfo?: AuthInfo | null;
  /** The user chose 跳过 on the failure dialog or acknowledged the no-permission prompt. */
  dismissed?: boolean;
};

export type StartupStep =
  | { kind: 'done' }
  | { kind: 'fetch-last-store' }
  | { kind: 'last-store-failed' }
  | { kind: 'use-store'; store: StoreChoice; save: boolean }
  | { kind: 'fetch-stores' }
  | { kind: 'choose-store' }
  | { kind: 'fetch-auth-info' }
  | { kind: 'no-permission' };

/** Spec 4.2 as a pure function: the next thing start-up does, given what it knows. */
export function nextStartupStep(facts: StartupFacts): StartupStep {
  if (facts.selected || facts.dismissed) return { kind: 'done' };
  const last = facts.lastStore;
  if (!last) return { kind: 'fetch-last-store' };
  if (!last.ok) return { kind: 'last-store-failed' };
  if (last.store?.storeCode) {
    const { storeCode, frontTitle, businessScopeName } = last.store;
    return { kind: 'use-store', store: { addressId: storeCode, frontTitle, businessScopeName }, save: false };
  }
  const stores = facts.stores;
  if (stores === undefined) return { kind: 'fetch-stores' };
  // The select dialog lists the stores itself and offers a retry when they fail to load.
  if (stores === null) return { kind: 'choose-store' };
  // One store leaves nothing to choose: it is selected (and remembered) without asking.
  if (stores.total === 1 && stores.only) return { kind: 'use-store', store: stores.only, save: true };
  if (stores.total > 0) return { kind: 'choose-store' };
  if (facts.authInfo === undefined) return { kind: 'fetch-auth-info' };
  const info = facts.authInfo;
  if (!info || info.roleBaseInfoDTOList.length === 0 || info.storeCodeList.length === 0) {
    return { kind: 'no-permission' };
  }
  // Authorised stores exist but none is listed (e.g. all disabled): continue without a store.
  return { kind: 'done' };
}
