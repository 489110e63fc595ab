import '../../test/dom';
import { cancelCheckEndpoints, type CancelCheckDetail, type CancelCheckPage } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { CancelCheckHelpPage } from './cancel-check-help-page';
import { answerCalls } from '../../test/fake-calls';

const api = {
  queryShopAuth: vi.fn(),
  pageQuery: vi.fn(),
  detail: vi.fn(),
  add: vi.fn(),
  setState: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(cancelCheckEndpoints).find(([, known]) => known === endpoint)?.[0];
  return name ? api[name as keyof typeof api](input) : Promise.reject(new Error('unexpected call'));
});

function check(overrides: Partial<CancelCheckDetail> = {}): CancelCheckDetail {
  return {
    id: 7,
    checkNo: 'CC20261121000007',
    performanceOrderNo: 'PF20261121000001',
    omsOrderNo: 'OMS20261121000001',
    orderStatus: 'wait_ship',
    orderStatusText: '待发货',
    reason: '顾客电话要求取消',
    state: 'pending',
    stateText: '待处理',
    requestedByName: '周一鸣',
    createdAt: '2026-11-21 10:00:00',
    decidedByName: null,
    decidedAt: null,
    decisionRemark: '',
    deliveryTypeText: '快递配送',
    receiverName: '王丽华',
    receiverPhone: '13912345678',
    itemsSummary: '鲜肉月饼×2',
    payCents: 10_600,
    takenAt: '2026-11-21 09:55:00',
    canDecide: false,
    ...overrides,
  };
}

const pageOf = (rows: CancelCheckDetail[]): CancelCheckPage => ({
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
      <MemoryRouter initialEntries={[`/order/cancel-check-help${search}`]}>
        <CancelCheckHelpPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['cancelCheck:add'] });
  api.queryShopAuth.mockResolvedValue({ canAdd: true, canDecide: false });
  api.pageQuery.mockResolvedValue(pageOf([]));
  api.detail.mockResolvedValue(check());
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CancelCheckHelpPage', { timeout: 30_000 }, () => {
  it('adds a check, then opens it in the drawer with its id in the URL', async () => {
    api.add.mockResolvedValue(check());
    renderPage('?state=approved');
    await waitFor(() =>
      expect(api.pageQuery).toHaveBeenCalledWith(expect.objectContaining({ state: 'approved' })),
    );
    await userEvent.click(await screen.findByTestId('add-check'));
    await userEvent.type(screen.getByTestId('add-check-order'), ' PF20261121000001 ');
    await userEvent.type(screen.getByTestId('add-check-reason'), '顾客电话要求取消');
    await userEvent.click(screen.getByTestId('add-check-dialog-ok'));
    await waitFor(() =>
      expect(api.add).toHaveBeenCalledWith({
        storeCode: 'S0001',
        performanceOrderNo: 'PF20261121000001',
        reason: '顾客电话要求取消',
      }),
    );
    await waitFor(() => expect(where()).toBe('/order/cancel-check-help?id=7'));
    const drawer = await screen.findByTestId('check-drawer');
    expect(await within(drawer).findByText('CC20261121000007')).toBeTruthy();
    expect(within(drawer).queryByTestId('check-approve')).toBeNull();
  });

  it('shows the refusal of a check for an order that cannot be checked inside the dialog', async () => {
    api.add.mockRejectedValue(new ApiError('http', '该订单已有待处理的核查', { status: 409 }));
    renderPage();
    await userEvent.click(await screen.findByTestId('add-check'));
    await userEvent.type(screen.getByTestId('add-check-order'), 'PF1');
    await userEvent.type(screen.getByTestId('add-check-reason'), '重复');
    await userEvent.click(screen.getByTestId('add-check-dialog-ok'));
    expect((await screen.findByTestId('add-check-dialog-error')).textContent).toContain(
      '该订单已有待处理的核查',
    );
  });

  it('has no 新增核查 without the right', async () => {
    api.queryShopAuth.mockResolvedValue({ canAdd: false, canDecide: false });
    renderPage();
    await waitFor(() => expect(api.queryShopAuth).toHaveBeenCalled());
    await waitFor(() => expect(api.pageQuery).toHaveBeenCalled());
    expect(screen.queryByTestId('add-check')).toBeNull();
  });

  it('rejects a check only with a remark, after the confirmation dialog', async () => {
    useSessionStore.setState({ roles: ['cancelCheck:setState'] });
    api.pageQuery.mockResolvedValue(pageOf([check()]));
    api.detail.mockResolvedValue(check({ canDecide: true }));
    api.setState.mockResolvedValue(check({ state: 'rejected', stateText: '已驳回' }));
    renderPage();
    await userEvent.click(await screen.findByText('CC20261121000007'));
    await waitFor(() => expect(where()).toBe('/order/cancel-check-help?id=7'));
    await userEvent.click(await screen.findByTestId('check-reject'));
    expect(await screen.findByText('确认驳回核查')).toBeTruthy();
    await userEvent.click(screen.getByTestId('decide-dialog-ok'));
    expect(await screen.findByText('驳回需填写处理意见')).toBeTruthy();
    expect(api.setState).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('decide-remark'), '已发货，无法取消');
    await userEvent.click(screen.getByTestId('decide-dialog-ok'));
    await waitFor(() =>
      expect(api.setState).toHaveBeenCalledWith({
        storeCode: 'S0001',
        id: 7,
        state: 'rejected',
        remark: '已发货，无法取消',
      }),
    );
  });

  it('offers 通过 / 驳回 on pending rows to those who may decide, and keeps the page when opening a check', async () => {
    useSessionStore.setState({ roles: ['cancelCheck:setState'] });
    api.pageQuery.mockResolvedValue({
      ...pageOf([check(), check({ id: 8, checkNo: 'CC8', state: 'approved', stateText: '已同意取消' })]),
      total: 45,
    });
    api.setState.mockResolvedValue(check({ state: 'approved', stateText: '已同意取消' }));
    renderPage('?pageNum=2');
    const table = await screen.findByTestId('check-table');
    await within(table).findByText('CC8');
    expect(within(table).getAllByTestId('row-action-approve')).toHaveLength(1);
    expect(screen.getByTestId('check-total').textContent).toBe('共 45 条');
    await userEvent.click(within(table).getByTestId('row-action-approve'));
    expect(await screen.findByText('确认通过核查')).toBeTruthy();
    await userEvent.click(screen.getByTestId('decide-dialog-ok'));
    await waitFor(() =>
      expect(api.setState).toHaveBeenCalledWith({ storeCode: 'S0001', id: 7, state: 'approved', remark: '' }),
    );
    await userEvent.click(within(table).getByText('CC8'));
    await waitFor(() => expect(where()).toBe('/order/cancel-check-help?pageNum=2&id=8'));
  });

  it('has no 通过 / 驳回 without the permission', async () => {
    api.pageQuery.mockResolvedValue(pageOf([check()]));
    renderPage();
    await screen.findByText('CC20261121000007');
    expect(screen.queryByTestId('row-action-approve')).toBeNull();
  });
});
