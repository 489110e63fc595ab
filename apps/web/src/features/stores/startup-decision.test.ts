import { describe, expect, it } from 'vitest';
import { nextStartupStep } from './startup-decision';

const last = { storeCode: 'BJ001', addressId: 'BJ001', frontTitle: '华北一区', businessScopeName: '便利店' };
const only = { addressId: 'BJ002', frontTitle: '华北一区', businessScopeName: '超市' };
const role = { roleId: 1, roleName: '门店店员', permission: 'store_staff' };

describe('nextStartupStep (spec 4.2)', () => {
  it('does nothing when a store is selected', () => {
    expect(nextStartupStep({ selected: true })).toEqual({ kind: 'done' });
  });

  it('first fetches the last-used store', () => {
    expect(nextStartupStep({ selected: false })).toEqual({ kind: 'fetch-last-store' });
  });

  it('selects the last-used store without saving it again', () => {
    expect(nextStartupStep({ selected: false, lastStore: { ok: true, store: last } })).toEqual({
      kind: 'use-store',
      store: { addressId: 'BJ001', frontTitle: '华北一区', businessScopeName: '便利店' },
      save: false,
    });
  });

  it('offers retry and skip when the last-store call fails, and skip ends start-up', () => {
    expect(nextStartupStep({ selected: false, lastStore: { ok: false } })).toEqual({
      kind: 'last-store-failed',
    });
    expect(nextStartupStep({ selected: false, lastStore: { ok: false }, dismissed: true })).toEqual({
      kind: 'done',
    });
  });

  it('without a last store, lists the stores', () => {
    expect(nextStartupStep({ selected: false, lastStore: { ok: true, store: null } })).toEqual({
      kind: 'fetch-stores',
    });
  });

  it('selects and saves the only store without asking', () => {
    expect(
      nextStartupStep({ selected: false, lastStore: { ok: true, store: null }, stores: { total: 1, only } }),
    ).toEqual({ kind: 'use-store', store: only, save: true });
  });

  it('asks to choose among several stores, and also when the list failed to load', () => {
    const base = { selected: false, lastStore: { ok: true, store: null } } as const;
    expect(nextStartupStep({ ...base, stores: { total: 3, only: null } })).toEqual({ kind: 'choose-store' });
    expect(nextStartupStep({ ...base, stores: null })).toEqual({ kind: 'choose-store' });
    // The only store could not be saved: the dialog lets the user try again.
    expect(nextStartupStep({ ...base, stores: { total: 1, only: null } })).toEqual({ kind: 'choose-store' });
  });

  it('without stores, fetches the authorisation info and reports no permission', () => {
    const base = {
      selected: false,
      lastStore: { ok: true, store: null },
      stores: { total: 0, only: null },
    } as const;
    expect(nextStartupStep(base)).toEqual({ kind: 'fetch-auth-info' });
    const none = { roleBaseInfoDTOList: [role], storeCodeList: [] };
    expect(nextStartupStep({ ...base, authInfo: none })).toEqual({ kind: 'no-permission' });
    const noRoles = { roleBaseInfoDTOList: [], storeCodeList: ['BJ001'] };
    expect(nextStartupStep({ ...base, authInfo: noRoles })).toEqual({ kind: 'no-permission' });
    expect(nextStartupStep({ ...base, authInfo: null })).toEqual({ kind: 'no-permission' });
    expect(nextStartupStep({ ...base, authInfo: none, dismissed: true })).toEqual({ kind: 'done' });
  });

  it('continues without a store when authorised stores exist but none is listed', () => {
    const base = {
      selected: false,
      lastStore: { ok: true, store: null },
      stores: { total: 0, only: null },
    } as const;
    expect(
      nextStartupStep({ ...base, authInfo: { roleBaseInfoDTOList: [role], storeCodeList: ['BJ001'] } }),
    ).toEqual({ kind: 'done' });
  });
});
