import { IM_PATHS } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail } from '../../lib/http/testing';
import { notify } from '../../lib/notify';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { useMessageStore } from './message-store';
import { fakeHttp, fakeImServer, makeMessage } from './testing/fake-im-server';
import { routeHttp } from '../../test/fake-calls';
import { refreshUnreadCount } from './unread-count';

routeHttp(fakeHttp);

beforeEach(() => {
  fakeImServer.reset();
  useMessageStore.getState().reset();
  useSessionStore.setState({
    user: { id: 1, username: 'staff', nickName: '', workCode: 'W001', phone: '', avatarPath: '' },
  });
  useShopStore.getState().setShopInfo({ addressId: 'S01' });
});

afterEach(() => vi.restoreAllMocks());

describe('refreshUnreadCount', () => {
  it('asks with the own work code and store and keeps total and counts per type', async () => {
    fakeImServer.messages = [
      makeMessage({ businessType: 1 }),
      makeMessage({ businessType: 1, status: 0 }),
      makeMessage({ businessType: 9 }),
      makeMessage({ businessType: 9, status: 2 }),
    ];
    await refreshUnreadCount();
    expect(fakeImServer.callsTo(IM_PATHS.unreadCount)[0]?.body).toEqual({
      receiver: 'W001',
      storeCode: 'S01',
    });
    expect(useMessageStore.getState()).toMatchObject({ unreadTotal: 3, unreadByType: { 1: 2, 9: 1 } });
  });

  it('retries up to 3 times before giving up', async () => {
    fakeImServer.messages = [makeMessage()];
    fakeImServer.failNext(IM_PATHS.unreadCount, 3);
    const error = vi.spyOn(notify, 'error');
    await refreshUnreadCount();
    expect(fakeImServer.callsTo(IM_PATHS.unreadCount)).toHaveLength(4);
    expect(useMessageStore.getState().unreadTotal).toBe(1);
    expect(error).not.toHaveBeenCalled();
  });

  it("then shows the server's message, or 获取未读消息总数失败 without one", async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    fakeImServer.failNext(IM_PATHS.unreadCount, 4, fail(200, '门店不存在'));
    await refreshUnreadCount();
    expect(error).toHaveBeenLastCalledWith('门店不存在');

    fakeImServer.failNext(IM_PATHS.unreadCount, 4, 'network-error');
    await refreshUnreadCount();
    expect(error).toHaveBeenLastCalledWith('获取未读消息总数失败');
    expect(fakeImServer.callsTo(IM_PATHS.unreadCount)).toHaveLength(8);
  });

  it('asks nothing and shows no badge without a selected store', async () => {
    useMessageStore.setState({ unreadTotal: 5 });
    useShopStore.getState().setShopInfo(null);
    await refreshUnreadCount();
    expect(fakeImServer.calls).toHaveLength(0);
    expect(useMessageStore.getState().unreadTotal).toBe(0);
  });
});
