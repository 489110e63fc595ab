import '../../test/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreMap } from './store-map';

const marker = () => document.querySelector('.leaflet-marker-icon');

afterEach(cleanup);

describe('StoreMap (Leaflet in jsdom)', () => {
  it('shows the coordinates with 6 decimals and a marker; 0/0 removes the marker', async () => {
    const onPick = vi.fn();
    const { rerender } = render(
      <StoreMap latitude={40.0703} longitude={116.3364} onPick={onPick} tileUrl="" />,
    );
    expect(screen.getByTestId('store-map-coordinates').textContent).toBe('40.070300, 116.336400');
    expect(screen.getByText('搜索地址或点击地图设置门店位置')).toBeTruthy();
    // The first test pays for loading Leaflet.
    await waitFor(() => expect(marker()).not.toBeNull(), { timeout: 10_000 });
    // No tile URL: a plain background, no tile layer.
    expect(document.querySelector('.leaflet-tile-pane img')).toBeNull();

    rerender(<StoreMap latitude={0} longitude={0} onPick={onPick} tileUrl="" />);
    expect(screen.getByTestId('store-map-no-location').textContent).toBe('暂无定位信息');
    expect(screen.queryByTestId('store-map-coordinates')).toBeNull();
    await waitFor(() => expect(marker()).toBeNull());
  });

  it('starts without a marker for a store at 0/0', async () => {
    render(<StoreMap latitude={0} longitude={0} onPick={vi.fn()} tileUrl="" />);
    await waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.getByText('暂无定位信息')).toBeTruthy();
    expect(marker()).toBeNull();
  });

  it('a click on the map picks a location rounded to 6 decimals', async () => {
    const onPick = vi.fn();
    render(<StoreMap latitude={0} longitude={0} onPick={onPick} tileUrl="" />);
    await waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull(), {
      timeout: 10_000,
    });
    const container = document.querySelector('.leaflet-container') as HTMLElement;
    container.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 10, clientY: 10 }));
    expect(onPick).toHaveBeenCalledTimes(1);
    const [lat, lng] = onPick.mock.calls[0] as [number, number];
    expect(Math.abs(lat - 39.91)).toBeLessThan(1);
    expect(Math.abs(lng - 116.4)).toBeLessThan(1);
    expect(Math.round(lat * 1e6) / 1e6).toBe(lat);
  });
});
