import '../../test/dom';
import { marketingCalendarEndpoints, type MarketingEvent } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Grid } from 'antd';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls, byEndpoint } from '../../test/fake-calls';
import { MarketingCalendarPage } from './marketing-calendar-page';

const api = { list: vi.fn() };
answerCalls(byEndpoint(marketingCalendarEndpoints, api));

const today = dayjs().format('YYYY-MM-DD');
const EVENT: MarketingEvent = {
  key: 'manual:1',
  id: 1,
  type: 'promotion',
  typeText: '促销活动',
  title: '周末满减',
  startDate: today,
  endDate: today,
  color: '#ff2f28',
  storesText: '亦庄荣华店',
  remark: '',
};

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/marketing/marketing-calendar${search}`]}>
        <MarketingCalendarPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: [] });
  api.list.mockResolvedValue([EVENT]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('MarketingCalendarPage', { timeout: 30_000 }, () => {
  it("asks for the store's events of the month shown, the weeks around it included, and marks today", async () => {
    renderPage();
    const month = dayjs().startOf('month');
    await waitFor(() =>
      expect(api.list).toHaveBeenCalledWith(
        expect.objectContaining({
          storeCode: 'S0001',
          from: month.subtract(7, 'day').format('YYYY-MM-DD'),
          to: month.endOf('month').add(14, 'day').format('YYYY-MM-DD'),
        }),
      ),
    );
    const todayCell = document.querySelector(`td[title="${today}"]`)!;
    expect(todayCell.className).toContain('ant-picker-cell-today');
    expect(await within(todayCell as HTMLElement).findByText('周末满减')).toBeTruthy();
    // Store staff may not add events.
    expect(screen.queryByTestId('calendar-add-open')).toBeNull();
  });

  it('shows the list view as cards from the same columns on a phone', async () => {
    vi.spyOn(Grid, 'useBreakpoint').mockReturnValue({ xs: true, sm: false, md: false });
    renderPage('?view=list');
    const cards = await screen.findByTestId('calendar-cards');
    expect(within(cards).getByText('周末满减')).toBeTruthy();
    expect(within(cards).getByText(today)).toBeTruthy();
    expect(screen.queryByTestId('calendar-table')).toBeNull();
  });

  it('shows the list view as a table on a wide screen', async () => {
    renderPage('?view=list');
    const table = await screen.findByTestId('calendar-table');
    expect(await within(table).findByText('周末满减')).toBeTruthy();
    expect(screen.queryByTestId('calendar-cards')).toBeNull();
  });
});
