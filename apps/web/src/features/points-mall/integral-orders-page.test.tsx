import '../../test/dom';
import {
  exportEndpoints,
  integralOrderEndpoints,
  storeAdminEndpoints,
  type IntegralOrderDetail,
  type IntegralOrderRow,
} from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls } from '../../test/fake-calls';
import { renderPage, where } from '../../test/render-page';
import { IntegralOrdersPage, integralOrderFiltersOf } from './integral-orders-page';

const page = vi.fn<(input: unknown) => unknown>();
const detail = vi.fn<(input: unknown) => unknown>();
const stores = vi.fn<(input: unknown) => unknown>();
const exportJob = vi.fn<(input: unknown) => unknown>();
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === exportEndpoints.integralOrders) return exportJob(input);
  if (endpoint === integralOrderEndpoints.page) return page(input);
  if (endpoint === integralOrderEndpoints.detail) return detail(input);
  if (endpoint === storeAdminEndpoints.conditionQuery) return stores(input);
  return Promise.resolve([]);
});

function row(no: string, overrides: Partial<IntegralOrderRow> = {}): IntegralOrderRow {
  return {
    valetOrderNo: no,
    kind: 'integral',
    kindText: '积分商城',
    status: 'pending_confirm',
    statusText: '待确认',
    memberName: '李小满',
    memberPhoneMasked: '139****0001',
    deliveryType: 'pickup',
    deliveryTypeText: '门店自提',
    itemsSummary: '定制帆布袋 ×1',
    goodsCents: 0,
    freightCents: 0,
    payCents: 0,
    points: 800,
    omsOrderNo: '',
    createdByName: '店员小王',
    createdAt: '2026-11-20 10:00:00',
    storeCode: 'MD000001',
    storeName: '国贸店',
    ...overrides,
  };
}
const detailOf = (r: IntegralOrderRow): IntegralOrderDetail => ({
  ...r,
  memberId: 'member-public-id-0001',
  memberNo: 'M0001',
  memberPoints: 5200,
  address: null,
  items: [{ skuCode: 'I2001', name: '定制帆布袋', quantity: 1, unitCents: 0, points: 800 }],
  discountCents: 0,
  trial: {},
  remark: '',
  confirmedAt: '2026-11-20 10:30:00',
  cancelledAt: null,
  cancelReason: '',
  performancePlanOrderNo: 'PP0001',
  planStatus: 'taken',
  planStatusText: '已接单',
  takenStoreName: '国贸店',
});
const lastBody = () => page.mock.lastCall?.[0] as Record<string, unknown>;

beforeEach(() => {
  page.mockResolvedValue({
    list: [
      row('VO0001'),
      row('VO0002', { status: 'confirmed', statusText: '已确认', omsOrderNo: 'OMS0002', payCents: 990 }),
    ],
    total: 2,
    pageNum: 1,
    pageSize: 20,
  });
  stores.mockResolvedValue([
    { id: 1, shopCode: 'MD000001', shopName: '国贸店', status: 'open' },
    { id: 2, shopCode: 'MD000002', shopName: '望京店', status: 'open' },
  ]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('integralOrderFiltersOf', () => {
  it('leaves out the filters that are off and sends a chosen store, status and keyword', () => {
    const base = { store: '', status: 'all', keyword: '', pageNum: 1, pageSize: 20 } as const;
    expect(integralOrderFiltersOf({ ...base } as never)).toEqual({
      storeCode: undefined,
      status: undefined,
      keyword: undefined,
    });
    expect(
      integralOrderFiltersOf({
        ...base,
        store: 'MD000002',
        status: 'cancelled',
        keyword: '13900000001',
      } as never),
    ).toMatchObject({ storeCode: 'MD000002', status: 'cancelled', keyword: '13900000001' });
  });
});

describe('IntegralOrdersPage', { timeout: 60_000 }, () => {
  it('reads the filters from the URL into the call and shows each order with its store and amount', async () => {
    renderPage(
      '/integral-mall/integral-orders?store=MD000001&status=confirmed&keyword=VO&pageSize=50',
      <IntegralOrdersPage />,
    );
    await screen.findByText('VO0002');
    expect(lastBody()).toEqual({
      storeCode: 'MD000001',
      status: 'confirmed',
      keyword: 'VO',
      pageNum: 1,
      pageSize: 50,
    });
    const confirmed = screen.getByText('VO0002').closest('tr')!;
    expect(within(confirmed).getByText('国贸店')).toBeTruthy();
    expect(within(confirmed).getByText('800 积分 + ¥9.90')).toBeTruthy();
  });

  it("exports with the list's filters for a user holding the button, and says where the file will be", async () => {
    useSessionStore.setState({ roles: ['integralOrder:export'] });
    exportJob.mockResolvedValue({ id: 7, status: 'queued', statusText: '排队中' });
    renderPage('/integral-mall/integral-orders?store=MD000002&status=cancelled', <IntegralOrdersPage />);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(exportJob).toHaveBeenCalledWith({ storeCode: 'MD000002', status: 'cancelled' }),
    );
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
  });

  it('shows no export without the button permission', async () => {
    useSessionStore.setState({ roles: [] });
    renderPage('/integral-mall/integral-orders', <IntegralOrdersPage />);
    await screen.findByText('VO0002');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('opens an order in the drawer by its number, and says so when it is outside the scope', async () => {
    detail.mockImplementation((input) => {
      const { valetOrderNo } = input as { valetOrderNo: string };
      if (valetOrderNo === 'VO0002')
        return Promise.resolve(
          detailOf(row('VO0002', { status: 'confirmed', statusText: '已确认', omsOrderNo: 'OMS0002' })),
        );
      return Promise.reject(new ApiError('http', '代客订单不存在', { status: 404 }));
    });
    renderPage('/integral-mall/integral-orders', <IntegralOrdersPage />);
    await userEvent.click(await screen.findByText('VO0002'));
    await waitFor(() => expect(where()).toContain('order=VO0002'));
    const drawer = await screen.findByTestId('integral-order-store');
    expect(drawer.textContent).toContain('国贸店（MD000001）');
    expect(drawer.textContent).toContain('OMS0002');
    expect(drawer.textContent).toContain('已接单');
    expect(detail).toHaveBeenLastCalledWith({ valetOrderNo: 'VO0002' });

    cleanup();
    renderPage('/integral-mall/integral-orders?order=VO9999', <IntegralOrdersPage />);
    expect(await screen.findByText('该积分订单不存在或不在你的数据范围内')).toBeTruthy();
  });
});
