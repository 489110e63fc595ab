import '../../../test/dom';
import { BUSINESS_TYPES, IM_PATHS } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { useShopStore } from '../../../stores/shop-store';
import { messageEvents } from '../../../lib/events/message-events';
import { useMessageStore } from '../message-store';
import { fakeHttp, fakeImServer, makeMessage } from '../testing/fake-im-server';
import { routeHttp } from '../../../test/fake-calls';
import { MessageCenterDrawer } from './message-center-drawer';

routeHttp(fakeHttp);

function renderDrawer() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MessageCenterDrawer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cards = () => screen.queryAllByTestId('message-card');
const loadMore = () => screen.getByTestId('message-load-more');
const operateCalls = (type: number) =>
  fakeImServer.callsTo(IM_PATHS.operate).filter((call) => call.body?.operateType === type);

let toasts: { success: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };

beforeEach(() => {
  fakeImServer.reset();
  useMessageStore.getState().reset();
  useMessageStore.getState().openCenter();
  useSessionStore.setState({
    token: 'tok-1',
    user: { id: 1, username: 'staff', nickName: '', workCode: 'W001', phone: '', avatarPath: '' },
  });
  useShopStore.getState().setShopInfo({ addressId: 'S01' });
  toasts = {
    success: vi.spyOn(notify, 'success').mockImplementation(() => {}) as never,
    error: vi.spyOn(notify, 'error').mockImplementation(() => {}) as never,
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MessageCenterDrawer (spec 2.14)', () => {
  it('shows a loading state while the first page is on its way', async () => {
    fakeImServer.hangPaths.add(IM_PATHS.pageList);
    renderDrawer();
    expect(await screen.findByTestId('message-list-loading')).toBeTruthy();
    expect(screen.getByText('消息中心')).toBeTruthy();
  });

  it('shows 暂无消息 when there is nothing', async () => {
    renderDrawer();
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });

  it('lists cards with kind title, detail button, relative time and unread dot; tags start with 全部', async () => {
    fakeImServer.messages = [
      makeMessage({
        businessType: 9,
        messageContent: { messageType: 5 },
        createTimeMs: Date.now() - 5 * 60_000,
      }),
      makeMessage({ businessType: 1, status: 2, createTimeMs: Date.now() - 3 * 3_600_000 }),
    ];
    useMessageStore.setState({ unreadByType: { 9: 1 } });
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(within(first).getByText('会员升级提醒')).toBeTruthy();
    expect(within(first).getByTestId('message-detail').textContent).toBe('去打标');
    expect(within(first).getByText('5分钟前')).toBeTruthy();
    expect(first.dataset.unread).toBe('true');
    expect(within(second).getByText('您有新的线上订单')).toBeTruthy();
    expect(within(second).getByText('3小时前')).toBeTruthy();
    expect(within(second).queryByRole('status')).toBeNull();
    expect(fakeImServer.callsTo(IM_PATHS.pageList)[0]?.body).toEqual({
      receiver: 'W001',
      storeCode: 'S01',
      pageNum: 1,
      pageSize: 50,
      status: null,
      businessType: null,
    });

    await waitFor(() => expect(screen.getAllByTestId('message-tag')).toHaveLength(BUSINESS_TYPES.length + 1));
    const tags = screen.getAllByTestId('message-tag');
    expect(tags[0]?.textContent).toBe('全部');
    expect(tags[0]?.getAttribute('aria-checked')).toBe('true');
    expect(tags[9]?.textContent).toBe('会员跟进1');
  });

  it('filters by business tag and by tab', async () => {
    fakeImServer.messages = [makeMessage({ businessType: 1 }), makeMessage({ businessType: 9, status: 2 })];
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('message-tag')).toHaveLength(BUSINESS_TYPES.length + 1));
    fireEvent.click(screen.getAllByTestId('message-tag')[9]!);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(fakeImServer.callsTo(IM_PATHS.pageList).at(-1)?.body).toMatchObject({
      businessType: 9,
      status: null,
    });

    fireEvent.click(screen.getAllByTestId('message-tag')[0]!);
    fireEvent.click(screen.getByTestId('message-tab-unread'));
    await waitFor(() =>
      expect(fakeImServer.callsTo(IM_PATHS.pageList).at(-1)?.body).toMatchObject({
        businessType: null,
        status: 1,
      }),
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('message-tab-read'));
    await waitFor(() =>
      expect(fakeImServer.callsTo(IM_PATHS.pageList).at(-1)?.body).toMatchObject({ status: 2 }),
    );
  });

  it('loads more pages of 50 until pages × 50 reaches the total, then says 没有更多了', async () => {
    fakeImServer.messages = Array.from({ length: 60 }, () => makeMessage());
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(loadMore().dataset.state).toBe('more');
    fireEvent.click(within(loadMore()).getByRole('button'));
    await waitFor(() => expect(cards()).toHaveLength(60));
    expect(loadMore().dataset.state).toBe('done');
    expect(loadMore().textContent).toBe('没有更多了');
    expect(fakeImServer.callsTo(IM_PATHS.pageList)[1]?.body).toMatchObject({ pageNum: 2 });
  });

  it('shows 加载失败，点击重试 after a failed page and retries on click', async () => {
    fakeImServer.messages = Array.from({ length: 60 }, () => makeMessage());
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(50));
    fakeImServer.failNext(IM_PATHS.pageList);
    fireEvent.click(within(loadMore()).getByRole('button'));
    await waitFor(() => expect(loadMore().dataset.state).toBe('error'));
    expect(loadMore().textContent).toBe('加载失败，点击重试');
    expect(toasts.error).toHaveBeenCalledWith('获取消息列表失败');
    fireEvent.click(within(loadMore()).getByRole('button'));
    await waitFor(() => expect(cards()).toHaveLength(60));
  });

  it('deletes a message only after 确定删除该条消息吗？', async () => {
    const message = makeMessage();
    fakeImServer.messages = [message, makeMessage()];
    const confirm = vi.spyOn(notify, 'confirm').mockResolvedValue(false);
    const opened = vi.fn();
    const off = messageEvents.on('opened', opened);
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.click(within(cards()[0]!).getByTestId('message-delete'));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ content: '确定删除该条消息吗？' })),
    );
    expect(operateCalls(4)).toHaveLength(0);

    confirm.mockResolvedValue(true);
    fireEvent.click(within(cards()[0]!).getByTestId('message-delete'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(operateCalls(4)[0]?.body).toMatchObject({ ids: [message.messageId] });
    expect(opened).toHaveBeenCalledWith(message.messageId);
    off();
  });

  it('says 消息删除失败 when the delete fails', async () => {
    fakeImServer.messages = [makeMessage()];
    vi.spyOn(notify, 'confirm').mockResolvedValue(true);
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fakeImServer.failNext(IM_PATHS.operate);
    fireEvent.click(screen.getByTestId('message-delete'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('消息删除失败'));
    expect(cards()).toHaveLength(1);
  });

  it('marks all read: 全部已读成功, cards lose their dot, the broadcast is told', async () => {
    fakeImServer.messages = [makeMessage(), makeMessage()];
    const cleared = vi.fn();
    const off = messageEvents.on('cleared', cleared);
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('message-mark-all-read'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('全部已读成功'));
    expect(operateCalls(1)[0]?.body).toEqual({ receiver: 'W001', storeCode: 'S01', operateType: 1 });
    expect(cleared).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(cards().every((card) => card.dataset.unread === 'false')).toBe(true));
    off();
  });

  it('says 全部已读失败 when marking all read fails', async () => {
    fakeImServer.failNext(IM_PATHS.operate);
    renderDrawer();
    fireEvent.click(screen.getByTestId('message-mark-all-read'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('全部已读失败'));
  });

  it('clears after a confirmation: 清空消息成功 and an empty list; failure says 清空消息失败', async () => {
    fakeImServer.messages = [makeMessage()];
    const confirm = vi.spyOn(notify, 'confirm').mockResolvedValue(false);
    renderDrawer();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('message-clear'));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(operateCalls(2)).toHaveLength(0);

    confirm.mockResolvedValue(true);
    fakeImServer.failNext(IM_PATHS.operate);
    fireEvent.click(screen.getByTestId('message-clear'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('清空消息失败'));

    fireEvent.click(screen.getByTestId('message-clear'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('清空消息成功'));
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });

  it('reloads the open list when messages are delivered', async () => {
    renderDrawer();
    expect(await screen.findByText('暂无消息')).toBeTruthy();
    fakeImServer.messages = [makeMessage()];
    act(() => useMessageStore.getState().reloadList());
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
