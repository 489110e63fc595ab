import { IM_PATHS, type MenuNode } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { useTagsStore } from '../../stores/tags-store';
import { messageEvents } from '../../lib/events/message-events';
import { useMessageStore } from './message-store';
import { openMessage } from './open-message';
import { fakeHttp, fakeImServer, makeMessage } from './testing/fake-im-server';
import { routeHttp } from '../../test/fake-calls';

routeHttp(fakeHttp);

const detail: MenuNode = {
  name: 'takeOrdersDetail',
  path: '/transfer/transfer-out-detail',
  component: 'takeOrdersDetail',
  hidden: true,
  redirect: null,
  alwaysShow: null,
  meta: { title: '调出接单详情', icon: null, noCache: false },
};

const navigate = vi.fn();
const opened = vi.fn();
let offOpened: () => void;

beforeEach(() => {
  fakeImServer.reset();
  navigate.mockReset();
  opened.mockReset();
  offOpened = messageEvents.on('opened', opened);
  useMenuStore.getState().setMenus([detail]);
  useSessionStore.setState({
    token: 'tok-1',
    user: { id: 1, username: 'staff', nickName: '', workCode: 'W001', phone: '', avatarPath: '' },
  });
  useShopStore.getState().setShopInfo({ addressId: 'S01' });
  useMessageStore.setState({ centerOpen: true });
});

afterEach(() => {
  offOpened();
  vi.restoreAllMocks();
});

const markReadCalls = () =>
  fakeImServer.callsTo(IM_PATHS.operate).filter((call) => call.body?.operateType === 3);

describe('openMessage (spec 4.5)', () => {
  it('marks an unread message read, closes the center, drops the broadcast copy and navigates', async () => {
    const message = makeMessage({
      businessType: 4,
      messageContent: { messageType: 1, expandInfo: { id: 'A7' } },
    });
    fakeImServer.messages = [message];
    expect(await openMessage(message, { navigate, currentPath: '/dashboard' })).toBe(true);
    expect(markReadCalls()[0]?.body).toEqual({
      receiver: 'W001',
      storeCode: 'S01',
      operateType: 3,
      ids: [message.messageId],
    });
    expect(fakeImServer.messages[0]?.status).toBe(2);
    expect(useMessageStore.getState().centerOpen).toBe(false);
    expect(opened).toHaveBeenCalledWith(message.messageId);
    expect(navigate).toHaveBeenCalledWith('/transfer/transfer-out-detail?id=A7', { replace: false });
  });

  it('does not mark a read message again', async () => {
    await openMessage(makeMessage({ status: 2 }), { navigate, currentPath: '/dashboard' });
    expect(markReadCalls()).toHaveLength(0);
    expect(navigate).toHaveBeenCalled();
  });

  it('retries marking read up to 3 times and still opens after a final failure', async () => {
    const message = makeMessage({ status: 0 });
    fakeImServer.failNext(IM_PATHS.operate, 4);
    await openMessage(message, { navigate, currentPath: '/dashboard' });
    expect(markReadCalls()).toHaveLength(4);
    expect(navigate).toHaveBeenCalled();
    expect(opened).toHaveBeenCalledWith(message.messageId);
  });

  it('replaces and reloads the view when the target is the current route', async () => {
    const refresh = vi.spyOn(useTagsStore.getState(), 'refreshView');
    const message = makeMessage({
      status: 2,
      businessType: 4,
      messageContent: { messageType: 1, expandInfo: { id: 'B2' } },
    });
    await openMessage(message, {
      navigate,
      currentPath: '/transfer/transfer-out-detail',
    });
    expect(refresh).toHaveBeenCalledWith('/transfer/transfer-out-detail');
    expect(navigate).toHaveBeenCalledWith('/transfer/transfer-out-detail?id=B2', { replace: true });
  });

  it('asks 消息通知 first for member follow-up; 取消 stops everything', async () => {
    const confirm = vi.spyOn(notify, 'confirm').mockResolvedValue(false);
    const message = makeMessage({ businessType: 9, messageContent: { text: '会员张三待跟进' } });
    expect(await openMessage(message, { navigate, currentPath: '/dashboard' })).toBe(false);
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '消息通知',
        content: '会员张三待跟进',
        okText: '确定',
        cancelText: '取消',
      }),
    );
    expect(fakeImServer.calls).toHaveLength(0);
    expect(useMessageStore.getState().centerOpen).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes on after 确定 for member follow-up', async () => {
    vi.spyOn(notify, 'confirm').mockResolvedValue(true);
    await openMessage(makeMessage({ businessType: 9, messageContent: { expandInfo: { memberId: 5 } } }), {
      navigate,
      currentPath: '/dashboard',
    });
    expect(markReadCalls()).toHaveLength(1);
    // memberStore is not in this menu: the coming-soon page.
    expect(navigate).toHaveBeenCalledWith('/coming-soon');
  });

  it('opens an allow-listed url in a new tab and warns for a message without a screen', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const warning = vi.spyOn(notify, 'warning').mockImplementation(() => {});
    await openMessage(
      makeMessage({ status: 2, messageContent: { expandInfo: { url: `${location.origin}/x` } } }),
      {
        navigate,
        currentPath: '/dashboard',
      },
    );
    expect(open).toHaveBeenCalledWith(`${location.origin}/x?token=tok-1`, '_blank', 'noopener,noreferrer');

    await openMessage(makeMessage({ status: 2, businessType: 10 }), { navigate, currentPath: '/dashboard' });
    expect(warning).toHaveBeenCalledWith('该消息暂无可查看的页面，功能即将上线');

    await openMessage(
      makeMessage({ status: 2, messageContent: { expandInfo: { url: 'javascript:alert(1)' } } }),
      {
        navigate,
        currentPath: '/dashboard',
      },
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
