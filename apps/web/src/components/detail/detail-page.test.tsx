import '../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { useTagsStore } from '../../stores/tags-store';
import { DetailPage, DetailState, useDetailQuery } from './detail-page';

type Thing = { no: string; canClose: boolean };
const load = vi.fn<(no: string) => Promise<Thing>>();

function ThingPage({ onClose }: { onClose(): void }) {
  const no = new URLSearchParams(window.location.search).get('no');
  const detail = useDetailQuery({ key: ['thing'], recordKey: no ?? 'T1', load: (key) => load(key) });
  return (
    <DetailPage
      title="事项详情"
      testId="thing-page"
      detail={detail}
      recordNo={(thing) => thing.no}
      backTo="/things?status=open"
      onRefresh={() => void detail.refetch()}
      actions={(thing) => [
        {
          key: 'close',
          label: '关闭',
          allowed: thing.canClose,
          onClick: onClose,
          permission: ['thing:close'],
        },
        { key: 'edit', label: '编辑', allowed: true, onClick: onClose, permission: ['thing:edit'] },
      ]}
    >
      {(thing) => <p>内容 {thing.no}</p>}
    </DetailPage>
  );
}

function renderPage(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/things/detail?no=T1']}>
        <Routes>
          <Route path="/things/detail" element={<ThingPage onClose={onClose} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['thing:close'] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DetailPage', { timeout: 30_000 }, () => {
  it('asks for a store first', () => {
    useShopStore.setState({ shopInfo: null });
    renderPage();
    expect(screen.getByText('请先选择门店')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the record, the permitted and allowed actions, back with filters, and names the tab', async () => {
    load.mockResolvedValue({ no: 'T1', canClose: true });
    const onClose = vi.fn();
    renderPage(onClose);
    expect(await screen.findByText('内容 T1')).toBeTruthy();
    const bar = screen.getByTestId('detail-actions');
    expect(within(bar).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('detail-action-close'));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('detail-back').getAttribute('href')).toBe('/things?status=open');
    await waitFor(() =>
      expect(useTagsStore.getState().viewTitles['/things/detail?no=T1']).toBe('事项详情 T1'),
    );
  });

  it('says not found, and retries a failure', async () => {
    load.mockRejectedValueOnce(new ApiError('http', '订单不存在', { status: 404 }));
    renderPage();
    expect(await screen.findByText('订单不存在')).toBeTruthy();
    load.mockResolvedValue({ no: 'T1', canClose: false });
    await userEvent.click(screen.getByText(/重\s?试/));
    expect(await screen.findByText('内容 T1')).toBeTruthy();
    expect(screen.queryByTestId('detail-actions')).toBeNull();
  });

  it('draws the same states for a record outside a detail page (a drawer), without naming the tab', async () => {
    function Drawn({ no }: { no: string | null }) {
      const detail = useDetailQuery({ key: ['thing-drawn'], recordKey: no, load: (key) => load(key) });
      return <DetailState detail={detail}>{(thing) => <p>抽屉 {thing.no}</p>}</DetailState>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = (no: string | null) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/things']}>
          <Drawn no={no} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(view(null));
    expect(screen.getByText('缺少记录编号')).toBeTruthy();
    load.mockRejectedValueOnce(new ApiError('http', '核查不存在', { status: 404 }));
    rerender(view('T2'));
    expect(await screen.findByText('核查不存在')).toBeTruthy();
    load.mockResolvedValue({ no: 'T2', canClose: false });
    await userEvent.click(screen.getByText(/重\s?试/));
    expect(await screen.findByText('抽屉 T2')).toBeTruthy();
    expect(useTagsStore.getState().viewTitles['/things']).toBeUndefined();
  });
});
