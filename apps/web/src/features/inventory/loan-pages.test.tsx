import '../../test/dom';
import {
  exportEndpoints,
  inventoryEndpoints,
  loanEndpoints,
  type LoanDetail,
  type LoanPage,
  type LoanRow,
} from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { renderPage } from '../../test/render-page';
import { LoanDetailPage, LoanListPage } from './loan-pages';

const api = {
  list: vi.fn(),
  detail: vi.fn(),
  apply: vi.fn(),
  lend: vi.fn(),
  stock: vi.fn(),
  export: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === loanEndpoints.list) return api.list(input);
  if (endpoint === loanEndpoints.detail) return api.detail(input);
  if (endpoint === loanEndpoints.apply) return api.apply(input);
  if (endpoint === loanEndpoints.lend) return api.lend(input);
  if (endpoint === inventoryEndpoints.stockList) return api.stock(input);
  if (endpoint === exportEndpoints.loans) return api.export(input);
  return Promise.reject(new Error('unexpected call'));
});

function loan(id: number, status: LoanRow['status'], statusText: string, overdue = false): LoanRow {
  return {
    id,
    loanNo: `LN2026112100000000000${id}`,
    status,
    statusText,
    overdue,
    side: 'in',
    borrowerStoreCode: 'S0001',
    borrowerStoreName: '朝阳门店',
    lenderStoreCode: 'S0002',
    lenderStoreName: '海淀门店',
    dueDate: '2026-11-30',
    lineCount: 1,
    totalQuantity: 3,
    requestedByName: '王丽',
    createdAt: '2026-11-21T04:52:31.564Z',
    updatedAt: '2026-11-21T04:52:31.564Z',
  };
}
const detailOf = (row: LoanRow, actions: LoanDetail['actions']): LoanDetail => ({
  ...row,
  remark: '',
  closeReason: '',
  lines: [{ id: 1, skuId: 7, skuCode: 'R1001', skuName: '鲜肉月饼', spec: '6枚', quantity: 3, batches: '' }],
  timeline: [
    { at: '2026-11-21T04:52:31.564Z', action: 'apply', actionText: '申请借货', userName: '王丽', note: '' },
  ],
  actions,
});

const renderAt = (url: string, Page: () => React.ReactNode) => renderPage(url, <Page />);

beforeEach(() => {
  useMenuStore.setState({
    menus: [
      menuNode('Stock', '/stock', [
        menuNode('DailySecondment', 'daily-secondment'),
        menuNode('DailySecondmentDetail', 'daily-secondment-detail'),
      ]),
    ],
  });
  useSessionStore.setState({ roles: ['borrow:apply', 'borrow:lend', 'borrow:return'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.list.mockResolvedValue({
    list: [loan(1, 'lent', '已借出', true), loan(2, 'pending_review', '待审核')],
    total: 2,
    pageNum: 1,
    pageSize: 20,
  } satisfies LoanPage);
  api.stock.mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 50 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('借货管理', { timeout: 30_000 }, () => {
  it('lists loans with 已逾期 beside the state, the total, and a link to the detail', async () => {
    renderAt('/stock/daily-secondment', LoanListPage);
    expect(await screen.findByText('LN20261121000000000001')).toBeTruthy();
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ storeCode: 'S0001', status: 'all', side: 'all' });
    expect(screen.getAllByTestId('loan-overdue')).toHaveLength(1);
    expect(screen.getByText('共 2 条')).toBeTruthy();
    const link = screen.getByText('LN20261121000000000001').closest('a')!;
    expect(link.getAttribute('href')).toBe('/stock/daily-secondment-detail?id=1');
  });

  it('filters by 已逾期 and by side from the URL', async () => {
    renderAt('/stock/daily-secondment?status=overdue&side=out', LoanListPage);
    await waitFor(() =>
      expect(api.list.mock.lastCall?.[0]).toMatchObject({ status: 'overdue', side: 'out' }),
    );
  });

  it('queues the export with the list filters, for holders of borrow:export only', async () => {
    renderAt('/stock/daily-secondment?status=overdue&side=in&keyword=LN1', LoanListPage);
    expect(await screen.findByText('LN20261121000000000001')).toBeTruthy();
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();
    useSessionStore.setState({ roles: ['borrow:apply', 'borrow:export'] });
    api.export.mockResolvedValue({ id: 3, status: 'queued', statusText: '排队中' });
    renderAt('/stock/daily-secondment?status=overdue&side=in&keyword=LN1', LoanListPage);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(api.export).toHaveBeenCalledWith(
        expect.objectContaining({ storeCode: 'S0001', status: 'overdue', side: 'in', keyword: 'LN1' }),
      ),
    );
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
  });

  it('the apply dialog asks for the lending store, the due date and the goods', async () => {
    renderAt('/stock/daily-secondment', LoanListPage);
    await userEvent.click(await screen.findByTestId('loans-add'));
    const dialog = await screen.findByTestId('loan-apply-dialog');
    expect(dialog.textContent).toContain('借出门店编码');
    expect(dialog.textContent).toContain('归还日期');
    await userEvent.click(screen.getByTestId('loan-apply-dialog-ok'));
    expect(await screen.findByText('请输入借出门店编码')).toBeTruthy();
    expect(screen.getByText('请选择归还日期')).toBeTruthy();
    expect(api.apply).not.toHaveBeenCalled();
  });

  it("the detail offers the server's actions only, and lends after the confirmation", async () => {
    const approved = { ...loan(3, 'approved', '待借出'), side: 'out' as const };
    api.detail.mockResolvedValue(detailOf(approved, ['lend', 'cancel']));
    const lent = detailOf({ ...approved, status: 'lent', statusText: '已借出' }, []);
    api.lend.mockResolvedValue(lent);
    renderAt('/stock/daily-secondment-detail?id=3', LoanDetailPage);
    const lend = await screen.findByRole('button', { name: '借 出' });
    expect(screen.queryByRole('button', { name: '归 还' })).toBeNull();
    expect(screen.getByRole('button', { name: '取消借货' })).toBeTruthy();
    await userEvent.click(lend);
    const dialog = await screen.findByTestId('loan-confirm-dialog');
    expect(dialog.textContent).toContain('按效期先出');
    api.detail.mockResolvedValue(lent);
    await userEvent.click(screen.getByTestId('loan-confirm-dialog-ok'));
    await waitFor(() => expect(api.lend).toHaveBeenCalledWith({ storeCode: 'S0001', id: 3 }));
    await waitFor(() =>
      expect(within(screen.getByTestId('loan-detail-status')).getByText('已借出')).toBeTruthy(),
    );
  });
});
