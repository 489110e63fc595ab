import '../../test/dom';
import { planEndpoints } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { renderPage as renderAt, where } from '../../test/render-page';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { NOW, ORDER_MENUS, offer } from './test-fixtures';
import { UntakenOrdersPage } from './untaken-orders-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = { untaken: vi.fn(), take: vi.fn() };
const notify = spyNotify();
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === planEndpoints.untaken
    ? api.untaken(input)
    : endpoint === planEndpoints.takeUntaken
      ? api.take(input)
      : Promise.reject(new Error('unexpected call')),
);

const renderPage = (search = '') => renderAt(`/order/untaken-orders${search}`, <UntakenOrdersPage />);

const expired = offer({ status: 'expired', statusText: '已超时', expiresAtMs: NOW - 60_000 });
const page = { list: [expired], total: 21, pageNum: 2, pageSize: 20 };

beforeEach(() => {
  useMenuStore.setState({ menus: ORDER_MENUS });
  useSessionStore.setState({ roles: ['order:take'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  notify.confirm.mockResolvedValue(true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('UntakenOrdersPage', { timeout: 20_000 }, () => {
  it('lists the page of the URL with the count, the number linking to the offer', async () => {
    api.untaken.mockResolvedValue(page);
    renderPage('?pageNum=2');
    const table = await screen.findByTestId('untaken-table');
    await within(table).findByText('OMS202611210001');
    expect(api.untaken).toHaveBeenCalledWith({
      storeCode: 'S0001',
      deliveryType: null,
      keyword: null,
      pageNum: 2,
      pageSize: 20,
    });
    // The customer's number links; the plan number is secondary.
    expect(within(table).getByText('OMS202611210001').closest('a')?.getAttribute('href')).toBe(
      '/order/rob-order-detail?performancePlanOrderNo=PP202611210001',
    );
    expect(within(table).getByText('抢单编号 PP202611210001')).toBeTruthy();
    expect(within(table).getByText('¥1,234.56')).toBeTruthy();
    expect(screen.getByTestId('untaken-total').textContent).toBe('共 21 条');
  });

  it('takes after confirming and opens the received order', async () => {
    api.untaken.mockResolvedValue(page);
    api.take.mockResolvedValue({
      performancePlanOrderNo: 'PP202611210001',
      omsOrderNo: 'OMS202611210001',
      performanceOrderNo: 'PO1',
      status: 'wait_ship',
      writeOffCode: '',
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('row-action-take'));
    expect(notify.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '确认接单' }));
    await waitFor(() =>
      expect(api.take).toHaveBeenCalledWith({ storeCode: 'S0001', performancePlanOrderNo: 'PP202611210001' }),
    );
    await waitFor(() =>
      expect(where()).toBe('/order/received-order-detail?omsOrderNo=OMS202611210001&performanceOrderNo=PO1'),
    );
    expect(notify.success).toHaveBeenCalledWith('接单成功');
  });

  it('shows the refusal, and takes nothing when the confirmation is cancelled', async () => {
    api.untaken.mockResolvedValue(page);
    api.take.mockRejectedValue(new ApiError('http', '该订单已被其他门店接单', { status: 409 }));
    renderPage();
    await userEvent.click(await screen.findByTestId('row-action-take'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('该订单已被其他门店接单'));
    notify.confirm.mockResolvedValue(false);
    await userEvent.click(screen.getByTestId('row-action-take'));
    await waitFor(() => expect(notify.confirm).toHaveBeenCalledTimes(2));
    expect(api.take).toHaveBeenCalledTimes(1);
  });

  it('filters by the URL (a bad value falls back) and searches the order number with Enter', async () => {
    api.untaken.mockResolvedValue(page);
    renderPage('?deliveryType=drone&from=2026-11-01&to=2026-11-20');
    await screen.findByText('OMS202611210001');
    expect(api.untaken).toHaveBeenLastCalledWith({
      storeCode: 'S0001',
      deliveryType: null,
      keyword: null,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-20',
      pageNum: 1,
      pageSize: 20,
    });
    const keyword = within(screen.getByTestId('untaken-keyword')).getByRole('searchbox');
    await userEvent.type(keyword, 'OMS202611210001{Enter}');
    await waitFor(() =>
      expect(api.untaken).toHaveBeenLastCalledWith(
        expect.objectContaining({ keyword: 'OMS202611210001', dateFrom: '2026-11-01' }),
      ),
    );
    expect(where()).toContain('keyword=OMS202611210001');
  });

  it('hides 接单 without order:take, and says when there is nothing', async () => {
    useSessionStore.setState({ roles: ['order:rob'] });
    api.untaken.mockResolvedValueOnce(page).mockResolvedValue({ ...page, list: [], total: 0, pageNum: 1 });
    renderPage();
    await screen.findByTestId('untaken-table');
    await screen.findByText('OMS202611210001');
    expect(screen.queryByTestId('row-action-take')).toBeNull();
    cleanup();
    renderPage();
    expect((await screen.findByTestId('untaken-empty')).textContent).toContain('暂无未接订单');
  });
});
