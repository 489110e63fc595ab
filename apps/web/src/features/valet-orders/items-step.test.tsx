import '../../test/dom';
import type { SkuInfo } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { member } from './test-fixtures';
import { draftReducer, emptyDraft, type ValetDraft } from './valet-draft';
import { ItemsStep } from './items-step';
import { stubMethods } from '../../test/fake-calls';
import { valetApi } from './valet-api';

const api = stubMethods(valetApi, {
  uenjoySkus: vi.fn(),
  cyclePlan: vi.fn(),
  integralLabels: vi.fn(),
  integralSkus: vi.fn(),
});

const uenjoySku = (overrides: Partial<SkuInfo>): SkuInfo => ({
  id: 10,
  skuCode: 'U3001',
  name: '每周鲜奶吐司',
  spec: '4期·每7天',
  kind: 'uenjoy',
  priceCents: 6800,
  points: 0,
  labelName: '',
  cyclePeriods: 4,
  cycleIntervalDays: 7,
  enabled: true,
  ...overrides,
});
const TOAST = uenjoySku({});
const TEA = uenjoySku({
  id: 13,
  skuCode: 'U3004',
  name: '茶树认养·西湖龙井一年期',
  spec: '4期·每90天',
  priceCents: 128800,
  labelName: '茶树认养',
  cycleIntervalDays: 90,
});
const page = (list: SkuInfo[], total = list.length) => ({ list, total, pageNum: 1, pageSize: 12 });

/** The harness's draft after each render. */
const seen: { draft: ValetDraft } = { draft: emptyDraft() };
function Harness() {
  const [draft, dispatch] = useReducer(draftReducer, {
    ...emptyDraft(),
    member: member(),
    kind: 'uenjoy',
  } satisfies ValetDraft);
  useEffect(() => {
    seen.draft = draft;
  });
  return (
    <ItemsStep
      storeCode="S0001"
      draft={draft}
      onKind={(kind) => dispatch({ type: 'kind', kind })}
      onQuantity={(kind, sku, quantity) => dispatch({ type: 'quantity', kind, sku, quantity })}
    />
  );
}

function renderStep() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ItemsStep uEnjoy shelf', { timeout: 30_000 }, () => {
  it('lists the shelf, searches on Enter and adds a SKU with its cycle plan to the basket', async () => {
    api.uenjoySkus.mockImplementation((_store: string, keyword: string) =>
      Promise.resolve(keyword ? page([TEA]) : page([TOAST, TEA])),
    );
    api.cyclePlan.mockResolvedValue({
      skuCode: 'U3004',
      periods: 4,
      intervalDays: 90,
      plans: [
        { period: 1, date: '2026-05-02' },
        { period: 2, date: '2026-07-31' },
        { period: 3, date: '2026-10-29' },
        { period: 4, date: '2027-01-27' },
      ],
    });
    renderStep();
    expect(await screen.findAllByTestId('uenjoy-sku-card')).toHaveLength(2);
    expect(api.uenjoySkus).toHaveBeenCalledWith('S0001', '', 1, expect.anything());
    expect(screen.getByText('共4期，每7天一期', { exact: false })).toBeTruthy();

    await userEvent.type(within(screen.getByTestId('uenjoy-search')).getByRole('searchbox'), ' 龙井 {Enter}');
    await vi.waitFor(() => expect(screen.getAllByTestId('uenjoy-sku-card')).toHaveLength(1));
    expect(api.uenjoySkus).toHaveBeenLastCalledWith('S0001', '龙井', 1, expect.anything());
    const card = screen.getByTestId('uenjoy-sku-card');
    expect(within(card).getByText('¥1,288.00')).toBeTruthy();
    expect(within(card).getByText('茶树认养')).toBeTruthy();

    await userEvent.click(screen.getByTestId('uenjoy-add-U3004'));
    await userEvent.click(screen.getByTestId('uenjoy-add-U3004'));
    expect(seen.draft.lines.uenjoy).toEqual([
      {
        sku: {
          skuCode: 'U3004',
          name: '茶树认养·西湖龙井一年期',
          spec: '4期·每90天',
          priceCents: 128800,
          points: 0,
        },
        quantity: 2,
      },
    ]);
    expect(screen.getByTestId('uenjoy-add-U3004').textContent).toContain('已加 2 件');
    expect((await screen.findByTestId('uenjoy-plan-U3004')).textContent).toContain(
      '2026-05-02、2026-07-31、2026-10-29、2027-01-27',
    );
    // The preview is asked for once per SKU, from the chosen first delivery day (none: tomorrow).
    expect(api.cyclePlan).toHaveBeenCalledTimes(1);
    expect(api.cyclePlan).toHaveBeenCalledWith('S0001', 'U3004', undefined);

    await userEvent.click(screen.getByTestId('uenjoy-remove-U3004'));
    expect(seen.draft.lines.uenjoy).toEqual([]);
    expect(screen.getByText('尚未选择优享商品')).toBeTruthy();
  });

  it('says so when nothing matches, and shows a refused cycle plan in place', async () => {
    api.uenjoySkus.mockImplementation((_store: string, keyword: string) =>
      Promise.resolve(keyword ? page([]) : page([TOAST])),
    );
    api.cyclePlan.mockRejectedValue(new ApiError('business', '该商品不是优享商品', { status: 422 }));
    renderStep();
    await userEvent.click(await screen.findByTestId('uenjoy-add-U3001'));
    expect(await screen.findByText('该商品不是优享商品')).toBeTruthy();
    expect(seen.draft.lines.uenjoy.map((l) => l.sku.skuCode)).toEqual(['U3001']);
    await userEvent.type(within(screen.getByTestId('uenjoy-search')).getByRole('searchbox'), '咖啡{Enter}');
    expect(await screen.findByText('没有找到在售的优享商品')).toBeTruthy();
  });

  it('pages a long shelf', async () => {
    api.uenjoySkus.mockResolvedValue(page([TOAST], 30));
    renderStep();
    const pages = await screen.findByTestId('uenjoy-pages');
    await userEvent.click(within(pages).getByText('2'));
    await vi.waitFor(() =>
      expect(api.uenjoySkus).toHaveBeenLastCalledWith('S0001', '', 2, expect.anything()),
    );
  });
});
