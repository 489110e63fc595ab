import '../../test/dom';
import { dictEndpoints, type DictItemRow, type DictTypeRow } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { DictPage } from './dict-page';
import { answerCalls } from '../../test/fake-calls';

const api = {
  types: vi.fn(),
  items: vi.fn(),
  createItem: vi.fn(),
  setItemEnabled: vi.fn(),
  deleteItem: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(dictEndpoints).find(([, known]) => known === endpoint)?.[0];
  const fn = name ? api[name as keyof typeof api] : undefined;
  return fn ? fn(input) : Promise.reject(new Error(`unexpected call ${name}`));
});

const type = (overrides: Partial<DictTypeRow> = {}): DictTypeRow => ({
  id: 3,
  code: 'cancel_reason',
  name: '取消原因',
  description: '',
  sort: 10,
  enabled: true,
  builtin: true,
  itemCount: 2,
  updatedAt: '2026-11-21T00:00:00.000Z',
  ...overrides,
});
const item = (overrides: Partial<DictItemRow> = {}): DictItemRow => ({
  id: 31,
  typeId: 3,
  label: '顾客要求取消',
  value: 'customer_request',
  sort: 10,
  enabled: true,
  builtin: true,
  updatedAt: '2026-11-21T00:00:00.000Z',
  ...overrides,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/system/dict${search}`]}>
        <DictPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSessionStore.setState({ roles: ['dict:add', 'dict:edit', 'dict:del'] });
  api.types.mockResolvedValue({
    list: [type(), type({ id: 4, code: 'my_tags', name: '我的标签', builtin: false, itemCount: 0 })],
    total: 2,
    pageNum: 1,
    pageSize: 10,
  });
  api.items.mockResolvedValue({
    list: [item(), item({ id: 32, label: '自定义原因', value: 'mine', builtin: false, enabled: false })],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DictPage', { timeout: 60_000 }, () => {
  it('asks for a dictionary first, searches by keyword, and shows the chosen one’s items from the URL', async () => {
    renderPage();
    expect(await screen.findByText('在左侧选择一个字典，查看和维护它的字典项')).toBeTruthy();
    await userEvent.type(screen.getByTestId('dict-types-keyword').querySelector('input')!, '原因{Enter}');
    await waitFor(() =>
      expect(api.types).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '原因' })),
    );

    cleanup();
    renderPage('?type=3');
    const panel = await screen.findByTestId('dict-items-panel');
    expect(await within(panel).findByText('自定义原因', {}, { timeout: 8000 })).toBeTruthy();
    expect(api.items).toHaveBeenCalledWith({ typeId: 3 });
    // A built-in item cannot be deleted; a custom one can; a disabled one offers 启用.
    const rows = within(panel).getAllByRole('row');
    expect(within(rows[1]!).queryByTestId('row-action-delete')).toBeNull();
    expect(within(rows[2]!).getByTestId('row-action-delete')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('row-action-enable')).toBeTruthy();
  });

  it('adds an item and shows a duplicate refusal inside the dialog', async () => {
    api.createItem.mockRejectedValueOnce(
      new ApiError('http', '字典「取消原因」中已有值为「mine」的字典项', { status: 409 }),
    );
    renderPage('?type=3');
    await userEvent.click(await screen.findByTestId('dict-item-add'));
    await userEvent.type(screen.getByTestId('dict-item-label'), ' 门店闭店 ');
    await userEvent.type(screen.getByTestId('dict-item-value'), 'mine');
    await userEvent.click(screen.getByTestId('dict-item-dialog-ok'));
    expect((await screen.findByTestId('dict-item-dialog')).textContent).toContain('已有值为「mine」');

    api.createItem.mockResolvedValueOnce(item({ id: 40, label: '门店闭店', value: 'store_closed' }));
    await userEvent.clear(screen.getByTestId('dict-item-value'));
    await userEvent.type(screen.getByTestId('dict-item-value'), 'store_closed{Enter}');
    await waitFor(() =>
      expect(api.createItem).toHaveBeenLastCalledWith({
        typeId: 3,
        label: '门店闭店',
        value: 'store_closed',
        sort: 0,
        enabled: true,
      }),
    );
  });

  it('asks before disabling an item', async () => {
    api.setItemEnabled.mockResolvedValue(item({ enabled: false }));
    renderPage('?type=3');
    const panel = await screen.findByTestId('dict-items-panel');
    await userEvent.click(await within(panel).findByTestId('row-action-disable', {}, { timeout: 8000 }));
    expect(api.setItemEnabled).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.setItemEnabled).toHaveBeenCalledWith({ id: 31, enabled: false }));
  });

  it('offers no changes without the buttons', async () => {
    useSessionStore.setState({ roles: [] });
    renderPage('?type=3');
    const panel = await screen.findByTestId('dict-items-panel');
    await within(panel).findByText('自定义原因', {}, { timeout: 8000 });
    expect(screen.queryByTestId('dict-item-add')).toBeNull();
    expect(screen.queryByTestId('dict-type-add')).toBeNull();
    expect(within(panel).queryByTestId('row-action-disable')).toBeNull();
  });
});
