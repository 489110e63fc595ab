import '../../test/dom';
import { exportEndpoints, inventoryEndpoints, type TransferPage, type TransferRow } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { TransferInPage, TransferInReceivingPage, TransferOutPage } from './transfer-list-page';

const api = { list: vi.fn(), exportIn: vi.fn(), exportOut: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === inventoryEndpoints.transferList
    ? api.list(input)
    : endpoint === exportEndpoints.transfersIn
      ? api.exportIn(input)
      : endpoint === exportEndpoints.transfersOut
        ? api.exportOut(input)
        : Promise.reject(new Error('unexpected call')),
);

const STOCK_MENUS = [
  menuNode('Stock', '/stock', [
    menuNode('TransferIn', 'transfer-in'),
    menuNode('ReceivedOrders', 'transfer-in-receiving'),
    menuNode('receivingOrderDetails', 'transfer-in-detail'),
  ]),
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, Page = TransferInReceivingPage) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Page />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function row(id: number, transferNo: string): TransferRow {
  return {
    id,
    transferNo,
    origin: 'apply',
    status: 'in_transit',
    statusText: '运输中',
    toStoreCode: 'S0001',
    toStoreName: '北京朝阳店',
    fromStoreCode: 'S0002',
    fromStoreName: '北京海淀店',
    lineCount: 2,
    totalQuantity: 6,
    hasDiscrepancy: false,
    requestedByName: '王丽',
    createdAt: '2026-11-21T04:52:31.564Z',
    updatedAt: '2026-11-21T04:52:31.564Z',
  };
}

const lastBody = () => api.list.mock.lastCall?.[0] as Record<string, unknown>;

beforeEach(() => {
  useMenuStore.setState({ menus: STOCK_MENUS });
  useSessionStore.setState({ roles: ['transferIn:receive'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.list.mockImplementation((body: { inOrderNo: string | null }): Promise<TransferPage> =>
    Promise.resolve({
      list: body.inOrderNo ? [row(7, body.inOrderNo)] : [row(7, 'TI-7'), row(8, 'TI-8')],
      total: body.inOrderNo ? 1 : 2,
      totalExact: true,
      pageNum: 1,
      pageSize: 20,
      nextCursor: null,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the transfer-in receiving list (ReceivedOrders inOrderNo)', { timeout: 30_000 }, () => {
  it('asks for the one transfer-in order a message names and shows it as a chip', async () => {
    renderAt('/stock/transfer-in-receiving?inOrderNo=TI-7');
    expect(await screen.findByText('TI-7')).toBeTruthy();
    expect(lastBody()).toMatchObject({ storeCode: 'S0001', side: 'in', inOrderNo: 'TI-7' });
    expect(screen.getByTestId('transfer-in-receiving-in-order').textContent).toContain('调入单 TI-7');
    expect(screen.queryByText('TI-8')).toBeNull();
  });

  it('clears the order filter from the chip and lists every transfer in', async () => {
    renderAt('/stock/transfer-in-receiving?inOrderNo=TI-7');
    const chip = await screen.findByTestId('transfer-in-receiving-in-order');
    await userEvent.click(chip.querySelector('.ant-tag-close-icon')!);
    expect(await screen.findByText('TI-8')).toBeTruthy();
    expect(lastBody()).toMatchObject({ inOrderNo: null });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/stock/transfer-in-receiving'));
    expect(screen.queryByTestId('transfer-in-receiving-in-order')).toBeNull();
  });

  it('shows no chip on 调拨调入 itself', async () => {
    renderAt('/stock/transfer-in', TransferInPage);
    expect(await screen.findByText('TI-8')).toBeTruthy();
    expect(lastBody()).toMatchObject({ inOrderNo: null });
    expect(screen.getByTestId('transfer-in-page')).toBeTruthy();
    expect(screen.queryByTestId('transfer-in-in-order')).toBeNull();
  });
});

describe('总部派单 on 调拨调入', { timeout: 30_000 }, () => {
  it('is offered to holders of transferIn:dispatch only, asking for the receiving store too', async () => {
    renderAt('/stock/transfer-in', TransferInPage);
    expect(await screen.findByText('TI-8')).toBeTruthy();
    expect(screen.queryByTestId('transfer-in-dispatch')).toBeNull();
    cleanup();

    useSessionStore.setState({ roles: ['transferIn:dispatch'] });
    renderAt('/stock/transfer-in', TransferInPage);
    await userEvent.click(await screen.findByTestId('transfer-in-dispatch'));
    const dialog = await screen.findByTestId('transfer-dispatch-dialog');
    expect(dialog.textContent).toContain('调入门店编码');
    expect(dialog.textContent).toContain('调出门店编码');
    await userEvent.click(screen.getByTestId('transfer-dispatch-dialog-ok'));
    expect(await screen.findByText('请输入调入门店编码')).toBeTruthy();
  });
});

describe('导出 on 调拨调入 and 调拨调出', { timeout: 30_000 }, () => {
  it('queues the side export with the list filters, for holders of that side button only', async () => {
    api.exportIn.mockResolvedValue({ id: 1, status: 'queued', statusText: '排队中' });
    api.exportOut.mockResolvedValue({ id: 2, status: 'queued', statusText: '排队中' });
    useSessionStore.setState({ roles: ['transferOut:export'] });
    renderAt('/stock/transfer-in?status=in_transit&keyword=TI', TransferInPage);
    expect(await screen.findByText('TI-8')).toBeTruthy();
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();

    renderAt('/stock/transfer-out?status=in_transit&keyword=TI', TransferOutPage);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() => expect(api.exportOut).toHaveBeenCalledTimes(1));
    const body = api.exportOut.mock.lastCall?.[0] as Record<string, unknown>;
    expect(body).toMatchObject({ storeCode: 'S0001', status: 'in_transit', keyword: 'TI', inOrderNo: null });
    expect(body).not.toHaveProperty('side');
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
    expect(api.exportIn).not.toHaveBeenCalled();
  });
});
