import '../../test/dom';
import { intentionEndpoints, type IntentionDetail } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { useTagsStore } from '../../stores/tags-store';
import { CustomerIntentionDetailPage } from './customer-intention-detail-page';
import { answerCalls } from '../../test/fake-calls';

const api = { detail: vi.fn(), follow: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === intentionEndpoints.detail
    ? api.detail(input)
    : endpoint === intentionEndpoints.follow
      ? api.follow(input)
      : Promise.reject(new Error('unexpected call')),
);

function intention(overrides: Partial<IntentionDetail> = {}): IntentionDetail {
  return {
    omsConsultantsNo: 'CI20261121001',
    customerName: '王丽华',
    customerPhone: '13912345678',
    memberNo: null,
    memberName: null,
    interest: '想订购中秋月饼礼盒 20 盒',
    status: 'new',
    statusText: '待跟进',
    followUpCount: 0,
    lastFollowUpAt: null,
    createdAt: '2026-11-21 09:00:00',
    followUps: [],
    canFollow: true,
    ...overrides,
  };
}

const PATH = '/order/customer-intention-detail?omsConsultantsNo=CI20261121001';

function renderPage(search = '?omsConsultantsNo=CI20261121001') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`${PATH.split('?')[0]}${search}`]}>
        <CustomerIntentionDetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['customerIntention:follow'] });
  api.detail.mockResolvedValue(intention());
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CustomerIntentionDetailPage', { timeout: 30_000 }, () => {
  it('records a follow-up with Enter and shows it in the timeline', async () => {
    const followed = intention({
      status: 'following',
      statusText: '跟进中',
      followUps: [{ at: '2026-11-21 10:00:00', userName: '周一鸣', note: '已电话联系，明天到店' }],
    });
    api.follow.mockImplementation(() => {
      api.detail.mockResolvedValue(followed);
      return Promise.resolve(followed);
    });
    renderPage();
    expect(await screen.findByText('想订购中秋月饼礼盒 20 盒')).toBeTruthy();
    expect(screen.getByText('暂无跟进记录')).toBeTruthy();
    expect(api.detail).toHaveBeenCalledWith({ storeCode: 'S0001', omsConsultantsNo: 'CI20261121001' });
    await waitFor(() => expect(useTagsStore.getState().viewTitles[PATH]).toBe('客户意向详情 CI20261121001'));

    await userEvent.type(screen.getByTestId('follow-note'), '已电话联系，明天到店{Enter}');
    await waitFor(() =>
      expect(api.follow).toHaveBeenCalledWith({
        storeCode: 'S0001',
        omsConsultantsNo: 'CI20261121001',
        note: '已电话联系，明天到店',
        status: 'following',
      }),
    );
    const row = await screen.findByTestId('follow-row');
    expect(within(row).getByText('已电话联系，明天到店')).toBeTruthy();
    expect(within(row).getByText(/周一鸣/)).toBeTruthy();
    expect(screen.getByTestId('intention-status').textContent).toBe('跟进中');
  });

  it('refuses an empty note on the page and shows a server refusal in the form', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('follow-submit'));
    expect((await screen.findByTestId('follow-error')).textContent).toContain('请填写跟进内容');
    expect(api.follow).not.toHaveBeenCalled();

    api.follow.mockRejectedValue(new ApiError('http', '该意向已关闭，不能再跟进', { status: 409 }));
    await userEvent.type(screen.getByTestId('follow-note'), '再联系一次{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('follow-error').textContent).toContain('该意向已关闭，不能再跟进'),
    );
  });

  it('has no form for a closed intention, and says the number is missing without one', async () => {
    api.detail.mockResolvedValue(intention({ status: 'closed', statusText: '已关闭', canFollow: false }));
    renderPage();
    expect(await screen.findByText('该意向已关闭，不能再跟进')).toBeTruthy();
    expect(screen.queryByTestId('follow-form')).toBeNull();
    cleanup();
    renderPage('');
    expect(screen.getByText('缺少客户意向单号')).toBeTruthy();
  });

  it('has no form without the follow-up permission', async () => {
    useSessionStore.setState({ roles: [] });
    renderPage();
    expect(await screen.findByText('想订购中秋月饼礼盒 20 盒')).toBeTruthy();
    expect(screen.queryByTestId('follow-form')).toBeNull();
  });

  it('says a missing intention is not found and retries', async () => {
    api.detail.mockRejectedValueOnce(new ApiError('http', '客户意向不存在', { status: 404 }));
    renderPage();
    expect(await screen.findByText('客户意向不存在')).toBeTruthy();
    await userEvent.click(screen.getByText(/重\s?试/));
    expect(await screen.findByText('想订购中秋月饼礼盒 20 盒')).toBeTruthy();
  });
});
