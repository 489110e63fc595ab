import '../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORE_PATHS } from '@console/contract';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { HOME_TAG, useTagsStore } from '../../stores/tags-store';
import { storeEvents } from '../../lib/events/store-events';
import { stubMethods } from '../../test/fake-calls';
import { useApplyStore, useSwitchStore } from './use-switch-store';

/** Stands for `saveLastStore` of ./store-api, which posts to STORE_PATHS.saveLastStore. */
const saveLastStore = vi.fn<(storeCode: string, userId: number) => Promise<null>>();
stubMethods(http, {
  post: vi.fn((path: string, body?: unknown) => {
    const { storeCode, userId } = body as { storeCode: string; userId: number };
    return path === STORE_PATHS.saveLastStore
      ? saveLastStore(storeCode, userId)
      : Promise.reject(new Error(`unexpected post ${path}`));
  }),
});

const target = { addressId: 'SD31011501', frontTitle: '华东一区', businessScopeName: '上海浦东陆家嘴店' };
const ORDERS_TAG = { path: '/order/list', fullPath: '/order/list', title: '订单' };

function setup(path: string) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => ({ apply: useApplyStore(), switchStore: useSwitchStore(), location: useLocation() }),
    { wrapper },
  );
  return { hook, invalidate };
}

beforeEach(() => {
  useSessionStore.setState({
    user: { id: 7, username: 'staff', nickName: '', workCode: '', phone: '', avatarPath: '' },
  });
  useShopStore
    .getState()
    .setShopInfo({ addressId: 'SD11011501', frontTitle: '华北一区', businessScopeName: '超市' });
  useTagsStore.setState({ visitedViews: [HOME_TAG, ORDERS_TAG] });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(saveLastStore).mockReset();
});

describe('useSwitchStore', () => {
  it('confirms with the return-home text away from 首页, then saves, selects, closes tabs and goes home', async () => {
    vi.mocked(saveLastStore).mockResolvedValue(null);
    const confirm = vi.spyOn(notify, 'confirm').mockResolvedValue(true);
    const switched = vi.fn();
    const off = storeEvents.on('switched', switched);
    const { hook, invalidate } = setup('/order/list');

    let applied = false;
    await act(async () => {
      applied = await hook.result.current.switchStore(target);
    });

    expect(applied).toBe(true);
    expect(confirm.mock.calls[0]?.[0].content).toBe(
      '您将切换到门店【华东一区-上海浦东陆家嘴店-SD31011501】，并返回首页，是否确认？',
    );
    expect(saveLastStore).toHaveBeenCalledWith('SD31011501', 7);
    expect(useShopStore.getState().shopInfo).toEqual(target);
    expect(useTagsStore.getState().visitedViews).toEqual([HOME_TAG]);
    expect(hook.result.current.location.pathname).toBe('/dashboard');
    expect(invalidate).toHaveBeenCalled();
    expect(switched).toHaveBeenCalledWith({ store: target, reason: 'switch' });
    off();
  });

  it('does nothing when cancelled, and nothing at all for the current store', async () => {
    const confirm = vi.spyOn(notify, 'confirm').mockResolvedValue(false);
    const { hook } = setup('/dashboard');
    await act(async () => {
      await hook.result.current.switchStore(target);
    });
    expect(confirm.mock.calls[0]?.[0].content).toBe(
      '您将切换到门店【华东一区-上海浦东陆家嘴店-SD31011501】，是否确认？',
    );
    await act(async () => {
      await hook.result.current.switchStore({ ...target, addressId: 'SD11011501' });
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(saveLastStore).not.toHaveBeenCalled();
    expect(useShopStore.getState().shopInfo?.addressId).toBe('SD11011501');
  });

  it('shows 设置失败 and keeps the store when saving fails', async () => {
    vi.mocked(saveLastStore).mockRejectedValue(new Error('ERR'));
    vi.spyOn(notify, 'confirm').mockResolvedValue(true);
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { hook } = setup('/order/list');
    await act(async () => {
      await hook.result.current.switchStore(target);
    });
    expect(error).toHaveBeenCalledWith('设置失败');
    expect(useShopStore.getState().shopInfo?.addressId).toBe('SD11011501');
    expect(useTagsStore.getState().visitedViews).toHaveLength(2);
    expect(hook.result.current.location.pathname).toBe('/order/list');
  });
});

describe('useApplyStore at start-up', () => {
  it('selects without closing tabs or leaving the page', async () => {
    useShopStore.getState().setShopInfo(null);
    const switched = vi.fn();
    const off = storeEvents.on('switched', switched);
    const { hook } = setup('/order/list');
    await act(async () => {
      await hook.result.current.apply(target, 'startup', false);
    });
    expect(saveLastStore).not.toHaveBeenCalled();
    expect(useShopStore.getState().shopInfo).toEqual(target);
    expect(useTagsStore.getState().visitedViews).toHaveLength(2);
    expect(hook.result.current.location.pathname).toBe('/order/list');
    expect(switched).toHaveBeenCalledWith({ store: target, reason: 'startup' });
    off();
  });
});
