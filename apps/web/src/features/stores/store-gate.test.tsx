import '../../test/dom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShopStore } from '../../stores/shop-store';
import { storeEvents } from '../../lib/events/store-events';
import { needsStore, StoreGate } from './store-gate';

afterEach(() => {
  cleanup();
  useShopStore.getState().setShopInfo(null);
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StoreGate>
        <p>页面内容</p>
      </StoreGate>
    </MemoryRouter>,
  );
}

describe('StoreGate', () => {
  it('lets 首页 through without a store', () => {
    expect(needsStore('/dashboard')).toBe(false);
    expect(needsStore('/order/rob-orders')).toBe(true);
    renderAt('/dashboard');
    expect(screen.queryByText('页面内容')).not.toBeNull();
  });

  it('asks for a store on other pages and opens the switcher from its button', async () => {
    const opened = vi.fn();
    const off = storeEvents.on('openSwitcher', opened);
    renderAt('/user/center');
    expect(screen.queryByText('页面内容')).toBeNull();
    // The notice (antd Result) loads on demand.
    expect(await screen.findByText('请先选择门店', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('shows every page once a store is selected', () => {
    useShopStore
      .getState()
      .setShopInfo({ addressId: 'SD11011501', frontTitle: '华北一区', businessScopeName: '超市' });
    renderAt('/user/center');
    expect(screen.queryByText('页面内容')).not.toBeNull();
  });
});
