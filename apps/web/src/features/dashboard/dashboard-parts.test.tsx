import '../../test/dom';
import type { DashboardSummary } from '@console/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { CountCards } from './count-cards';
import { TrendPanel } from './trend-panel';

afterEach(cleanup);

const days = ['2026-11-19', '2026-11-20', '2026-11-21'];
const summary = (values: number[]): DashboardSummary => ({
  counts: [],
  series: {
    days: 7,
    points: days.flatMap((day, i) => [
      { day, metric: 'orders' as const, value: values[i] ?? 0 },
      { day, metric: 'salesCents' as const, value: (values[i] ?? 0) * 1000 },
      { day, metric: 'newMembers' as const, value: 0 },
    ]),
  },
});
const panel = (props: Partial<Parameters<typeof TrendPanel>[0]>) =>
  render(
    <TrendPanel
      data={undefined}
      days={7}
      onDaysChange={vi.fn()}
      loading={false}
      error={false}
      onRetry={vi.fn()}
      {...props}
    />,
  );

describe('CountCards', () => {
  it('shows — for keys without a source and links the order and audit cards', () => {
    render(
      <MemoryRouter>
        <CountCards
          counts={[
            { key: 'ordersToGrab', value: 3, source: 'orders' },
            { key: 'ordersToShip', value: null, source: null },
            { key: 'unreadMessages', value: 1200, source: 'messages' },
            { key: 'pendingAudits', value: 0, source: 'audits' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('count-ordersToGrab').textContent).toContain('3');
    expect(screen.getByTestId('count-ordersToGrab').querySelector('a')?.getAttribute('href')).toBe(
      '/order/rob-orders',
    );
    expect(screen.getByTestId('count-ordersToShip').textContent).toContain('—');
    expect(screen.getByTestId('count-unreadMessages').querySelector('a')).toBeNull();
    expect(screen.getByTestId('count-unreadMessages').textContent).toContain('1,200');
    expect(screen.getByTestId('count-pendingAudits').querySelector('a')?.getAttribute('href')).toBe(
      '/audit/review-pending',
    );
  });
});

describe('TrendPanel', () => {
  it('draws one bar per day with an accessible title and table', () => {
    panel({ data: summary([4, 0, 9]) });
    const chart = screen.getByTestId('trend-chart');
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart.querySelector('title')?.textContent).toBe('近7天订单数');
    expect(screen.getByTestId('trend-table').querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('shows the empty, loading and error states', () => {
    panel({ data: summary([0, 0, 0]) });
    expect(screen.getByText('暂无数据')).toBeTruthy();
    cleanup();
    panel({ data: undefined });
    expect(screen.getByText('加载中…')).toBeTruthy();
    cleanup();
    const onRetry = vi.fn();
    panel({ data: undefined, error: true, onRetry });
    screen.getByText('重新加载').click();
    expect(onRetry).toHaveBeenCalled();
  });
});
