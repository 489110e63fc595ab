import '../../test/dom';
import {
  lookupEndpoints,
  teaTreeEndpoints,
  type TeaTreeActivity,
  type TeaTreeAdoptionDetail,
  type TeaTreeAdoptionRow,
} from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls, byEndpoint } from '../../test/fake-calls';
import { TeaTreeAdoptionPage } from './tea-tree-page';

const api = {
  currentActivity: vi.fn(),
  pageList: vi.fn(),
  detail: vi.fn(),
  calculate: vi.fn(),
  add: vi.fn(),
  memberByKeywords: vi.fn(),
};
answerCalls(byEndpoint({ ...teaTreeEndpoints, memberByKeywords: lookupEndpoints.memberByKeywords }, api));

const ACTIVITY: TeaTreeActivity = {
  id: 2,
  activityNo: 'TT2027SPR',
  name: '西湖龙井春季认养',
  season: '2027春茶季',
  garden: '杭州西湖龙井村',
  treeCount: 200,
  adoptedCount: 12,
  remainingTrees: 188,
  priceCents: 128_000,
  benefits: '认养证书',
  signUpStart: '2026-11-17T00:00:00.000Z',
  signUpEnd: '2027-01-11T00:00:00.000Z',
  status: 'signing',
  statusText: '认养中',
  deliveries: [{ round: 1, plannedDate: '2027-03-20', content: '明前龙井 250g' }],
};
const ROW: TeaTreeAdoptionRow = {
  id: 9,
  adoptionNo: 'TA20261127100000123456',
  activityName: ACTIVITY.name,
  season: ACTIVITY.season,
  memberName: '王丽华',
  memberPhone: '137****0012',
  memberLevel: 3,
  trees: 2,
  payCents: 243_200,
  discountPercent: 95,
  status: 'active',
  statusText: '认养中',
  nextDeliveryDate: '2027-03-20',
  clerkName: '系统管理员',
  adoptedAt: '2026-11-27T02:00:00.000Z',
};
const DETAIL: TeaTreeAdoptionDetail = {
  ...ROW,
  performanceOrderNo: 'PF20261127100000123456',
  unitCents: 128_000,
  goodsCents: 256_000,
  discountCents: 12_800,
  garden: ACTIVITY.garden,
  benefits: ACTIVITY.benefits,
  remark: '',
  confirmedBy: '会员短信验证码',
  deliveryPlan: [
    {
      round: 1,
      plannedDate: '2027-03-20',
      content: '明前龙井 250g',
      quantityText: '明前龙井 250g × 2棵',
      due: false,
    },
  ],
};

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/marketing/tea-tree-adoption${search}`]}>
        <TeaTreeAdoptionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({ roles: ['teaTree:add'] });
  api.currentActivity.mockResolvedValue(ACTIVITY);
  api.pageList.mockResolvedValue({ list: [ROW], total: 1, pageNum: 1, pageSize: 20 });
  api.detail.mockResolvedValue(DETAIL);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TeaTreeAdoptionPage', { timeout: 30_000 }, () => {
  it("shows the open activity and lists the store's adoptions with the URL's filters", async () => {
    renderPage('?status=active&keyword=王');
    await waitFor(() =>
      expect(api.pageList).toHaveBeenCalledWith(
        expect.objectContaining({ storeCode: 'S0001', status: 'active', keyword: '王', pageNum: 1 }),
      ),
    );
    expect((await screen.findByTestId('tea-tree-activity')).textContent).toContain('剩余 188 / 200 棵');
    expect(await screen.findByText('TA20261127100000123456')).toBeTruthy();
  });

  it('prices the trees with the level discount and adopts at the price shown, then opens the adoption', async () => {
    api.memberByKeywords.mockResolvedValue([
      { memberId: 'M'.repeat(20), name: '王丽华', phoneMasked: '137****0012', level: 3 },
    ]);
    api.calculate.mockImplementation((input: Record<string, unknown>) =>
      Promise.resolve({
        activityId: 2,
        trees: input.trees,
        unitCents: 128_000,
        goodsCents: 128_000 * Number(input.trees),
        memberLevel: 3,
        discountPercent: 95,
        discountCents: 6_400 * Number(input.trees),
        payCents: 121_600 * Number(input.trees),
        remainingTrees: 188,
      }),
    );
    api.add.mockResolvedValue({
      id: 9,
      adoptionNo: ROW.adoptionNo,
      performanceOrderNo: 'PF1',
      trees: 2,
      payCents: 243_200,
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('tea-tree-add'));
    const box = screen.getByTestId('tea-tree-member-search');
    const search = box.querySelector('input') ?? box;
    await userEvent.type(search, '13700000012{Enter}');
    await waitFor(() => expect(api.memberByKeywords).toHaveBeenCalled());
    const trees = screen.getByTestId('tea-tree-trees');
    await userEvent.clear(trees);
    await userEvent.type(trees, '2');
    const price = await screen.findByTestId('tea-tree-price');
    await waitFor(() => expect(price.textContent).toContain('¥2,432.00'));
    await userEvent.type(screen.getByTestId('tea-tree-code'), '123456');
    await userEvent.click(screen.getByTestId('tea-tree-adopt-ok'));
    await waitFor(() =>
      expect(api.add).toHaveBeenCalledWith(
        expect.objectContaining({
          storeCode: 'S0001',
          activityId: 2,
          trees: 2,
          payCents: 243_200,
          memberCode: '123456',
        }),
      ),
    );
    expect(await screen.findByTestId('tea-tree-drawer')).toBeTruthy();
    expect((await screen.findByTestId('tea-tree-plan')).textContent).toContain('明前龙井 250g × 2棵');
  });
});
