import '../../test/dom';
import { exportEndpoints, type ExportRecord, type ExportRecordPage } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';

const api = vi.hoisted(() => ({ records: vi.fn(), again: vi.fn(), download: vi.fn() }));
vi.mock('../../lib/http', async (original) => ({
  ...(await original<object>()),
  call: (endpoint: unknown, input: unknown) =>
    endpoint === exportEndpoints.records
      ? api.records(input)
      : endpoint === exportEndpoints.again
        ? api.again(input)
        : Promise.reject(new Error('unexpected call')),
}));
vi.mock('./exports-api', async (original) => ({
  ...(await original<object>()),
  downloadExport: api.download,
}));
const save = vi.hoisted(() => vi.fn());
vi.mock('../../lib/save-blob', () => ({ saveBlob: save }));

// The real notices load antd on first use; a test that ends right after a toast would tear down mid-import.
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), confirm: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const { ExportRecordsPage } = await import('./export-records-page');

function record(overrides: Partial<ExportRecord> = {}): ExportRecord {
  return {
    id: 1,
    kind: 'received-orders',
    kindText: '已接订单',
    status: 'done',
    statusText: '已完成',
    progress: 100,
    rowCount: 12,
    fileName: '已接订单-20261121.xlsx',
    error: '',
    createdByName: '周一鸣',
    createdAt: '2026-11-21T02:00:00.000Z',
    finishedAt: '2026-11-21T02:00:03.000Z',
    ...overrides,
  };
}

const pageOf = (list: ExportRecord[]): ExportRecordPage => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/export-records${search}`]}>
        <ExportRecordsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['export:again'] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ExportRecordsPage', { timeout: 30_000 }, () => {
  it('re-reads a running job until it is done, then downloads its file', async () => {
    api.records
      .mockResolvedValueOnce(
        pageOf([record({ status: 'running', statusText: '导出中', progress: 40, finishedAt: null })]),
      )
      .mockResolvedValue(pageOf([record()]));
    api.download.mockResolvedValue(new Blob(['xlsx']));
    renderPage();
    expect(await screen.findByText('导出中')).toBeTruthy();
    expect(screen.getByTestId('export-polling')).toBeTruthy();
    expect(screen.queryByTestId('row-action-download')).toBeNull();
    expect(screen.queryByTestId('row-action-again')).toBeNull();

    expect(await screen.findByText('已完成', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.records).toHaveBeenCalledWith({ storeCode: 'S0001', pageNum: 1, pageSize: 10 });
    expect(screen.queryByTestId('export-polling')).toBeNull();

    await userEvent.click(screen.getByTestId('row-action-download'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), '已接订单-20261121.xlsx'));
    expect(api.download).toHaveBeenCalledWith('S0001', 1);
    const calls = api.records.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.records.mock.calls.length).toBe(calls);
  });

  it('exports a failed job again with export:again, and hides the button without it', async () => {
    api.records.mockResolvedValue(
      pageOf([record({ status: 'failed', statusText: '导出失败', error: '超过10万行，请缩小筛选范围' })]),
    );
    api.again.mockResolvedValue({ id: 2, status: 'queued', statusText: '排队中' });
    renderPage();
    const row = (await screen.findByText('导出失败')).closest('tr') as HTMLElement;
    expect(within(row).getByText('超过10万行，请缩小筛选范围')).toBeTruthy();
    expect(within(row).queryByTestId('row-action-download')).toBeNull();
    await userEvent.click(within(row).getByTestId('row-action-again'));
    await waitFor(() => expect(api.again).toHaveBeenCalledWith({ storeCode: 'S0001', id: 1 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledTimes(1));

    cleanup();
    useSessionStore.setState({ roles: ['order:export'] });
    renderPage();
    await screen.findByText('导出失败');
    expect(screen.queryByTestId('row-action-again')).toBeNull();
  });

  it('reads the page and page size from the URL, says 共 N 条, and goes back to page 1 after 重新导出', async () => {
    api.records.mockResolvedValue({ ...pageOf([record()]), total: 35, pageNum: 2, pageSize: 20 });
    api.again.mockResolvedValue({ id: 2, status: 'queued', statusText: '排队中' });
    renderPage('?pageNum=2&pageSize=20');
    expect((await screen.findByTestId('export-total')).textContent).toBe('共 35 条');
    expect(api.records).toHaveBeenCalledWith({ storeCode: 'S0001', pageNum: 2, pageSize: 20 });
    await userEvent.click(screen.getByTestId('row-action-again'));
    await waitFor(() =>
      expect(api.records).toHaveBeenLastCalledWith({ storeCode: 'S0001', pageNum: 1, pageSize: 20 }),
    );
  });
});
