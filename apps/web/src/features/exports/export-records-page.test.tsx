import '../../test/dom';
import { exportEndpoints, type ExportRecord, type ExportRecordPage } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { http, type RequestOptions } from '../../lib/http';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls, byEndpoint, spyNotify, stubMethods } from '../../test/fake-calls';
import { ExportRecordsPage } from './export-records-page';

const api = { records: vi.fn(), again: vi.fn(), download: vi.fn() };
answerCalls(byEndpoint(exportEndpoints, { records: api.records, again: api.again }));
// downloadExport (./exports-api) gets the file through http.get, not call().
stubMethods(http, {
  get: vi.fn((path: string, options?: RequestOptions) => {
    const { storeCode, id } = options?.params ?? {};
    return path === exportEndpoints.download.path
      ? api.download(storeCode, id)
      : Promise.reject(new Error(`unexpected get ${path}`));
  }),
});
// saveBlob (lib/save-blob) saves through an object URL and a click on a link that names the file.
const save = vi.fn();
beforeEach(() => {
  const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href === 'blob:export') save(objectUrl.mock.lastCall?.[0], this.download);
  });
});

// The real notices load antd on first use; a test that ends right after a toast would tear down mid-import.
const notify = spyNotify();

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
