import type { LoginResult } from '@console/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../lib/http';
import { DEFAULT_ROLE } from '../lib/permission';
import { stubMethods } from '../test/fake-calls';
import { TOKEN_KEY } from './session-keys';
import { readStoredUser, useSessionStore, watchAccountChange } from './session-store';
import { useShopStore } from './shop-store';

const del = vi.fn<(url: string, options: unknown) => Promise<unknown>>();
stubMethods(http, { del });

const result: LoginResult = {
  token: 'tok-1',
  user: {
    id: 42,
    username: 'zhangsan',
    nickName: '张三',
    workCode: 'W042',
    phone: '13800000042',
    avatarPath: '',
  },
  roles: ['store:view'],
};

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TOKEN_KEY);
  useSessionStore.getState().clearLocal();
  del.mockReset();
});

afterEach(() => vi.restoreAllMocks());

describe('login', () => {
  it('stores token, user and roles, and asks for menus', () => {
    useSessionStore.setState({ menusLoaded: true });
    useSessionStore.getState().login(result);
    expect(useSessionStore.getState()).toMatchObject({
      token: 'tok-1',
      user: result.user,
      roles: ['store:view'],
      menusLoaded: false,
    });
    expect(localStorage.getItem('EL-ADMIN-TOEKN')).toBe('tok-1');
    expect(localStorage.getItem('userId')).toBe('42');
    expect(localStorage.getItem('userName')).toBe('zhangsan');
    expect(localStorage.getItem('nickName')).toBe('张三');
    expect(localStorage.getItem('workCode')).toBe('W042');
    expect(localStorage.getItem('phone')).toBe('13800000042');
    expect(readStoredUser()).toEqual(result.user);
  });

  it('gives an account without roles the default role', () => {
    useSessionStore.getState().login({ ...result, roles: [] });
    expect(useSessionStore.getState().roles).toEqual([DEFAULT_ROLE]);
  });

  it('never puts the token in a script-readable cookie (the server sets an HttpOnly one)', () => {
    const set = vi.spyOn(Cookies, 'set');
    useSessionStore.getState().login(result);
    expect(set).not.toHaveBeenCalledWith(TOKEN_KEY, expect.anything(), expect.anything());
    expect(Cookies.get(TOKEN_KEY)).toBeUndefined();
  });
});

describe('logout', () => {
  function signIn() {
    useSessionStore.getState().login(result);
    useShopStore.getState().setShopInfo({ addressId: 'S01', frontTitle: '华东' });
  }

  function expectCleared() {
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      user: null,
      roles: [],
      menusLoaded: false,
    });
    for (const key of ['EL-ADMIN-TOEKN', 'userId', 'userName', 'nickName', 'workCode', 'phone', 'shopInfo']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(Cookies.get(TOKEN_KEY)).toBeUndefined();
    expect(useShopStore.getState().shopInfo).toBeNull();
  }

  it('signs out on the server and clears everything', async () => {
    signIn();
    del.mockResolvedValue(null);
    await useSessionStore.getState().logout();
    expect(del).toHaveBeenCalledWith(
      '/auth/logout',
      expect.objectContaining({ flags: { silent: true, ignore401: true } }),
    );
    expectCleared();
  });

  it('clears local state even when the server call fails', async () => {
    signIn();
    del.mockRejectedValue(new Error('网络请求错误'));
    await useSessionStore.getState().logout();
    expectCleared();
  });

  it('is local only without a token', async () => {
    await useSessionStore.getState().logout();
    expect(del).not.toHaveBeenCalled();
    expectCleared();
  });
});

describe('watchAccountChange', () => {
  function storageEvent(key: string | null, newValue: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  }

  it('fires when another tab changes the stored user id', () => {
    useSessionStore.getState().login(result);
    const onChange = vi.fn();
    const stop = watchAccountChange(onChange);

    localStorage.setItem('userName', 'lisi');
    storageEvent('userName', 'lisi');
    expect(onChange).not.toHaveBeenCalled();

    localStorage.setItem('userId', '43');
    storageEvent('userId', '43');
    expect(onChange).toHaveBeenCalledTimes(1);

    stop();
    storageEvent('userId', '44');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('ignores an event that leaves the same account signed in', () => {
    useSessionStore.getState().login(result);
    const onChange = vi.fn();
    const stop = watchAccountChange(onChange);
    storageEvent('userId', '42');
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });

  it('fires when another tab signs out or clears storage', () => {
    useSessionStore.getState().login(result);
    const onChange = vi.fn();
    const stop = watchAccountChange(onChange);
    localStorage.clear();
    storageEvent(null, null);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });
});
