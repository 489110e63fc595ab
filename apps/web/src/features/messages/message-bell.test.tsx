import '../../test/dom';
import { IM_PATHS } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { storeEvents } from '../../lib/events/store-events';
import { MessageBell } from './message-bell';
import { messageEvents } from '../../lib/events/message-events';
import { useMessageStore } from './message-store';
import { fakeHttp, fakeImServer, makeMessage } from './testing/fake-im-server';
import { routeHttp } from '../../test/fake-calls';

routeHttp(fakeHttp);

function renderBell() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MessageBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bell = () => screen.getByTestId('message-bell');
/** antd's badge keeps the real count in its title (the digits animate). */
const badgeTitle = () => bell().querySelector('sup')?.getAttribute('title') ?? null;

beforeEach(() => {
  fakeImServer.reset();
  useMessageStore.getState().reset();
  useSessionStore.setState({
    token: 'tok-1',
    user: { id: 1, username: 'staff', nickName: '', workCode: 'W001', phone: '', avatarPath: '' },
  });
  useShopStore.getState().setShopInfo({ addressId: 'S01' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MessageBell (spec 2.7)', () => {
  it('fetches the unread count for the selected store and shows it on the badge', async () => {
    fakeImServer.messages = [makeMessage(), makeMessage()];
    renderBell();
    expect(bell().getAttribute('aria-label')).toBe('消息中心');
    await waitFor(() => expect(badgeTitle()).toBe('2'));
  });

  it('shows at most 99+', async () => {
    fakeImServer.messages = Array.from({ length: 120 }, () => makeMessage());
    renderBell();
    await waitFor(() => expect(bell().textContent).toBe('99+'));
    expect(badgeTitle()).toBe('120');
  });

  it('shows no badge without a selected store', async () => {
    useShopStore.getState().setShopInfo(null);
    useMessageStore.setState({ unreadTotal: 4 });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('data-unread')).toBe('0'));
    expect(badgeTitle()).toBeNull();
    expect(fakeImServer.callsTo(IM_PATHS.unreadCount)).toHaveLength(0);
  });

  it('re-fetches the count when messages are delivered', async () => {
    renderBell();
    await waitFor(() => expect(fakeImServer.callsTo(IM_PATHS.unreadCount)).toHaveLength(1));
    const message = makeMessage();
    fakeImServer.messages = [message];
    act(() => messageEvents.emit('delivered', [message]));
    await waitFor(() => expect(badgeTitle()).toBe('1'));
  });

  it('resets on a store switch: center closed, first tag and tab, tags again, count of the new store', async () => {
    renderBell();
    await waitFor(() => expect(fakeImServer.callsTo(IM_PATHS.unreadCount)).toHaveLength(1));
    act(() =>
      useMessageStore.setState({
        centerOpen: true,
        selectedType: 3,
        tab: 'read',
        unreadTotal: 7,
        tags: [{ code: 1, message: '线上订单' }],
        tagsFetchedAt: 1,
      }),
    );
    const store = { addressId: 'S02', frontTitle: '华东', businessScopeName: '超市' };
    act(() => {
      useShopStore.getState().setShopInfo(store);
      storeEvents.emit('switched', { store, reason: 'switch' });
    });
    expect(useMessageStore.getState()).toMatchObject({
      centerOpen: false,
      selectedType: null,
      tab: 'all',
      tagsFetchedAt: null,
    });
    await waitFor(() => expect(fakeImServer.callsTo(IM_PATHS.unreadCount)).toHaveLength(2));
    expect(fakeImServer.callsTo(IM_PATHS.unreadCount)[1]?.body).toEqual({
      receiver: 'W001',
      storeCode: 'S02',
    });
    expect(useMessageStore.getState().unreadTotal).toBe(0);
  });

  it('resets on sign-out', async () => {
    renderBell();
    act(() => useMessageStore.setState({ centerOpen: true, unreadTotal: 3, tab: 'unread' }));
    act(() => useSessionStore.setState({ token: null, user: null }));
    expect(useMessageStore.getState()).toMatchObject({ centerOpen: false, unreadTotal: 0, tab: 'all' });
  });

  it('opens the center drawer on click (loaded on first opening)', async () => {
    renderBell();
    act(() => bell().click());
    expect(useMessageStore.getState().centerOpen).toBe(true);
    expect(await screen.findByTestId('message-center')).toBeTruthy();
  });
});
