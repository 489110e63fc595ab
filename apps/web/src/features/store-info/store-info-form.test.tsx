import '../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { AREA_TREE, CONTACTS, DETAIL, GUOMAO } from './test-fixtures';

const api = vi.hoisted(() => ({
  infoStatus: vi.fn(),
  detail: vi.fn(),
  areaTree: vi.fn(),
  searchPlaces: vi.fn(),
  contacts: vi.fn(),
  save: vi.fn(),
}));
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));
vi.mock('./store-info-api', () => ({ storeInfoApi: api }));
// Leaflet needs a real browser; the unit tests only need the map's inputs and its click.
vi.mock('./store-map', () => ({
  StoreMap: (props: { latitude: number; longitude: number; onPick(lat: number, lng: number): void }) => (
    <div data-testid="map-stub" data-lat={props.latitude} data-lng={props.longitude}>
      <button type="button" onClick={() => props.onPick(39.95, 116.45)}>
        map-click
      </button>
    </div>
  ),
}));

const { StoreInfoForm } = await import('./store-info-form');

function renderForm() {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StoreInfoForm shopCode={DETAIL.shopCode} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const save = () => userEvent.click(screen.getByTestId('store-info-save'));
const openSelect = (testId: string) =>
  fireEvent.mouseDown(
    within(screen.getByTestId(testId).closest('.ant-select, .ant-cascader') as HTMLElement).getByRole(
      'combobox',
    ),
  );

beforeEach(() => {
  api.areaTree.mockResolvedValue(AREA_TREE);
  api.detail.mockResolvedValue(DETAIL);
  api.contacts.mockResolvedValue(CONTACTS);
  api.save.mockResolvedValue(undefined);
  api.searchPlaces.mockResolvedValue([GUOMAO]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// antd forms in jsdom are slow to type into.
describe('StoreInfoForm', { timeout: 30_000 }, () => {
  it('loads regions, detail and the store staff, then fills the form', async () => {
    renderForm();
    expect(screen.getByTestId('store-info-loading')).toBeTruthy();
    expect(await screen.findByTestId('store-info-form')).toBeTruthy();
    expect(field('store-info-shop-name').value).toBe('回龙观店');
    expect(field('store-info-shop-code').readOnly).toBe(true);
    expect(screen.getByText('北京市 / 昌平区')).toBeTruthy();
    expect(api.contacts).toHaveBeenCalledWith('SD11011401', 5);
    expect(screen.getByTestId('map-stub').dataset.lat).toBe('40.0703');
    expect(screen.getByText('同时作为代客兑换礼品的联系人')).toBeTruthy();
  });

  it('shows the spec 5 messages and does not save', async () => {
    renderForm();
    await screen.findByTestId('store-info-form');
    await userEvent.clear(field('store-info-shop-name'));
    await userEvent.clear(field('store-info-shop-phone'));
    await userEvent.clear(field('store-info-detail-address'));
    await save();
    expect(await screen.findByText('请选择门店')).toBeTruthy();
    expect(screen.getByText('请输入联系电话')).toBeTruthy();
    expect(screen.getByText('请输入详细地址')).toBeTruthy();
    await userEvent.type(field('store-info-shop-phone'), '010-1234');
    expect(await screen.findByText('联系电话格式不正确')).toBeTruthy();
    await userEvent.type(field('store-info-contact-phone'), '123');
    expect(await screen.findByText('联系人电话格式不正确')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('asks for a region when none is chosen', async () => {
    api.detail.mockResolvedValue({ ...DETAIL, shopProvinceCode: '', shopCityCode: '', shopCountyCode: '' });
    renderForm();
    await screen.findByTestId('store-info-form');
    await save();
    expect(await screen.findByText('请选择')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('clears the detailed address when the region changes', async () => {
    renderForm();
    await screen.findByTestId('store-info-form');
    openSelect('store-info-region');
    const menu = () => within(document.querySelector('.ant-cascader-dropdown') as HTMLElement);
    await userEvent.click(await screen.findByText('天津市'));
    await userEvent.click(menu().getByText('市辖区'));
    await userEvent.click(await screen.findByText('和平区'));
    await waitFor(() => expect(field('store-info-detail-address').value).toBe(''));
    expect(screen.getAllByText('天津市 / 和平区').length).toBeGreaterThan(0);
  });

  it('treats 0/0 as no location: warns on save and sends nothing', async () => {
    api.detail.mockResolvedValue({ ...DETAIL, latitude: 0, longitude: 0 });
    renderForm();
    await screen.findByTestId('store-info-form');
    await save();
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith('请设置门店定位信息'));
    expect(api.save).not.toHaveBeenCalled();

    // A click on the map gives it a location; then it saves.
    await userEvent.click(screen.getByText('map-click'));
    expect(screen.getByTestId('map-stub').dataset.lat).toBe('39.95');
    await save();
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save.mock.calls[0]?.[0]).toMatchObject({ latitude: 39.95, longitude: 116.45 });
  });

  it('picking a place moves the location and, in another county, sets the region and clears the address', async () => {
    renderForm();
    await screen.findByTestId('store-info-form');
    const search = within(
      screen.getByTestId('store-info-place-search').closest('.ant-select') as HTMLElement,
    );
    await userEvent.type(search.getByRole('combobox'), '国贸');
    await userEvent.click(await screen.findByText('国贸商城', {}, { timeout: 2000 }));
    await waitFor(() => expect(screen.getByTestId('map-stub').dataset.lat).toBe('39.9087'));
    expect(api.searchPlaces).toHaveBeenCalledWith('国贸');
    expect(screen.getByText('北京市 / 朝阳区')).toBeTruthy();
    expect(field('store-info-detail-address').value).toBe('');
  });

  it('picking a contact fills the contact phone, and the save sends both', async () => {
    const { onSaved } = renderForm();
    await screen.findByTestId('store-info-form');
    openSelect('store-info-contact');
    await userEvent.click(await screen.findByText('赵强'));
    await waitFor(() => expect(field('store-info-contact-phone').value).toBe('010-66778899'));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.save).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 12,
        shopCode: 'SD11011401',
        shopCountyCode: '110114',
        shopCountyName: '昌平区',
        contactsId: 8,
        contactsName: '赵强',
        contactsPhone: '010-66778899',
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('门店信息保存成功');
  });

  it('Enter in a field submits the form', async () => {
    const { onSaved } = renderForm();
    await screen.findByTestId('store-info-form');
    await userEvent.type(field('store-info-shop-phone'), '{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('shows the server message when the save fails and stays open', async () => {
    api.save.mockRejectedValue(new ApiError('business', '请选择正确的省市区', { status: 400 }));
    const { onSaved } = renderForm();
    await screen.findByTestId('store-info-form');
    await save();
    expect((await screen.findByTestId('store-info-save-error')).textContent).toContain('请选择正确的省市区');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
