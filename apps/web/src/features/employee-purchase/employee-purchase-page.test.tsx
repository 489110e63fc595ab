import '../../test/dom';
import {
  employeePurchaseEndpoints,
  type EmployeeOrderDetail,
  type EmployeeOrderRow,
  type PurchaseDraft,
} from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { EmployeePurchasePage } from './employee-purchase-page';

type Api = Record<keyof typeof employeePurchaseEndpoints, Mock<(input: unknown) => Promise<unknown>>>;
const api = Object.fromEntries(Object.keys(employeePurchaseEndpoints).map((name) => [name, vi.fn()])) as Api;
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(employeePurchaseEndpoints).find(([, known]) => known === endpoint)?.[0];
  return name ? api[name as keyof Api](input) : Promise.reject(new Error('unexpected call'));
});

const LINE = { skuCode: 'R1002', name: '蛋黄酥', spec: '8枚/盒', staffCents: 4080 };
const QUOTA = { period: '2026-11', maxItems: 2, maxCents: 50_000, usedItems: 0, usedCents: 0 };
const draftOf = (codes: string[], combinations: PurchaseDraft['combinations'] = []): PurchaseDraft => ({
  lines: codes.map((epc) => ({ epc, ...LINE })),
  itemCount: codes.length,
  listCents: codes.length * 4080,
  totalCents: codes.length * 4080 - combinations.reduce((sum, set) => sum + set.savedCents, 0),
  combinations,
  quota: QUOTA,
});
const ORDER: EmployeeOrderRow = {
  id: 3,
  orderNo: 'EP20261121100000123456',
  employeeName: '李晓雯',
  workCode: 'S1001',
  itemCount: 2,
  totalCents: 8160,
  status: 'placed',
  statusText: '待提货',
  placedAt: '2026-11-21T02:00:00.000Z',
  actions: { verify: true, cancel: true },
};
const DETAIL: EmployeeOrderDetail = {
  ...ORDER,
  lines: draftOf(['EP03R1002001', 'EP03R1002002']).lines,
  savedCents: 0,
  verifiedAt: null,
  cancelledAt: null,
  handledBy: '',
};

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/employee-purchase/index${search}`]}>
        <EmployeePurchasePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const typeCode = async (testId: string, code: string) => {
  const box = screen.getByTestId(testId);
  await userEvent.clear(box);
  await userEvent.type(box, `${code}{Enter}`);
};

beforeEach(() => {
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  useSessionStore.setState({
    roles: ['employeePurchase:add', 'employeePurchase:verify', 'employeePurchase:cancel'],
  });
  api.orderList.mockResolvedValue({ list: [ORDER], total: 1, pageNum: 1, pageSize: 20 });
  api.draft.mockResolvedValue(draftOf([]));
  api.verifyEpcList.mockResolvedValue(DETAIL);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('EmployeePurchasePage', { timeout: 30_000 }, () => {
  it("lists the store's orders with the URL's filters", async () => {
    renderPage('?status=placed&keyword=S1001');
    await waitFor(() =>
      expect(api.orderList).toHaveBeenCalledWith(
        expect.objectContaining({ storeCode: 'S0001', status: 'placed', keyword: 'S1001', pageNum: 1 }),
      ),
    );
    expect(await screen.findByText('EP20261121100000123456')).toBeTruthy();
    expect(screen.getByText('¥81.60')).toBeTruthy();
  });

  it('scans codes with Enter, shows the quota refusal under the box, and places the draft', async () => {
    api.checkSku
      .mockResolvedValueOnce(draftOf(['EP03R1002001']))
      .mockResolvedValueOnce(draftOf(['EP03R1002001', 'EP03R1002002']))
      .mockRejectedValueOnce(new ApiError('http', '超出本月内购额度：每月限购2件，已购0件', { status: 422 }));
    api.add.mockResolvedValue({ orderNo: 'EP20261121100000999999', itemCount: 2, totalCents: 8160 });
    renderPage();
    await userEvent.click(await screen.findByTestId('employee-purchase-add'));
    expect(await screen.findByTestId('purchase-quota')).toBeTruthy();
    await typeCode('purchase-scan', 'EP03R1002001');
    await typeCode('purchase-scan', 'EP03R1002002');
    await waitFor(() => expect(screen.getByTestId('purchase-total').textContent).toContain('共2件'));
    await typeCode('purchase-scan', 'EP03R1002003');
    expect((await screen.findByTestId('purchase-scan-error')).textContent).toContain('限购2件');
    expect(api.checkSku).toHaveBeenLastCalledWith({ storeCode: 'S0001', epc: 'EP03R1002003' });
    // Enter in the scan box never placed the order.
    expect(api.add).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('purchase-buy-ok'));
    await waitFor(() => expect(api.add).toHaveBeenCalledWith({ storeCode: 'S0001' }));
  });

  it("shows a complete combination's saving and the total it leaves", async () => {
    const set = { code: 'EPC-GIFT01', name: '月饼蛋黄酥内购礼盒', count: 1, savedCents: 1160 };
    api.draft.mockResolvedValue(draftOf(['EP03R1001001', 'EP03R1002001'], [set]));
    renderPage();
    await userEvent.click(await screen.findByTestId('employee-purchase-add'));
    expect((await screen.findByTestId('purchase-combination')).textContent).toBe(
      '套装「月饼蛋黄酥内购礼盒」×1，优惠 ¥11.60',
    );
    expect(screen.getByTestId('purchase-total').textContent).toContain('¥70.00');
  });

  it('verifies a pick-up only once every code of the order was scanned', async () => {
    api.verifySkuQuery.mockImplementation((input) =>
      Promise.resolve({ epc: (input as { epc: string }).epc, ...LINE }),
    );
    api.verify.mockResolvedValue({ ...DETAIL, status: 'verified', statusText: '已提货' });
    renderPage();
    const row = (await screen.findByText('EP20261121100000123456')).closest('tr')!;
    await userEvent.click(within(row).getByTestId('row-action-verify'));
    const dialog = await screen.findByTestId('purchase-verify');
    await waitFor(() => expect(within(dialog).getByText('已扫描0/2件')).toBeTruthy());
    await typeCode('purchase-verify-scan', 'EP03R1002001');
    await userEvent.click(screen.getByTestId('purchase-verify-ok'));
    expect(await within(dialog).findByText('还有1件商品未扫描')).toBeTruthy();
    expect(api.verify).not.toHaveBeenCalled();
    await typeCode('purchase-verify-scan', 'EP03R1002002');
    await userEvent.click(screen.getByTestId('purchase-verify-ok'));
    await waitFor(() =>
      expect(api.verify).toHaveBeenCalledWith({
        storeCode: 'S0001',
        orderNo: ORDER.orderNo,
        epcs: ['EP03R1002001', 'EP03R1002002'],
      }),
    );
  });
});
