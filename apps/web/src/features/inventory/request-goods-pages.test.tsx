import '../../test/dom';
import {
  inventoryEndpoints,
  inventoryIoEndpoints,
  type RequestGoodsDetail,
  type RequestGoodsPage,
  type RequestGoodsRow,
} from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { RequestGoodsDetailPage, RequestGoodsPage as ListPage } from './request-goods-pages';

const api = {
  list: vi.fn(),
  detail: vi.fn(),
  apply: vi.fn(),
  stock: vi.fn(),
  skuOptions: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === inventoryEndpoints.requestGoodsList) return api.list(input);
  if (endpoint === inventoryEndpoints.requestGoodsDetail) return api.detail(input);
  if (endpoint === inventoryEndpoints.requestGoodsApply) return api.apply(input);
  if (endpoint === inventoryEndpoints.stockList) return api.stock(input);
  if (endpoint === inventoryIoEndpoints.skuOptions) return api.skuOptions(input);
  return Promise.reject(new Error('unexpected call'));
});

function row(id: number, status: RequestGoodsRow['status'], statusText: string): RequestGoodsRow {
  return {
    id,
    requestNo: `RG2026112100000000000${id}`,
    status,
    statusText,
    warehouseName: '中心仓',
    lineCount: 2,
    totalQuantity: 9,
    valueCents: 12_800,
    hasShortage: status === 'out_of_stock',
    hasDiscrepancy: false,
    requestedByName: '王丽',
    createdAt: '2026-11-21T04:52:31.564Z',
    updatedAt: '2026-11-21T04:52:31.564Z',
  };
}

function renderAt(url: string, Page: () => React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useMenuStore.setState({
    menus: [
      menuNode('Stock', '/stock', [
        menuNode('RequestGoods', 'request-goods'),
        menuNode('RequestGoodsDetails', 'request-goods-detail'),
      ]),
    ],
  });
  useSessionStore.setState({ roles: ['requestGoods:apply'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.list.mockResolvedValue({
    list: [row(1, 'pending_review', '待审核'), row(2, 'out_of_stock', '仓库缺货')],
    total: 2,
    pageNum: 1,
    pageSize: 20,
  } satisfies RequestGoodsPage);
  api.stock.mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 50 });
  api.skuOptions.mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 20 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('要货管理', { timeout: 30_000 }, () => {
  it("lists the store's requests with their state, shortage and a link to the detail", async () => {
    renderAt('/stock/request-goods?status=pending_review', ListPage);
    expect(await screen.findByText('RG20261121000000000001')).toBeTruthy();
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ storeCode: 'S0001', status: 'pending_review' });
    expect(screen.getAllByText('仓库缺货').length).toBeGreaterThan(0);
    expect(screen.getByText('缺货')).toBeTruthy();
    const link = screen.getByText('RG20261121000000000001').closest('a')!;
    expect(link.getAttribute('href')).toBe('/stock/request-goods-detail?id=1&orderNo=RG20261121000000000001');
  });

  it('the apply dialog asks for goods only (no other store) and names a missing SKU', async () => {
    renderAt('/stock/request-goods', ListPage);
    await userEvent.click(await screen.findByTestId('request-goods-add'));
    const dialog = await screen.findByTestId('request-goods-apply-dialog');
    expect(dialog.textContent).not.toContain('调出门店编码');
    await userEvent.click(screen.getByTestId('request-goods-apply-dialog-ok'));
    expect(await screen.findByText('请选择商品')).toBeTruthy();
    expect(api.apply).not.toHaveBeenCalled();
  });

  it('the apply dialog searches the whole catalogue, not the store stock list', async () => {
    api.skuOptions.mockResolvedValue({
      list: [{ skuId: 9, skuCode: 'R1005', skuName: '芝士蛋糕', spec: '6寸' }],
      total: 1,
      pageNum: 1,
      pageSize: 20,
    });
    renderAt('/stock/request-goods', ListPage);
    await userEvent.click(await screen.findByTestId('request-goods-add'));
    await screen.findByTestId('request-goods-import');
    const select = screen.getByTestId('transfer-apply-sku-0');
    await userEvent.click(select.querySelector('.ant-select-selector, input')!);
    await userEvent.type(select.querySelector('input')!, 'R10');
    await waitFor(() =>
      expect(api.skuOptions).toHaveBeenLastCalledWith(
        expect.objectContaining({ storeCode: 'S0001', keyword: 'R10' }),
      ),
    );
    expect(await screen.findByText('R1005 芝士蛋糕 6寸')).toBeTruthy();
    expect(api.stock).not.toHaveBeenCalled();
  });

  it('offers no 导出库存 any more: it moved to 库存查询', async () => {
    useSessionStore.setState({ roles: ['requestGoods:apply', 'stock:export'] });
    renderAt('/stock/request-goods', ListPage);
    expect(await screen.findByText('RG20261121000000000001')).toBeTruthy();
    expect(screen.queryByTestId('stock-export')).toBeNull();
  });

  it('the detail shows a rejection reason and offers no action on it', async () => {
    api.detail.mockResolvedValue({
      ...row(3, 'rejected', '已驳回'),
      remark: '',
      rejectReason: '本周已配送',
      lines: [],
      timeline: [
        {
          at: '2026-11-21T04:52:31.564Z',
          action: 'reject',
          actionText: '审核驳回',
          userName: '李总',
          note: '本周已配送',
        },
      ],
      actions: [],
    } satisfies RequestGoodsDetail);
    renderAt('/stock/request-goods-detail?id=3&orderNo=RG20261121000000000003', RequestGoodsDetailPage);
    expect((await screen.findByTestId('request-goods-reason')).textContent).toBe('本周已配送');
    await waitFor(() => expect(api.detail.mock.lastCall?.[0]).toMatchObject({ storeCode: 'S0001', id: 3 }));
    expect(screen.queryByText('撤回申请')).toBeNull();
  });
});
