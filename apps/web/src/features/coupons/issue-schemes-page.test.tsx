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

const api = { platformPageList: vi.fn(), showOrHide: vi.fn(), delete: vi.fn() };
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

  it('offers 删除 only where the server allows it, and no 新增 without the right', async () => {
    api.platformPageList.mockResolvedValue(pageOf([scheme({ actions: { edit: true, delete: false } })]));
    renderPage();
    const row = (await screen.findByText('新会员礼包')).closest('tr')!;
    expect(within(row).queryByTestId('row-action-delete')).toBeNull();
    expect(screen.queryByTestId('scheme-add')).toBeNull();
  });
});
