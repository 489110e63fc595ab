import '../../test/dom';
import { exportEndpoints, inventoryEndpoints, type StockRow } from '@console/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { renderPage, where } from '../../test/render-page';
import { StockQueryPage } from './stock-query-page';

const api = { list: vi.fn(), export: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === inventoryEndpoints.stockList) return api.list(input);
  if (endpoint === exportEndpoints.stock) return api.export(input);
  return Promise.reject(new Error('unexpected call'));
});

const batch = (id: number, batchNo: string, extra: Partial<StockRow> = {}): StockRow => ({
  id,
  skuId: 7,
  skuCode: 'R1001',
  skuName: '鲜肉月饼',
  spec: '6枚',
  batchNo,
  productionDate: '2026-10-01',
  expiryDate: '2026-12-20',
  onHand: 12,
  reserved: 2,
  available: 10,
  inTransit: 0,
  nearExpiry: false,
  ...extra,
});

beforeEach(() => {
  useMenuStore.setState({ menus: [menuNode('Stock', '/stock', [menuNode('StockQuery', 'stock-query')])] });
  useSessionStore.setState({ roles: [] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.list.mockResolvedValue({
    list: [
      batch(1, 'B2609', { nearExpiry: true }),
      batch(2, 'B2610', { inTransit: 6, expiryDate: '2027-04-15' }),
    ],
    total: 2,
    pageNum: 1,
    pageSize: 20,
  });
  api.export.mockResolvedValue({ id: 8, status: 'queued', statusText: '排队中' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('库存查询', { timeout: 30_000 }, () => {
  it('lists the store stock per batch with its quantities and dates, 临期 marked', async () => {
    renderPage('/stock/stock-query', <StockQueryPage />);
    expect((await screen.findAllByText('B2609')).length).toBeGreaterThan(0);
    expect(api.list.mock.lastCall?.[0]).toEqual({
      storeCode: 'S0001',
      keyword: null,
      pageNum: 1,
      pageSize: 20,
    });
    const expiries = screen.getAllByTestId('stock-expiry').map((cell) => cell.textContent);
    expect(expiries).toEqual(['2026-12-20临期', '2027-04-15']);
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(screen.queryByTestId('stock-export')).toBeNull();
  });

  it('reads and sets the keyword, 临期 and 有在途 filters through the URL', async () => {
    renderPage('/stock/stock-query?nearExpiry=1&keyword=R10', <StockQueryPage />);
    await waitFor(() =>
      expect(api.list.mock.lastCall?.[0]).toEqual({
        storeCode: 'S0001',
        keyword: 'R10',
        nearExpiry: true,
        pageNum: 1,
        pageSize: 20,
      }),
    );
    await userEvent.click(screen.getByTestId('stock-inTransit'));
    await waitFor(() =>
      expect(api.list.mock.lastCall?.[0]).toMatchObject({ nearExpiry: true, inTransit: true }),
    );
    expect(where()).toContain('inTransit=1');
    await userEvent.click(screen.getByTestId('stock-nearExpiry'));
    await waitFor(() => expect(api.list.mock.lastCall?.[0]).not.toHaveProperty('nearExpiry'));
    expect(where()).not.toContain('nearExpiry');
  });

  it('queues 导出库存 with the list filters, for holders of stock:export', async () => {
    useSessionStore.setState({ roles: ['stock:export'] });
    renderPage('/stock/stock-query?inTransit=1&keyword=R1001', <StockQueryPage />);
    await userEvent.click(await screen.findByTestId('stock-export'));
    await waitFor(() =>
      expect(api.export).toHaveBeenCalledWith({ storeCode: 'S0001', keyword: 'R1001', inTransit: true }),
    );
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
  });
});
