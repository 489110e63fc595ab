import '../../test/dom';
import { issueSchemeEndpoints, type IssueSchemeRow, type Page } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls } from '../../test/fake-calls';
import { IssueSchemesPage } from './issue-schemes-page';

const api = {
  platformPageList: vi.fn(),
  showOrHide: vi.fn(),
  delete: vi.fn(),
  detail: vi.fn(),
  update: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(issueSchemeEndpoints).find(([, known]) => known === endpoint)?.[0];
  return name && name in api ? api[name as keyof typeof api](input) : Promise.reject(new Error('unexpected'));
});

const scheme = (overrides: Partial<IssueSchemeRow> = {}): IssueSchemeRow => ({
  id: 3,
  schemeNo: 'IS20261121000003',
  name: '新会员礼包',
  channels: ['store_counter'],
  channelsText: '门店发放',
  quantity: 100,
  issuedCount: 0,
  perMemberLimit: 1,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  state: 'not_started',
  stateText: '未开始',
  visible: true,
  audience: 'all',
  audienceText: '全部会员',
  minLevel: 0,
  storeScope: 'all',
  updatedAt: '2026-11-21 10:00:00',
  actions: { edit: true, delete: true },
  ...overrides,
});
const pageOf = (rows: IssueSchemeRow[]): Page<IssueSchemeRow> => ({
  list: rows,
  total: rows.length,
  pageNum: 1,
  pageSize: 20,
});

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/marketing/issue-schemes${search}`]}>
        <IssueSchemesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSessionStore.setState({ roles: ['issueScheme:showOrHide', 'issueScheme:delete'] });
  api.platformPageList.mockResolvedValue(pageOf([scheme()]));
  api.showOrHide.mockResolvedValue(scheme({ visible: false }));
  api.delete.mockResolvedValue({ id: 3 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('IssueSchemesPage', { timeout: 30_000 }, () => {
  it('lists by the URL’s state and hides a scheme', async () => {
    renderPage('?state=not_started');
    await waitFor(() =>
      expect(api.platformPageList).toHaveBeenCalledWith(expect.objectContaining({ state: 'not_started' })),
    );
    const row = (await screen.findByText('新会员礼包')).closest('tr')!;
    expect(within(row).getByText('0 / 100')).toBeTruthy();
    expect(within(row).queryByTestId('row-action-show')).toBeNull();
    await userEvent.click(within(row).getByTestId('row-action-hide'));
    await waitFor(() => expect(api.showOrHide).toHaveBeenCalledWith({ id: 3, visible: false }));
  });

  it('edits a scheme from its detail and sends back what the form does not show', async () => {
    useSessionStore.setState({ roles: ['issueScheme:edit'] });
    const detail = {
      ...scheme({ storeScope: 'listed', audience: 'min_level', minLevel: 2 }),
      coupons: [
        { couponId: 4, name: '满100减20', valueText: '满100减20', count: 1 },
        { couponId: 6, name: '9折券', valueText: '9折', count: 2 },
      ],
      storeCodes: ['SD0001'],
      remark: '年终回馈',
      memberCount: 0,
    };
    api.detail.mockResolvedValue(detail);
    api.update.mockResolvedValue(detail);
    renderPage();
    const row = (await screen.findByText('新会员礼包')).closest('tr')!;
    await userEvent.click(within(row).getByTestId('row-action-edit'));
    await waitFor(() => expect(api.detail).toHaveBeenCalledWith({ id: 3 }));
    const name = await screen.findByTestId('scheme-form-name');
    expect((name as HTMLInputElement).value).toBe('新会员礼包');
    await userEvent.clear(name);
    await userEvent.type(name, '会员年终礼包');
    await userEvent.click(screen.getByTestId('scheme-form-ok'));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith({
        id: 3,
        name: '会员年终礼包',
        channels: ['store_counter'],
        coupons: [
          { couponId: 4, count: 1 },
          { couponId: 6, count: 2 },
        ],
        quantity: 100,
        perMemberLimit: 1,
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        audience: 'min_level',
        minLevel: 2,
        storeScope: 'listed',
        storeCodes: ['SD0001'],
        remark: '年终回馈',
      }),
    );
  });

  it('offers 删除 only where the server allows it, and no 新增 without the right', async () => {
    api.platformPageList.mockResolvedValue(pageOf([scheme({ actions: { edit: true, delete: false } })]));
    renderPage();
    const row = (await screen.findByText('新会员礼包')).closest('tr')!;
    expect(within(row).queryByTestId('row-action-delete')).toBeNull();
    expect(screen.queryByTestId('scheme-add')).toBeNull();
  });
});
