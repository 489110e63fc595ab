import '../../test/dom';
import {
  integralClassEndpoints,
  type IntegralClassRow,
  type Page,
  type ShelfSkuRow,
} from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moved } from '../../components/sortable-list';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { IntegralClassesPage, mallFiltersOf } from './integral-classes-page';

const api = {
  getList: vi.fn(),
  skuPageInfo: vi.fn(),
  storeSkuPageInfo: vi.fn(),
  updateSort: vi.fn(),
  shelvesState: vi.fn(),
  saveClassSku: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(integralClassEndpoints).find(([, known]) => known === endpoint)?.[0];
  return name && name in api ? api[name as keyof typeof api](input) : Promise.reject(new Error('unexpected'));
});

const klass = (id: number, name: string, overrides: Partial<IntegralClassRow> = {}): IntegralClassRow => ({
  id,
  name,
  sort: id,
  enabled: true,
  skuCount: 2,
  manageStoreCount: 1,
  manageable: true,
  updatedAt: '2026-11-21 10:00:00',
  ...overrides,
});
const sku = (overrides: Partial<ShelfSkuRow> = {}): ShelfSkuRow => ({
  skuId: 11,
  skuCode: 'I2003',
  name: '蛋黄酥兑换券',
  spec: '单枚',
  labelName: '美味兑换',
  points: 300,
  cashCents: 0,
  perMemberLimit: 0,
  validFrom: null,
  validTo: null,
  enabled: true,
  shelfStoreCount: 1,
  onShelf: false,
  stock: 0,
  classNames: '美味兑换',
  ...overrides,
});
const pageOf = (rows: ShelfSkuRow[]): Page<ShelfSkuRow> => ({
  list: rows,
  total: rows.length,
  pageNum: 1,
  pageSize: 20,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/integral-mall/integral-classes${search}`]}>
        <IntegralClassesPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId('where').textContent;
const names = () => screen.getAllByTestId('class-choose').map((b) => b.textContent);

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['integralClass:sort', 'integralClass:edit', 'integralClass:shelves'] });
  api.getList.mockResolvedValue([klass(1, '生活周边'), klass(2, '美味兑换'), klass(3, '烘焙工具')]);
  api.skuPageInfo.mockResolvedValue(pageOf([sku()]));
  api.storeSkuPageInfo.mockResolvedValue(pageOf([sku({ onShelf: true, stock: 5 })]));
  api.updateSort.mockResolvedValue([]);
  api.shelvesState.mockResolvedValue(sku({ onShelf: true, stock: 8 }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('mallFiltersOf', () => {
  it('asks a class’s SKUs, or the managed ones by shelf state', () => {
    expect(mallFiltersOf('S1', { classId: 2, shelf: 'on', keyword: '', pageNum: 1, pageSize: 20 })).toEqual({
      storeCode: 'S1',
      keyword: undefined,
      classId: 2,
    });
    expect(
      mallFiltersOf('S1', { classId: undefined, shelf: 'off', keyword: '酥', pageNum: 1, pageSize: 20 }),
    ).toEqual({ storeCode: 'S1', keyword: '酥', onShelf: false });
  });
  it('moves a list item', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('IntegralClassesPage', { timeout: 30_000 }, () => {
  it('lists the managed SKUs, then a chosen class’s, with the class in the URL', async () => {
    renderPage();
    await waitFor(() =>
      expect(api.skuPageInfo).toHaveBeenCalledWith(expect.objectContaining({ storeCode: 'S0001' })),
    );
    expect(await screen.findByText('蛋黄酥兑换券')).toBeTruthy();
    await userEvent.click(screen.getAllByTestId('class-choose')[1]!);
    await waitFor(() => expect(where()).toBe('/integral-mall/integral-classes?classId=2'));
    await waitFor(() =>
      expect(api.storeSkuPageInfo).toHaveBeenCalledWith(
        expect.objectContaining({ storeCode: 'S0001', classId: 2 }),
      ),
    );
  });

  it('sorts by the arrow keys on a handle and by drag and drop, saving the whole order', async () => {
    renderPage();
    await waitFor(() => expect(names()).toEqual(['生活周边', '美味兑换', '烘焙工具']));
    const handles = screen.getAllByTestId('class-sort-handle');
    expect(handles[2]!.getAttribute('aria-label')).toBe('拖动排序：烘焙工具，可用上下方向键移动');
    fireEvent.keyDown(handles[2]!, { key: 'ArrowUp' });
    await waitFor(() => expect(api.updateSort).toHaveBeenCalledWith({ ids: [1, 3, 2] }));
    expect(names()).toEqual(['生活周边', '烘焙工具', '美味兑换']);

    const items = screen.getAllByTestId('class-sort-item');
    fireEvent.dragStart(items[2]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    await waitFor(() => expect(api.updateSort).toHaveBeenLastCalledWith({ ids: [2, 1, 3] }));
  });

  it('has no handles nor class buttons without head office’s rights, and shelves with a stock', async () => {
    useSessionStore.setState({ roles: ['integralClass:shelves'] });
    renderPage();
    const row = (await screen.findByText('蛋黄酥兑换券')).closest('tr')!;
    expect(screen.queryAllByTestId('class-sort-handle')).toHaveLength(0);
    expect(screen.queryByTestId('class-add')).toBeNull();
    expect(screen.queryAllByTestId('class-add-sku')).toHaveLength(0);
    await userEvent.click(within(row).getByTestId('row-action-on'));
    const stock = await screen.findByTestId('shelf-form-stock');
    await userEvent.clear(stock);
    await userEvent.type(stock, '8');
    await userEvent.click(screen.getByTestId('shelf-form-ok'));
    await waitFor(() =>
      expect(api.shelvesState).toHaveBeenCalledWith({
        storeCode: 'S0001',
        skuId: 11,
        onShelf: true,
        stock: 8,
      }),
    );
  });
});
