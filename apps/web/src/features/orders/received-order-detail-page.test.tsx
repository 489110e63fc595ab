import '../../test/dom';
import { fulfilmentEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { ORDER_MENUS, orderDetail } from './test-fixtures';
import { ReceivedOrderDetailPage, orderRefOf } from './received-order-detail-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = {
  detail: vi.fn(),
  log: vi.fn(),
  couriers: vi.fn(),
  deliver: vi.fn(),
  areas: vi.fn(),
  modifyAddress: vi.fn(),
  cancel: vi.fn(),
};
const notify = spyNotify();
answerCalls((endpoint: unknown, input: Record<string, unknown>, options: unknown) => {
  const E = fulfilmentEndpoints;
  if (endpoint === E.detail) {
    const { storeCode, ...ref } = input;
    return api.detail(storeCode, ref, options);
  }
  if (endpoint === E.logList) return api.log(input.storeCode, input.omsOrderNo, options);
  if (endpoint === E.deliveryCompany) return api.couriers();
  if (endpoint === E.deliver) return api.deliver(input);
  if (endpoint === E.cnArea) return api.areas(input.parentCode);
  if (endpoint === E.modifyAddress) return api.modifyAddress(input);
  if (endpoint === E.cancel) return api.cancel(input);
  return Promise.reject(new Error('unexpected call'));
});

const STAFF_ROLES = ['order:ship', 'order:modifyAddress', 'order:cancel'];
const LOG = [
  {
    id: 1,
    action: 'grabbed',
    actionText: '门店抢单',
    fromStatus: 'offering',
    toStatus: 'taken',
    fromStatusText: '待抢单',
    toStatusText: '已接单',
    operatorName: '独立店员',
    detail: {},
    createdAt: '2026-11-21 09:55:00',
  },
];

function renderPage(search = '?omsOrderNo=OMS202611210001&performanceOrderNo=PO202611210001') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/received-order-detail${search}`]}>
        <ReceivedOrderDetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const openSelect = (testId: string) =>
  fireEvent.mouseDown(
    within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'),
  );

beforeEach(() => {
  useMenuStore.setState({ menus: ORDER_MENUS });
  useSessionStore.setState({ roles: STAFF_ROLES });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.detail.mockResolvedValue(orderDetail());
  api.log.mockResolvedValue(LOG);
  api.couriers.mockResolvedValue([
    { code: 'SF', name: '顺丰速运' },
    { code: 'ZTO', name: '中通快递' },
  ]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('orderRefOf', () => {
  it('prefers the performance order number, falls back to the upstream one', () => {
    expect(orderRefOf(new URLSearchParams('omsOrderNo=O1&performanceOrderNo=P1'))).toEqual({
      performanceOrderNo: 'P1',
    });
    expect(orderRefOf(new URLSearchParams('omsOrderNo=O1'))).toEqual({ omsOrderNo: 'O1' });
    expect(orderRefOf(new URLSearchParams('omsOrderNo=%20'))).toBeNull();
  });
});

describe('ReceivedOrderDetailPage', { timeout: 30_000 }, () => {
  it('shows the sections, the log and only the allowed and permitted actions', async () => {
    useSessionStore.setState({ roles: ['order:ship', 'order:cancel', 'order:writeOff'] });
    renderPage();
    expect(await screen.findByTestId('received-order-detail-page')).toBeTruthy();
    expect(api.detail).toHaveBeenCalledWith(
      'S0001',
      { performanceOrderNo: 'PO202611210001' },
      expect.anything(),
    );
    expect(screen.getByTestId('order-status').textContent).toBe('待发货');
    expect(screen.getByText('¥106.00')).toBeTruthy();
    const buttons = within(screen.getByTestId('order-actions')).getAllByRole('button');
    // modifyAddress is allowed but not permitted; writeOff is permitted but not allowed.
    expect(buttons.map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['发货', '取消订单']);
    await waitFor(() => expect(screen.getAllByTestId('order-log-row')).toHaveLength(1));
    expect(api.log).toHaveBeenCalledWith('S0001', 'OMS202611210001', expect.anything());
    expect(screen.getByText(/操作人：独立店员/)).toBeTruthy();
  });

  it('ships by courier: checks the fields, submits with Enter, refreshes detail and log', async () => {
    api.deliver.mockResolvedValue({
      performanceOrderNo: 'PO202611210001',
      status: 'shipped',
      statusText: '已发货',
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('order-action-deliver'));
    const dialog = await screen.findByTestId('ship-dialog');
    await userEvent.click(screen.getByTestId('ship-dialog-ok'));
    // The field errors (the courier's equals its placeholder, which may be shown too).
    const fieldErrors = () =>
      [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择快递公司', '请输入快递单号']));
    expect(api.deliver).not.toHaveBeenCalled();

    openSelect('ship-courier');
    await userEvent.click(await screen.findByText('顺丰速运'));
    api.detail.mockResolvedValue(orderDetail({ status: 'shipped', statusText: '已发货' }));
    await userEvent.type(screen.getByTestId('ship-tracking'), 'SF1234567890{Enter}');
    await waitFor(() =>
      expect(api.deliver).toHaveBeenCalledWith({
        storeCode: 'S0001',
        performanceOrderNo: 'PO202611210001',
        courierCode: 'SF',
        trackingNo: 'SF1234567890',
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('发货成功');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('已发货'));
    expect(api.log).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('ship-dialog')).toBeNull();
  });

  it('ships by the store’s own deliverer: a mainland mobile is required, then the detail shows them', async () => {
    const storeDelivery = { type: 'store_delivery' as const, typeText: '门店配送' };
    api.detail.mockResolvedValue(orderDetail({ delivery: { ...orderDetail().delivery, ...storeDelivery } }));
    api.deliver.mockResolvedValue({
      performanceOrderNo: 'PO202611210001',
      status: 'shipped',
      statusText: '已发货',
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('order-action-deliver'));
    const dialog = await screen.findByTestId('ship-dialog');
    expect(within(dialog).queryByTestId('ship-courier')).toBeNull();
    await userEvent.type(screen.getByTestId('ship-deliverer'), '小马');
    await userEvent.type(screen.getByTestId('ship-deliverer-phone'), '12345678901{Enter}');
    expect(await within(dialog).findByText('手机号格式不正确')).toBeTruthy();
    expect(api.deliver).not.toHaveBeenCalled();

    api.detail.mockResolvedValue(
      orderDetail({
        status: 'shipped',
        statusText: '已发货',
        delivery: {
          ...orderDetail().delivery,
          ...storeDelivery,
          delivererName: '小马',
          delivererPhone: '13700002222',
        },
      }),
    );
    await userEvent.clear(screen.getByTestId('ship-deliverer-phone'));
    await userEvent.type(screen.getByTestId('ship-deliverer-phone'), '13700002222{Enter}');
    await waitFor(() =>
      expect(api.deliver).toHaveBeenCalledWith({
        storeCode: 'S0001',
        performanceOrderNo: 'PO202611210001',
        delivererName: '小马',
        delivererPhone: '13700002222',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('已发货'));
    const delivery = screen.getByTestId('order-delivery');
    expect(within(delivery).getByText('小马 13700002222')).toBeTruthy();
    expect(within(delivery).queryByText('快递公司')).toBeNull();
  });

  it('keeps the dialog open with the server refusal inside it', async () => {
    api.deliver.mockRejectedValue(
      new ApiError('http', '快递单号与快递公司不匹配', { status: 400, errorCode: 'BAD_REQUEST' }),
    );
    renderPage();
    await userEvent.click(await screen.findByTestId('order-action-deliver'));
    openSelect('ship-courier');
    await userEvent.click(await screen.findByText('中通快递'));
    await userEvent.type(screen.getByTestId('ship-tracking'), 'ABC123456');
    await userEvent.click(screen.getByTestId('ship-dialog-ok'));
    expect((await screen.findByTestId('ship-dialog-error')).textContent).toContain(
      '快递单号与快递公司不匹配',
    );
    expect(screen.getByTestId('ship-dialog')).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('rejects a malformed tracking number before calling the server', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('order-action-deliver'));
    openSelect('ship-courier');
    await userEvent.click(await screen.findByText('顺丰速运'));
    await userEvent.type(screen.getByTestId('ship-tracking'), 'SF-12{Enter}');
    expect(await screen.findByText('快递单号只能包含字母和数字，6到30位')).toBeTruthy();
    expect(api.deliver).not.toHaveBeenCalled();
  });

  it('cancels with a reason', async () => {
    api.cancel.mockResolvedValue({
      performanceOrderNo: 'PO202611210001',
      status: 'cancelled',
      statusText: '已取消',
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('order-action-cancel'));
    await userEvent.click(await screen.findByTestId('cancel-dialog-ok'));
    expect(await screen.findByText('请输入取消原因')).toBeTruthy();
    await userEvent.type(screen.getByTestId('cancel-reason'), '顾客电话要求取消');
    await userEvent.click(screen.getByTestId('cancel-dialog-ok'));
    await waitFor(() =>
      expect(api.cancel).toHaveBeenCalledWith({
        storeCode: 'S0001',
        performanceOrderNo: 'PO202611210001',
        reason: '顾客电话要求取消',
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('订单已取消');
  });

  it('offers 核销 first and as the primary button on a pickup order; 取消订单 comes last, never primary', async () => {
    useSessionStore.setState({ roles: ['order:cancel', 'order:writeOff'] });
    api.detail.mockResolvedValue(
      orderDetail({
        actions: {
          deliver: false,
          modifyAddress: false,
          modifyCyclePlan: false,
          cancel: true,
          finishInvoice: false,
          writeOff: true,
        },
      }),
    );
    renderPage();
    const buttons = within(await screen.findByTestId('order-actions')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['核销', '取消订单']);
    expect(screen.getByTestId('order-action-writeOff').className).toContain('ant-btn-primary');
    expect(screen.getByTestId('order-action-cancel').className).not.toContain('ant-btn-primary');
  });

  it('says the order was not found in place', async () => {
    api.detail.mockRejectedValue(new ApiError('http', '订单不存在', { status: 404 }));
    renderPage('?performanceOrderNo=PO404');
    expect(await screen.findByText('订单不存在')).toBeTruthy();
  });
});
