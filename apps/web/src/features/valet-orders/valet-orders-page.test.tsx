import '../../test/dom';
import { valetEndpoints, type ValetOrderPage } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { VALET_MENUS, valetRow } from './test-fixtures';
import { ValetOrdersPage } from './valet-orders-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = {
  integral: vi.fn(),
  uenjoy: vi.fn(),
  cancel: vi.fn(),
  confirm: vi.fn(),
  uenjoyConfirm: vi.fn(),
  sendRedeemCode: vi.fn(),
};
const notify = spyNotify();
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === valetEndpoints.integral.list) return api.integral(input);
  if (endpoint === valetEndpoints.uenjoy.list) return api.uenjoy(input);
  if (endpoint === valetEndpoints.integral.cancel) return api.cancel(input);
  if (endpoint === valetEndpoints.integral.confirm) return api.confirm(input);
  if (endpoint === valetEndpoints.uenjoy.confirm) return api.uenjoyConfirm(input);
  if (endpoint === valetEndpoints.integralSendRedeemCode) return api.sendRedeemCode(input);
  return Promise.reject(new Error('unexpected call'));
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/valet-orders${search}`]}>
        <ValetOrdersPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pageOf = (total: number, rows = [valetRow()]): ValetOrderPage => ({
  list: rows,
  total,
  pageNum: 1,
  pageSize: 20,
});
const lastBody = (fn = api.integral) => fn.mock.lastCall?.[0] as Record<string, unknown>;
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  useMenuStore.setState({ menus: VALET_MENUS });
  useSessionStore.setState({ roles: ['valetOrder:confirm', 'valetOrder:cancel'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.integral.mockResolvedValue(
    pageOf(2, [valetRow(), valetRow({ valetOrderNo: 'VO2', status: 'confirmed', statusText: '已确认' })]),
  );
  api.uenjoy.mockResolvedValue(
    pageOf(1, [valetRow({ valetOrderNo: 'VU1', kind: 'uenjoy', payCents: 126_224, points: 0 })]),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ValetOrdersPage', { timeout: 30_000 }, () => {
  it('reads its filters from the URL into the kind’s list call', async () => {
    renderPage('?kind=uenjoy&status=confirmed&keyword=VO1&preset=0&pageNum=2&pageSize=50');
    await waitFor(() => expect(api.uenjoy).toHaveBeenCalled());
    const today = dayjs().format('YYYY-MM-DD');
    expect(lastBody(api.uenjoy)).toEqual({
      storeCode: 'S0001',
      status: 'confirmed',
      keyword: 'VO1',
      dateFrom: today,
      dateTo: today,
      pageNum: 2,
      pageSize: 50,
    });
    expect(api.integral).not.toHaveBeenCalled();
  });

  it('shows points for the points mall and yuan for uEnjoy, with the count', async () => {
    renderPage();
    expect(await screen.findAllByText('300 积分')).toHaveLength(2);
    expect(screen.getByTestId('valet-total').textContent).toBe('共 2 条');
    await userEvent.click(within(screen.getByTestId('valet-tabs')).getByText('优享订阅'));
    await waitFor(() => expect(where()).toBe('/order/valet-orders?kind=uenjoy'));
    expect(await screen.findByText('¥1,262.24')).toBeTruthy();
  });

  it('puts the status, an Enter in the keyword and the page into the URL; 重置 keeps the tab', async () => {
    renderPage('?kind=uenjoy&pageNum=2');
    await screen.findByText('VU1');
    await userEvent.click(within(screen.getByTestId('valet-status')).getByText('已确认'));
    await waitFor(() => expect(where()).toBe('/order/valet-orders?kind=uenjoy&status=confirmed'));
    const input = within(screen.getByTestId('valet-keyword')).getByRole('searchbox');
    await userEvent.type(input, ' 王丽华 {Enter}');
    await waitFor(() =>
      expect(where()).toBe(
        `/order/valet-orders?kind=uenjoy&status=confirmed&keyword=${encodeURIComponent('王丽华')}`,
      ),
    );
    await waitFor(() => expect(lastBody(api.uenjoy)).toMatchObject({ keyword: '王丽华', pageNum: 1 }));
    await userEvent.click(screen.getByText('重 置'));
    await waitFor(() => expect(where()).toBe('/order/valet-orders?kind=uenjoy'));
  });

  it('makes the valet order number a real link to its detail', async () => {
    renderPage();
    const link = (await screen.findByText('VO202611210001')).closest('a');
    expect(link?.getAttribute('href')).toBe('/order/valet-order-detail?id=VO202611210001');
  });

  it('offers confirm and cancel on pending rows only, to who may', async () => {
    renderPage();
    await screen.findByText('VO2');
    expect(screen.getAllByTestId('row-action-confirm')).toHaveLength(1);
    expect(screen.getAllByTestId('row-action-cancel')).toHaveLength(1);
    cleanup();
    useSessionStore.setState({ roles: ['valetOrder:confirm'] });
    renderPage();
    await screen.findByText('VO2');
    expect(screen.queryByTestId('row-action-cancel')).toBeNull();
  });

  it('cancels with a reason; a points order confirms with the member’s code', async () => {
    api.cancel.mockResolvedValue({});
    api.confirm.mockResolvedValue({});
    api.sendRedeemCode.mockResolvedValue({ phoneMasked: '137****0001', resendAfterSeconds: 60 });
    renderPage();
    await userEvent.click(await screen.findByTestId('row-action-cancel'));
    await userEvent.type(await screen.findByTestId('valet-cancel-reason'), '顾客改主意');
    await userEvent.click(screen.getByTestId('valet-cancel-dialog-ok'));
    await waitFor(() =>
      expect(api.cancel).toHaveBeenCalledWith({
        storeCode: 'S0001',
        valetOrderNo: 'VO202611210001',
        reason: '顾客改主意',
      }),
    );
    await userEvent.click(screen.getByTestId('row-action-confirm'));
    await userEvent.click(await screen.findByTestId('points-consent-send'));
    expect(api.sendRedeemCode).toHaveBeenCalledWith({ storeCode: 'S0001', valetOrderNo: 'VO202611210001' });
    await userEvent.type(screen.getByTestId('points-consent-code'), '123456{Enter}');
    await waitFor(() =>
      expect(api.confirm).toHaveBeenCalledWith({
        storeCode: 'S0001',
        valetOrderNo: 'VO202611210001',
        memberCode: '123456',
      }),
    );
    expect(notify.confirm).not.toHaveBeenCalled();
  });

  it('confirms an order without points after asking', async () => {
    api.uenjoy.mockResolvedValue(
      pageOf(1, [valetRow({ valetOrderNo: 'VU1', kind: 'uenjoy', payCents: 126_224, points: 0 })]),
    );
    api.uenjoyConfirm.mockResolvedValue({});
    renderPage('?kind=uenjoy');
    notify.confirm.mockResolvedValueOnce(false);
    await userEvent.click(await screen.findByTestId('row-action-confirm'));
    expect(notify.confirm).toHaveBeenCalled();
    expect(api.uenjoyConfirm).not.toHaveBeenCalled();
    notify.confirm.mockResolvedValueOnce(true);
    await userEvent.click(screen.getByTestId('row-action-confirm'));
    await waitFor(() =>
      expect(api.uenjoyConfirm).toHaveBeenCalledWith({ storeCode: 'S0001', valetOrderNo: 'VU1' }),
    );
  });

  it('tells an empty tab from no result', async () => {
    api.uenjoy.mockResolvedValue(pageOf(0, []));
    renderPage('?kind=uenjoy');
    expect((await screen.findByTestId('valet-empty')).textContent).toContain('暂无代客订单');
    cleanup();
    renderPage('?kind=uenjoy&keyword=nobody');
    await userEvent.click(within(await screen.findByTestId('valet-no-result')).getByText('重置筛选'));
    await waitFor(() => expect(where()).toBe('/order/valet-orders?kind=uenjoy'));
  });
});
