import '../../test/dom';
import { storeAdminEndpoints, type StoreAdminRow } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { renderPage, where } from '../../test/render-page';
import { ShopGroupsPage } from './shop-groups-page';
import { areaPathOfCode, StoresAdminPage, storesFiltersOf } from './stores-admin-page';

type Name = keyof typeof storeAdminEndpoints;
const api = {} as Record<string, ReturnType<typeof vi.fn<(input: unknown) => unknown>>>;
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(storeAdminEndpoints).find(([, e]) => e === endpoint)?.[0] as Name | undefined;
  // The area cascader's levels: none needed here.
  return name ? api[name]!(input) : Promise.resolve([]);
});
const notify = spyNotify();

function store(id: number, overrides: Partial<StoreAdminRow> = {}): StoreAdminRow {
  return {
    id,
    shopCode: `MD00000${id}`,
    shopName: `门店${id}`,
    businessScopeName: `北京朝阳门店${id}`,
    shopGroupId: 1,
    groupName: '华北一区',
    shopPhone: '010-65051234',
    shopProvinceCode: '110000',
    shopCityCode: '110100',
    shopCountyCode: '110105',
    regionName: '北京市朝阳区',
    shopDetailAddress: '建国门外大街1号',
    latitude: 39.9,
    longitude: 116.46,
    status: 'open',
    createdAt: '2026-11-21T04:52:31.564Z',
    updatedAt: '2026-11-21T04:52:31.564Z',
    ...overrides,
  };
}
const lastBody = () => api.page!.mock.lastCall?.[0] as Record<string, unknown>;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  for (const name of Object.keys(storeAdminEndpoints)) api[name] = vi.fn<(input: unknown) => unknown>();
  useSessionStore.setState({ roles: ['shop:add', 'shop:edit', 'shop:status', 'shopGroup:del'] });
  api.page!.mockResolvedValue({
    list: [store(1), store(2, { status: 'closed' })],
    total: 2,
    pageNum: 1,
    pageSize: 20,
  });
  api.groupPage!.mockResolvedValue({
    list: [
      {
        id: 1,
        frontTitle: '华北一区',
        sort: 1,
        storeCount: 2,
        openCount: 1,
        createdAt: '2026-11-21T04:52:31.564Z',
      },
      {
        id: 2,
        frontTitle: '筹备组',
        sort: 2,
        storeCount: 0,
        openCount: 0,
        createdAt: '2026-11-21T04:52:31.564Z',
      },
    ],
    total: 2,
    pageNum: 1,
    pageSize: 100,
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('storesFiltersOf and areaPathOfCode', () => {
  it('leaves out the filters that are off and keeps only a 6-digit area', () => {
    expect(
      storesFiltersOf({ status: 'all', group: undefined, keyword: '', area: '11', pageNum: 1, pageSize: 20 }),
    ).toEqual({
      keyword: undefined,
      shopGroupId: undefined,
      areaCode: undefined,
      status: undefined,
    });
    expect(areaPathOfCode('110000')).toEqual(['110000']);
    expect(areaPathOfCode('110100')).toEqual(['110000', '110100']);
    expect(areaPathOfCode('110105')).toEqual(['110000', '110100', '110105']);
  });
});

describe('StoresAdminPage', { timeout: 60_000 }, () => {
  it('reads the filters from the URL into the call and offers actions by status', async () => {
    renderPage('/system/shops?status=closed&group=1&area=110100&keyword=MD&pageSize=50', <StoresAdminPage />);
    await screen.findByText('门店1');
    expect(lastBody()).toEqual({
      keyword: 'MD',
      shopGroupId: 1,
      areaCode: '110100',
      status: 'closed',
      pageNum: 1,
      pageSize: 50,
    });
    expect(within(rowOf('门店1')).getByTestId('row-action-close')).toBeTruthy();
    expect(within(rowOf('门店1')).queryByTestId('row-action-reopen')).toBeNull();
    expect(within(rowOf('门店2')).getByTestId('row-action-reopen')).toBeTruthy();
    await userEvent.type(
      screen.getByTestId('stores-keyword').querySelector('input')!,
      '{Control>}a{/Control}国贸{Enter}',
    );
    await waitFor(() => expect(where()).toContain('keyword=%E5%9B%BD%E8%B4%B8'));
  });

  it('lists the open work before closing and needs the box ticked; the refusal stays in the dialog', async () => {
    api.openWork!.mockResolvedValue({
      orderCount: 1,
      valetOrderCount: 1,
      items: [
        { kind: 'order', no: 'PF0001', status: '待发货', at: '2026-11-20T01:00:00.000Z' },
        { kind: 'valet', no: 'VO0001', status: '待确认', at: '2026-11-20T02:00:00.000Z' },
      ],
    });
    api.editStatus!.mockRejectedValueOnce(new ApiError('http', '门店还有2个未完成订单', { status: 409 }));
    api.editStatus!.mockResolvedValueOnce(store(1, { status: 'closed' }));
    renderPage('/system/shops', <StoresAdminPage />);
    await screen.findByText('门店1');
    await userEvent.click(within(rowOf('门店1')).getByTestId('row-action-close'));
    expect(await screen.findByText('PF0001')).toBeTruthy();
    expect(screen.getByText('VO0001')).toBeTruthy();
    expect(screen.getByTestId('store-close-open-work').textContent).toContain(
      '1个未完成订单、1个待确认代客订单',
    );
    await userEvent.click(screen.getByTestId('store-close-ok'));
    expect(await screen.findByText('请先勾选确认，再停业')).toBeTruthy();
    expect(api.editStatus).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('store-close-seen'));
    await userEvent.click(screen.getByTestId('store-close-ok'));
    expect(await screen.findByText('门店还有2个未完成订单')).toBeTruthy();
    await userEvent.click(screen.getByTestId('store-close-ok'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('门店已停业'));
    expect(api.editStatus).toHaveBeenLastCalledWith({ id: 1, status: 'closed', confirmOpenWork: 'true' });
  });

  it('opens a store with the code getShopCode handed out', async () => {
    api.shopCode!.mockResolvedValue({ shopCode: 'MD000042' });
    renderPage('/system/shops', <StoresAdminPage />);
    await screen.findByText('门店1');
    await userEvent.click(screen.getByTestId('stores-admin-add'));
    await waitFor(() =>
      expect((screen.getByTestId('store-form-code') as HTMLInputElement).value).toBe('MD000042'),
    );
    await userEvent.click(screen.getByTestId('store-form-ok'));
    expect(await screen.findByText('请输入门店简称')).toBeTruthy();
    expect(await screen.findAllByText('请填写门店的纬度和经度')).toHaveLength(2);
    expect(api.add).not.toHaveBeenCalled();
  });
});

describe('ShopGroupsPage', { timeout: 60_000 }, () => {
  it('offers 删除 only on an empty group, and deletes it after a confirmation', async () => {
    notify.confirm.mockResolvedValue(true);
    api.groupDelete!.mockResolvedValue(null);
    renderPage('/system/shop-groups', <ShopGroupsPage />);
    await screen.findByText('筹备组');
    expect(within(rowOf('华北一区')).queryByTestId('row-action-delete')).toBeNull();
    await userEvent.click(within(rowOf('筹备组')).getByTestId('row-action-delete'));
    await waitFor(() => expect(api.groupDelete).toHaveBeenCalledWith({ id: 2 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('分组已删除'));
  });
});
