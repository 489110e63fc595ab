import '../../test/dom';
import { planEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { messageEvents } from '../../lib/events/message-events';
import { NOW, ORDER_MENUS, offer } from './test-fixtures';
import { RobOrdersPage } from './rob-orders-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = { offers: vi.fn(), grab: vi.fn() };
const notify = spyNotify();
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === planEndpoints.offers
    ? api.offers(input)
    : endpoint === planEndpoints.grab
      ? api.grab(input)
      : Promise.reject(new Error('unexpected call')),
);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/order/rob-orders']}>
        <RobOrdersPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const page = (list: ReturnType<typeof offer>[]) => ({ list, total: list.length, pageNum: 1, pageSize: 50 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useMenuStore.setState({ menus: ORDER_MENUS });
  useSessionStore.setState({ roles: ['order:rob'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  notify.confirm.mockResolvedValue(true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('RobOrdersPage', { timeout: 20_000 }, () => {
  it('lists offers with amount, distance and time left; under 5 minutes is red, a closed one greys out', async () => {
    api.offers.mockResolvedValue(
      page([
        offer(),
        offer({ performancePlanOrderNo: 'PP2', expiresAtMs: NOW + 4 * 60_000 }),
        offer({ performancePlanOrderNo: 'PP3', expiresAtMs: NOW - 1000 }),
      ]),
    );
    renderPage();
    const cards = await screen.findAllByTestId('offer-card');
    expect(api.offers).toHaveBeenCalledWith({ storeCode: 'S0001', pageNum: 1, pageSize: 50 });
    expect(screen.getByTestId('rob-orders-total').textContent).toBe('共 3 条');
    expect(within(cards[0]!).getByText('¥1,234.56')).toBeTruthy();
    expect(within(cards[0]!).getByText(/1\.2公里/)).toBeTruthy();
    expect(within(cards[0]!).getByTestId('offer-countdown').textContent).toContain('20:00');
    expect(within(cards[1]!).getByTestId('offer-countdown').className).toContain('red');
    expect(within(cards[2]!).getByTestId('offer-countdown').textContent).toBe('已截止');
    expect(cards[2]!.className).toMatch(/offerClosed/);
    expect((within(cards[2]!).getByTestId('offer-action') as HTMLButtonElement).disabled).toBe(true);
  });

  it('grabs after confirming and opens the received order', async () => {
    api.offers.mockResolvedValue(page([offer()]));
    api.grab.mockResolvedValue({
      performancePlanOrderNo: 'PP202611210001',
      omsOrderNo: 'OMS202611210001',
      performanceOrderNo: 'PO1',
      status: 'wait_ship',
      writeOffCode: '',
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('offer-action'));
    expect(notify.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '确认抢单' }));
    await waitFor(() =>
      expect(api.grab).toHaveBeenCalledWith({ storeCode: 'S0001', performancePlanOrderNo: 'PP202611210001' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/order/received-order-detail?omsOrderNo=OMS202611210001&performanceOrderNo=PO1',
      ),
    );
    expect(notify.success).toHaveBeenCalledWith('抢单成功');
  });

  it('does not grab when the confirmation is cancelled', async () => {
    api.offers.mockResolvedValue(page([offer()]));
    notify.confirm.mockResolvedValue(false);
    renderPage();
    await userEvent.click(await screen.findByTestId('offer-action'));
    await waitFor(() => expect(notify.confirm).toHaveBeenCalled());
    expect(api.grab).not.toHaveBeenCalled();
  });

  it('shows the server refusal of a lost race and refreshes the list', async () => {
    api.offers.mockResolvedValueOnce(page([offer()])).mockResolvedValueOnce(page([]));
    api.grab.mockRejectedValue(
      new ApiError('http', '该订单已被其他门店接单', { status: 409, errorCode: 'ORDER_STATE_CONFLICT' }),
    );
    renderPage();
    await userEvent.click(await screen.findByTestId('offer-action'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('该订单已被其他门店接单'));
    expect(await screen.findByTestId('rob-orders-empty')).toBeTruthy();
    expect(api.offers).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('where').textContent).toBe('/order/rob-orders');
  });

  it('hides the grab button without order:rob', async () => {
    useSessionStore.setState({ roles: ['order:ship'] });
    api.offers.mockResolvedValue(page([offer()]));
    renderPage();
    await screen.findByTestId('offer-card');
    expect(screen.queryByTestId('offer-action')).toBeNull();
  });

  it('refreshes when an order message arrives, not for other families', async () => {
    api.offers.mockResolvedValue(page([]));
    renderPage();
    await screen.findByTestId('rob-orders-empty');
    const delivered = (businessType: number) =>
      act(() => messageEvents.emit('delivered', [{ businessType } as never]));
    delivered(4);
    await Promise.resolve();
    expect(api.offers).toHaveBeenCalledTimes(1);
    delivered(2);
    await waitFor(() => expect(api.offers).toHaveBeenCalledTimes(2));
  });
});
