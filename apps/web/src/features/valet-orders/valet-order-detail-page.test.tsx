import '../../test/dom';
import { valetEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { useTagsStore } from '../../stores/tags-store';
import { VALET_MENUS, valetDetail } from './test-fixtures';
import { ValetOrderDetailPage, valetOrderNoOf } from './valet-order-detail-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = { detail: vi.fn(), cancel: vi.fn() };
spyNotify();
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === valetEndpoints.detail) return api.detail(input);
  if (endpoint === valetEndpoints.uenjoy.cancel) return api.cancel(input);
  return Promise.reject(new Error('unexpected call'));
});

function renderPage(search = '?id=VO202611210001') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/valet-order-detail${search}`]}>
        <ValetOrderDetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useMenuStore.setState({ menus: VALET_MENUS });
  useSessionStore.setState({ roles: ['valetOrder:confirm', 'valetOrder:cancel'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.detail.mockResolvedValue(valetDetail());
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('valetOrderNoOf', () => {
  it('reads the id of the URL', () => {
    expect(valetOrderNoOf(new URLSearchParams('id=%20VO1%20'))).toBe('VO1');
    expect(valetOrderNoOf(new URLSearchParams('id='))).toBeNull();
  });
});

describe('ValetOrderDetailPage', { timeout: 30_000 }, () => {
  it('loads the order of the URL and offers the server’s actions', async () => {
    renderPage();
    expect((await screen.findByTestId('valet-status-tag')).textContent).toBe('待确认');
    expect(api.detail).toHaveBeenCalledWith({ storeCode: 'S0001', valetOrderNo: 'VO202611210001' });
    expect(screen.getByTestId('detail-confirm')).toBeTruthy();
    expect(screen.getByTestId('detail-cancel')).toBeTruthy();
    expect(screen.getByTestId('detail-back').getAttribute('href')).toBe('/order/valet-orders');
    expect(screen.getByText('蛋黄酥兑换券')).toBeTruthy();
  });

  it('names the tab after the order', async () => {
    const setViewTitle = vi.spyOn(useTagsStore.getState(), 'setViewTitle');
    renderPage();
    await screen.findByTestId('valet-detail-page');
    await waitFor(() =>
      expect(setViewTitle).toHaveBeenCalledWith(
        '/order/valet-order-detail?id=VO202611210001',
        '代客订单详情 VO202611210001',
      ),
    );
  });

  it('shows no action the server refuses, and the fulfilment once confirmed', async () => {
    api.detail.mockResolvedValue(
      valetDetail({
        status: 'confirmed',
        statusText: '已确认',
        omsOrderNo: 'OMS1',
        performancePlanOrderNo: 'PP1',
        planStatus: 'offering',
        planStatusText: '待抢单',
        actions: { confirm: false, cancel: false },
      }),
    );
    renderPage();
    expect((await screen.findByTestId('valet-fulfilment')).textContent).toContain('OMS1');
    expect(screen.queryByTestId('detail-confirm')).toBeNull();
    expect(screen.queryByTestId('detail-cancel')).toBeNull();
  });

  it('cancels a uEnjoy order with a reason', async () => {
    api.detail.mockResolvedValue(valetDetail({ kind: 'uenjoy', kindText: '优享' }));
    api.cancel.mockResolvedValue({});
    renderPage();
    await userEvent.click(await screen.findByTestId('detail-cancel'));
    await userEvent.type(await screen.findByTestId('valet-cancel-reason'), '缺货');
    await userEvent.click(screen.getByTestId('valet-cancel-dialog-ok'));
    await waitFor(() =>
      expect(api.cancel).toHaveBeenCalledWith({
        storeCode: 'S0001',
        valetOrderNo: 'VO202611210001',
        reason: '缺货',
      }),
    );
  });

  it('says when the URL names no order, and when the order is not found', async () => {
    renderPage('');
    expect(await screen.findByText('缺少记录编号')).toBeTruthy();
    expect(api.detail).not.toHaveBeenCalled();
    cleanup();
    api.detail.mockRejectedValue(new ApiError('http', '代客订单不存在', { status: 404 }));
    renderPage('?id=VO404');
    expect(await screen.findByText('代客订单不存在')).toBeTruthy();
  });
});
