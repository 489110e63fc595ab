import '../../test/dom';
import {
  couponEndpoints,
  lookupEndpoints,
  type ExchangeableCoupons,
  type ExchangeDetail,
  type ExchangeRow,
  type MemberSummary,
} from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { CouponExchangePage } from './coupon-exchange-page';

const api = {
  exchangePageList: vi.fn(),
  list: vi.fn(),
  sendExchangeCode: vi.fn(),
  exchange: vi.fn(),
  cancelExchange: vi.fn(),
  memberByKeywords: vi.fn(),
};
const known = { ...couponEndpoints, memberByKeywords: lookupEndpoints.memberByKeywords };
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(known).find(([, e]) => e === endpoint)?.[0];
  return name && name in api ? api[name as keyof typeof api](input) : Promise.reject(new Error('unexpected'));
});

const ROW: ExchangeRow = {
  exchangeNo: 'CE20261121100000123456',
  couponId: 4,
  couponName: '满100减20',
  valueText: '满100减20',
  memberName: '王芳',
  memberPhone: '139****5678',
  points: 500,
  status: 'unused',
  statusText: '未使用',
  clerkName: '李晓雯',
  exchangedAt: '2026-11-21 10:00:00',
  validTo: '2026-12-21 10:00:00',
  cancelledAt: null,
  cancelReason: '',
  actions: { cancel: true },
};
const MEMBER: MemberSummary = {
  memberId: 'm-public-1',
  memberNo: 'M0001',
  name: '王芳',
  phoneMasked: '139****5678',
  level: 2,
  points: 3200,
  temporary: false,
};
const OFFERED: ExchangeableCoupons = {
  memberPoints: 3200,
  list: [
    {
      id: 4,
      name: '满100减20',
      kind: 'cash',
      kindText: '满减券',
      valueText: '满100减20',
      points: 500,
      validDays: 30,
      stockLeft: 88,
      perMemberLimit: 3,
      exchangeTo: '2026-12-31',
      memberExchanged: 0,
    },
  ],
};

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/marketing/coupon-exchange${search}`]}>
        <CouponExchangePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['coupon:exchange', 'coupon:cancelExchange'] });
  api.exchangePageList.mockResolvedValue({ list: [ROW], total: 1, pageNum: 1, pageSize: 20 });
  api.memberByKeywords.mockResolvedValue([MEMBER]);
  api.list.mockResolvedValue(OFFERED);
  api.sendExchangeCode.mockResolvedValue({ phoneMasked: '139****5678', resendAfterSeconds: 60 });
  api.exchange.mockResolvedValue({ ...ROW, balanceAfter: 2700, refundedPoints: 0 } satisfies ExchangeDetail);
  api.cancelExchange.mockResolvedValue({
    ...ROW,
    status: 'cancelled',
    balanceAfter: 3200,
    refundedPoints: 500,
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CouponExchangePage', { timeout: 30_000 }, () => {
  it("lists the store's exchanges by the URL's state and undoes one with a reason", async () => {
    renderPage('?status=unused');
    await waitFor(() =>
      expect(api.exchangePageList).toHaveBeenCalledWith(
        expect.objectContaining({ storeCode: 'S0001', status: 'unused', pageNum: 1 }),
      ),
    );
    const row = (await screen.findByText('CE20261121100000123456')).closest('tr')!;
    expect(within(row).getByText('139****5678')).toBeTruthy();
    await userEvent.click(within(row).getByTestId('row-action-cancel'));
    const dialog = await screen.findByTestId('coupon-cancel');
    // No reason: refused on the page, nothing sent.
    await userEvent.click(screen.getByTestId('coupon-cancel-ok'));
    expect(await within(dialog).findByText('请填写撤销原因')).toBeTruthy();
    expect(api.cancelExchange).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('coupon-cancel-reason'), '会员不想要了');
    await userEvent.click(screen.getByTestId('coupon-cancel-ok'));
    await waitFor(() =>
      expect(api.cancelExchange).toHaveBeenCalledWith({
        storeCode: 'S0001',
        exchangeNo: 'CE20261121100000123456',
        reason: '会员不想要了',
      }),
    );
  });

  it("exchanges a coupon for a member only with the member's code, bound to one exchange number", async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('exchange-add'));
    const dialog = await screen.findByTestId('coupon-exchange');
    const search = within(screen.getByTestId('coupon-member-search')).getByRole('searchbox');
    await userEvent.type(search, '13900005678{Enter}');
    await waitFor(() =>
      expect(api.memberByKeywords).toHaveBeenCalledWith({ storeCode: 'S0001', keywords: '13900005678' }),
    );
    await userEvent.click(await screen.findByTestId('coupon-member-choose'));
    expect((await screen.findByTestId('coupon-member-selected')).textContent).toContain('积分 3200');
    // Without a coupon chosen the dialog names what is missing.
    await userEvent.click(screen.getByTestId('coupon-exchange-ok'));
    expect(api.exchange).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByTestId('coupon-option-4'));
    expect(within(dialog).getByText(/兑换将扣除会员 500 积分/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('coupon-exchange-send'));
    await waitFor(() => expect(api.sendExchangeCode).toHaveBeenCalled());
    const sentTo = api.sendExchangeCode.mock.calls[0]![0] as { exchangeNo: string };
    expect(sentTo).toMatchObject({ storeCode: 'S0001', memberId: 'm-public-1', couponId: 4 });
    expect(sentTo.exchangeNo).toMatch(/^CE\d{20}$/);
    await userEvent.type(screen.getByTestId('coupon-exchange-code'), '123456');
    await userEvent.click(screen.getByTestId('coupon-exchange-ok'));
    await waitFor(() =>
      expect(api.exchange).toHaveBeenCalledWith({
        storeCode: 'S0001',
        memberId: 'm-public-1',
        couponId: 4,
        exchangeNo: sentTo.exchangeNo,
        memberCode: '123456',
      }),
    );
  });
});
