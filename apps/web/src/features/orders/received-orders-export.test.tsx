import '../../test/dom';
import { exportEndpoints, fulfilmentEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { ORDER_MENUS } from './test-fixtures';
import { ReceivedOrdersPage } from './received-orders-page';
import { answerCalls } from '../../test/fake-calls';

const exportsApi = { receivedOrders: vi.fn() };
const receivedApi = { list: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === fulfilmentEndpoints.received
    ? receivedApi.list(input)
    : endpoint === exportEndpoints.receivedOrders
      ? exportsApi.receivedOrders(input)
      : Promise.reject(new Error('unexpected')),
);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderPage(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/received-orders${search}`]}>
        <ReceivedOrdersPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const MENUS = [
  {
    ...ORDER_MENUS[0]!,
    children: [
      ...(ORDER_MENUS[0]!.children ?? []),
      {
        ...ORDER_MENUS[0]!.children![0]!,
        name: 'ExportRecords',
        path: 'export-records',
        component: 'ExportRecords',
      },
    ],
  },
];

beforeEach(() => {
  useMenuStore.setState({ menus: MENUS });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  receivedApi.list.mockResolvedValue({
    list: [],
    total: 0,
    totalExact: true,
    pageNum: 1,
    pageSize: 20,
    nextCursor: null,
  });
  exportsApi.receivedOrders.mockResolvedValue({ id: 3, status: 'queued', statusText: '排队中' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('导出 on 已接订单', { timeout: 30_000 }, () => {
  it('exports the current filters and points to 导出记录', async () => {
    useSessionStore.setState({ roles: ['order:export'] });
    renderPage('?status=shipped&deliveryType=express&keyword=OMS1&from=2026-11-01&to=2026-11-02&pageNum=3');
    await userEvent.click(await screen.findByTestId('received-export'));
    await waitFor(() =>
      expect(exportsApi.receivedOrders).toHaveBeenCalledWith({
        storeCode: 'S0001',
        status: 'shipped',
        deliveryType: 'express',
        keyword: 'OMS1',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-02',
      }),
    );
    expect((await screen.findByTestId('export-queued')).textContent).toContain('导出记录');
    await userEvent.click(screen.getByTestId('export-records-link'));
    expect(screen.getByTestId('where').textContent).toBe('/order/export-records');
  });

  it('is not offered without order:export', async () => {
    useSessionStore.setState({ roles: ['order:ship'] });
    renderPage('');
    await waitFor(() => expect(receivedApi.list).toHaveBeenCalled());
    expect(screen.queryByTestId('received-export')).toBeNull();
  });
});
