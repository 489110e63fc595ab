import '../../test/dom';
import { fulfilmentEndpoints, type ReceivedOrderRow, type ReceivedPage } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUrlQuery, writeUrlQuery } from '../../components/list/list-query';
import type { ReceivedQuery } from './received-orders-page';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { ORDER_MENUS } from './test-fixtures';
import { ReceivedOrdersPage, receivedFiltersOf, receivedUrlShape } from './received-orders-page';
import { answerCalls } from '../../test/fake-calls';

const api = { list: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === fulfilmentEndpoints.received ? api.list(input) : Promise.reject(new Error('unexpected call')),
);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(search = '') {
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

/** A row as the list answers it: its fields type-checked, a field added later left out until a test needs it. */
function row(no: number): ReceivedOrderRow {
  return {
    performanceOrderNo: `PO${no}`,
    omsOrderNo: `OMS${no}`,
    performancePlanOrderNo: `PP${no}`,
    channel: 'online',
    status: 'wait_ship',
    statusText: '待发货',
    deliveryType: 'express',
    deliveryTypeText: '快递配送',
    receiverName: '王丽华',
    receiverPhone: '13912345678',
    regionName: '北京市通州区',
    firstItemName: '鲜肉月饼',
    itemCount: 3,
    payCents: 19_560,
    invoiceStatus: 'none',
    takenAt: '2026-11-21T04:52:31.564Z',
  } satisfies Partial<ReceivedOrderRow> as ReceivedOrderRow;
}

const pageOf = (pageNum: number, nextCursor: string | null, total = 45): ReceivedPage => ({
  list: Array.from({ length: Math.min(20, total - (pageNum - 1) * 20) }, (_, i) =>
    row((pageNum - 1) * 20 + i + 1),
  ),
  total,
  totalExact: true,
  pageNum,
  pageSize: 20,
  nextCursor,
});

const lastBody = () => api.list.mock.lastCall?.[0] as Record<string, unknown>;
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  useMenuStore.setState({ menus: ORDER_MENUS });
  useSessionStore.setState({ roles: ['order:ship'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  // As the server: a page read by cursor is not counted (total null).
  api.list.mockImplementation((body: { pageNum: number; cursor?: string | null }) =>
    Promise.resolve({
      ...pageOf(body.pageNum, body.pageNum < 3 ? `cursor-${body.pageNum + 1}` : null),
      ...(body.cursor ? { total: null, totalExact: false } : {}),
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ReceivedOrdersPage', { timeout: 30_000 }, () => {
  it('reads its filters from the URL into the list call', async () => {
    renderPage('?status=shipped&deliveryType=pickup&keyword=OMS1&preset=0&pageNum=2&pageSize=50');
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    const today = dayjs().format('YYYY-MM-DD');
    expect(lastBody()).toEqual({
      storeCode: 'S0001',
      status: 'shipped',
      deliveryType: 'pickup',
      keyword: 'OMS1',
      dateFrom: today,
      dateTo: today,
      pageNum: 2,
      pageSize: 50,
    });
  });

  it('keeps the good filters when one URL value is bad', async () => {
    renderPage('?status=lost&keyword=OMS1&pageSize=999');
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    expect(lastBody()).toMatchObject({ status: 'all', keyword: 'OMS1', pageSize: 20 });
  });

  it('puts a status tab and an Enter in the keyword into the URL, back on page 1', async () => {
    renderPage('?pageNum=2');
    await screen.findByText('OMS21');
    await userEvent.click(within(screen.getByTestId('received-status')).getByText('待发货'));
    await waitFor(() => expect(where()).toBe('/order/received-orders?status=wait_ship'));
    const input = within(screen.getByTestId('received-keyword')).getByRole('searchbox');
    await userEvent.type(input, ' 王丽华 {Enter}');
    await waitFor(() =>
      expect(where()).toBe(`/order/received-orders?status=wait_ship&keyword=${encodeURIComponent('王丽华')}`),
    );
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ status: 'wait_ship', keyword: '王丽华', pageNum: 1 }),
    );
  });

  it('pages forward by the cursor of the page before and keeps the first count', async () => {
    renderPage();
    await screen.findByText('OMS1');
    expect(lastBody()).toMatchObject({ pageNum: 1 });
    expect(lastBody()).not.toHaveProperty('cursor');
    expect(screen.getByTestId('received-total').textContent).toBe('共 45 条');
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('OMS21');
    expect(where()).toBe('/order/received-orders?pageNum=2');
    expect(lastBody()).toMatchObject({ pageNum: 2, cursor: 'cursor-2' });
    // The uncounted keyset page keeps the first page's count: all 3 pages stay in the pager.
    expect(screen.getByTestId('received-total').textContent).toBe('共 45 条');
    await userEvent.click(screen.getByTitle('3'));
    await screen.findByText('OMS41');
    expect(lastBody()).toMatchObject({ pageNum: 3, cursor: 'cursor-3' });
  });

  it('shows the count with one page, and N+ when the server stopped counting', async () => {
    api.list.mockResolvedValueOnce(pageOf(1, null, 3));
    renderPage();
    await screen.findByText('OMS3');
    expect(screen.getByTestId('received-total').textContent).toBe('共 3 条');
    cleanup();
    api.list.mockResolvedValueOnce({ ...pageOf(1, 'c2', 10_000), totalExact: false });
    renderPage('?status=shipped');
    await screen.findByText('OMS1');
    expect(screen.getByTestId('received-total').textContent).toBe('共 10000+ 条');
  });

  it("makes the customer's order number a real link to the detail, the performance number under it", async () => {
    renderPage();
    const link = (await screen.findByText('OMS1')).closest('a');
    expect(link?.parentElement?.textContent).toContain('履约单号 PO1');
    expect(link?.getAttribute('href')).toBe(
      '/order/received-order-detail?omsOrderNo=OMS1&performanceOrderNo=PO1',
    );
    link?.focus();
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/order/received-order-detail?omsOrderNo=OMS1&performanceOrderNo=PO1');
  });

  it('tells an empty list from no result, and resets the filters', async () => {
    api.list.mockResolvedValue(pageOf(1, null, 0));
    renderPage();
    expect((await screen.findByTestId('received-empty')).textContent).toContain('暂无已接订单');
    cleanup();
    renderPage('?keyword=nobody&status=shipped');
    await userEvent.click(within(await screen.findByTestId('received-no-result')).getByText('重置筛选'));
    await waitFor(() => expect(where()).toBe('/order/received-orders'));
  });

  it('says why the list failed and retries', async () => {
    api.list.mockRejectedValueOnce(new Error('boom'));
    renderPage();
    const error = await screen.findByTestId('received-error');
    await userEvent.click(within(error).getByRole('button'));
    await screen.findByText('OMS1');
    expect(screen.queryByTestId('received-error')).toBeNull();
  });
});

const parse = (search: string) => readUrlQuery(receivedUrlShape, new URLSearchParams(search));
/** The plain list's query; a filter added later is absent (undefined) here as in a plain URL. */
const ALL = {
  status: 'all',
  deliveryType: undefined,
  keyword: '',
  preset: undefined,
  from: undefined,
  to: undefined,
  pageNum: 1,
  pageSize: 20,
} satisfies Partial<ReceivedQuery> as ReceivedQuery;

describe('receivedUrlShape', () => {
  it('reads every filter', () => {
    expect(
      parse('status=shipped&deliveryType=express&keyword=%20OMS1%20&preset=9&pageNum=3&pageSize=50'),
    ).toEqual({
      ...ALL,
      status: 'shipped',
      deliveryType: 'express',
      keyword: 'OMS1',
      preset: 9,
      pageNum: 3,
      pageSize: 50,
    });
    expect(parse('from=2026-11-01&to=2026-11-15')).toMatchObject({ from: '2026-11-01', to: '2026-11-15' });
  });

  it('falls back to the default of each unreadable parameter alone', () => {
    expect(parse('')).toEqual(ALL);
    expect(parse('status=lost&deliveryType=drone&preset=11&pageNum=0&pageSize=1000')).toEqual(ALL);
    expect(parse('status=lost&keyword=OMS1').keyword).toBe('OMS1');
    expect(parse('preset=&pageNum=1.5').pageNum).toBe(1);
    expect(parse('from=2026-02-30&to=2026-03-01').from).toBeUndefined();
  });

  it('caps the keyword length', () => {
    expect(parse(`keyword=${'x'.repeat(80)}`).keyword).toHaveLength(50);
  });

  it('round-trips and leaves defaults out', () => {
    const query = parse('status=wait_ship&keyword=王&from=2026-11-01&to=2026-11-02&pageNum=2');
    expect(writeUrlQuery(receivedUrlShape, query)).toEqual({
      status: 'wait_ship',
      keyword: '王',
      from: '2026-11-01',
      to: '2026-11-02',
      pageNum: '2',
    });
    expect(writeUrlQuery(receivedUrlShape, ALL)).toEqual({});
  });
});

describe('receivedFiltersOf', () => {
  it('names the filters as the contract does, a preset resolved at now', () => {
    const now = new Date('2026-11-21T10:00:00+08:00');
    expect(receivedFiltersOf('S0001', { ...ALL, preset: 0 }, now)).toEqual({
      storeCode: 'S0001',
      status: 'all',
      deliveryType: null,
      keyword: null,
      dateFrom: '2026-11-21',
      dateTo: '2026-11-21',
    });
    expect(
      receivedFiltersOf('S0001', { ...ALL, from: '2026-11-15', to: '2026-11-01' }, now),
    ).not.toHaveProperty('dateFrom');
  });
});
