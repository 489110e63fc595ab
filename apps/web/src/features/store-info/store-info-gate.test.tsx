import '../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShopStore } from '../../stores/shop-store';

const api = vi.hoisted(() => ({ infoStatus: vi.fn() }));
vi.mock('./store-info-api', () => ({ storeInfoApi: api }));
vi.mock('./store-info-dialog', () => ({
  StoreInfoDialog: (props: { shopCode: string; onSaved(): void; onCancel?: () => void }) => (
    <div
      data-testid="dialog"
      data-shop={props.shopCode}
      data-dismissible={String(props.onCancel !== undefined)}
    >
      <button type="button" onClick={props.onSaved}>
        saved
      </button>
    </div>
  ),
}));

const { StoreInfoGate } = await import('./store-info-gate');

const CONFIRMED = { infoConfirmed: true, confirmedAt: '2026-01-02T03:04:05.000Z' };

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StoreInfoGate />
    </QueryClientProvider>,
  );
}

beforeEach(() => useShopStore.getState().setShopInfo(null));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('StoreInfoGate', () => {
  it('asks nothing and shows nothing while no store is selected', async () => {
    renderGate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.infoStatus).not.toHaveBeenCalled();
    expect(screen.queryByTestId('dialog')).toBeNull();
  });

  it('opens the confirmation for a stored store whose info is unconfirmed (data null)', async () => {
    useShopStore.getState().setShopInfo({ addressId: 'SD11011401' });
    api.infoStatus.mockResolvedValue(null);
    renderGate();
    const dialog = await screen.findByTestId('dialog');
    expect(dialog.dataset.shop).toBe('SD11011401');
    // The confirmation can only be saved, never dismissed.
    expect(dialog.dataset.dismissible).toBe('false');
    expect(api.infoStatus).toHaveBeenCalledWith('SD11011401');

    await userEvent.click(screen.getByText('saved'));
    expect(screen.queryByTestId('dialog')).toBeNull();
  });

  it('stays closed for a confirmed store and asks again on every store change', async () => {
    useShopStore.getState().setShopInfo({ addressId: 'SD11010501' });
    api.infoStatus.mockImplementation(async (code: string) => (code === 'SD11011501' ? null : CONFIRMED));
    renderGate();
    await waitFor(() => expect(api.infoStatus).toHaveBeenCalledWith('SD11010501'));
    expect(screen.queryByTestId('dialog')).toBeNull();

    act(() => useShopStore.getState().setShopInfo({ addressId: 'SD11011501' }));
    expect((await screen.findByTestId('dialog')).dataset.shop).toBe('SD11011501');

    act(() => useShopStore.getState().setShopInfo({ addressId: 'SD11010501' }));
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    act(() => useShopStore.getState().setShopInfo({ addressId: 'SD11011501' }));
    await screen.findByTestId('dialog');
    expect(api.infoStatus.mock.calls.map(([code]) => code)).toEqual([
      'SD11010501',
      'SD11011501',
      'SD11010501',
      'SD11011501',
    ]);
  });

  it('stays closed when the status call fails', async () => {
    useShopStore.getState().setShopInfo({ addressId: 'SD11011401' });
    api.infoStatus.mockRejectedValue(new Error('网络请求错误'));
    renderGate();
    await waitFor(() => expect(api.infoStatus).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('dialog')).toBeNull();
  });
});
