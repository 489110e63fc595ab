import { expect, test, type Locator, type Page } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { DEMO_USERS, signIn } from '../support/session';

type Staff = { userId: number; name: string; phone: string };

/**
 * Selects a store the way the store switcher does (remembered on the server, `shopInfo` in localStorage),
 * found by keyword among the admin's stores; returns its code.
 */
async function selectStore(page: Page, keyword: string): Promise<string> {
  return page.evaluate(async (searchKeyWord) => {
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${localStorage.getItem('EL-ADMIN-TOEKN')}`,
    };
    const post = async (url: string, body: unknown) => {
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
      return (await response.json()) as { result: number; data: unknown };
    };
    const groups = (await post('/api/users/query/shopGroup/v2', { searchKeyWord })) as {
      data: { list: { frontTitle: string; shopList: { addressId: string; businessScopeName: string }[] }[] };
    };
    const group = groups.data.list[0];
    const store = group?.shopList[0];
    if (!group || !store) throw new Error(`no store matches ${searchKeyWord}`);
    const saved = await post('/api/user/shop/save/change', {
      storeCode: store.addressId,
      userId: Number(localStorage.getItem('userId')),
    });
    if (saved.result !== 0) throw new Error('could not remember the store');
    localStorage.setItem(
      'shopInfo',
      JSON.stringify({
        storeCode: store.addressId,
        addressId: store.addressId,
        frontTitle: group.frontTitle,
        businessScopeName: store.businessScopeName,
      }),
    );
    return store.addressId;
  }, keyword);
}

/** Reloads and returns the store's staff as the dialog loads them. */
async function reloadForDialog(page: Page): Promise<Staff[]> {
  const [staff] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/feo/dept/staffList')),
    page.reload(),
  ]);
  return ((await staff.json()) as { data: { list: Staff[] } }).data.list;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: '确认门店信息' });
// A replaced message lingers while it animates out.
const explain = (item: Locator) =>
  item.locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
const formItem = (page: Page, label: string) =>
  dialog(page)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) });
const settle = (page: Page) => page.waitForTimeout(400);

test.describe('store-info confirmation', () => {
  test('an unconfirmed store must be confirmed before work goes on', async ({ page }) => {
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    const code = await selectStore(page, '回龙观');
    const staff = await reloadForDialog(page);
    const form = dialog(page);
    await expect(form).toBeVisible();
    await expect(form.getByTestId('store-info-shop-name')).toHaveValue('回龙观店');
    await expect(form.getByTestId('store-info-shop-code')).toHaveValue(code);
    await expect(form.getByTestId('store-info-shop-code')).toHaveAttribute('readonly', '');
    await expect(form.getByText('搜索地址或点击地图设置门店位置')).toBeVisible();
    await expect(form.getByText('同时作为代客兑换礼品的联系人')).toBeVisible();
    await expect(form.locator('.leaflet-marker-icon')).toBeVisible();

    // Neither a click beside it nor Escape closes it, and it has no close button.
    await page.mouse.click(10, 10);
    await page.keyboard.press('Escape');
    await expect(form).toBeVisible();
    await expect(form.getByRole('button', { name: '关闭' })).toHaveCount(0);

    // Validation (spec 5).
    await form.getByTestId('store-info-shop-name').fill('');
    await form.getByTestId('store-info-shop-phone').fill('010-1234');
    await form.getByTestId('store-info-detail-address').fill('');
    await form.getByTestId('store-info-save').click();
    await expect(explain(formItem(page, '门店简称'))).toHaveText('请选择门店');
    await expect(explain(formItem(page, '门店电话'))).toHaveText('联系电话格式不正确');
    await expect(explain(formItem(page, '详细地址'))).toHaveText('请输入详细地址');
    await form.getByTestId('store-info-shop-phone').fill('');
    await expect(explain(formItem(page, '门店电话'))).toHaveText('请输入联系电话');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-dialog-1366.png` });

    await form.getByTestId('store-info-shop-name').fill('回龙观旗舰店');
    await form.getByTestId('store-info-shop-phone').fill('010-61234567');

    // A new region clears the detailed address.
    await form.getByTestId('store-info-detail-address').fill('旧地址');
    await form.getByTestId('store-info-region').click();
    const cascader = page.locator('.ant-cascader-dropdown');
    await cascader.getByText('北京市', { exact: true }).click();
    await cascader.getByText('市辖区', { exact: true }).click();
    await cascader.getByText('海淀区', { exact: true }).click();
    await expect(form.getByTestId('store-info-region')).toContainText('北京市 / 海淀区');
    await expect(form.getByTestId('store-info-detail-address')).toHaveValue('');

    // Place search (debounced) moves the marker and fills the location.
    await form.getByTestId('store-info-place-search').click();
    await page.keyboard.type('中关村');
    // The seeded place comes first, then the admin's own stores that match.
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: '北京市海淀区中关村大街' })
      .first()
      .click();
    await expect(form.getByTestId('store-map-coordinates')).toHaveText('39.983400, 116.316200');
    await expect(form.getByTestId('store-info-region')).toContainText('海淀区');
    await form.getByTestId('store-info-detail-address').fill('中关村大街15号中关村广场购物中心1层');

    // A click on the map moves the location.
    await form.locator('.leaflet-container').click({ position: { x: 300, y: 80 } });
    await expect(form.getByTestId('store-map-coordinates')).not.toHaveText('39.983400, 116.316200');
    const picked = (await form.getByTestId('store-map-coordinates').textContent()) ?? '';
    expect(picked).toMatch(/^\d+\.\d{6}, \d+\.\d{6}$/);

    // Picking a contact fills the contact phone.
    const contact = staff[0];
    if (!contact) throw new Error('the demo store has no staff');
    await form.getByTestId('store-info-contact').click();
    await page.locator('.ant-select-item-option').filter({ hasText: contact.name }).first().click();
    await expect(form.getByTestId('store-info-contact-phone')).toHaveValue(contact.phone);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-dialog-filled-1366.png` });

    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/feo/shopInfo/save')),
      form.getByTestId('store-info-save').click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect(page.getByText('门店信息保存成功')).toBeVisible();
    await expect(form).toBeHidden();

    // Confirmed: a reload asks again and the dialog stays closed.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/feo/shopInfo/modifyStatus')),
      page.reload(),
    ]);
    await expect(page.getByTestId('shell')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(dialog(page)).toHaveCount(0);

    // The 门店信息 page shows what was saved and edits it in the same form.
    await page.goto('/store/store-info');
    const detail = page.getByTestId('store-info-detail');
    await expect(detail).toContainText('回龙观旗舰店');
    await expect(detail).toContainText('北京市 / 海淀区');
    await expect(detail).toContainText('中关村大街15号中关村广场购物中心1层');
    await expect(detail).toContainText(picked);
    await expect(detail).toContainText(contact.name);
    await expect(detail).toContainText('已确认');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-page-1366.png` });
    await page.getByTestId('store-info-edit').click();
    const edit = page.getByRole('dialog', { name: '编辑门店信息' });
    await expect(edit.getByTestId('store-info-shop-name')).toHaveValue('回龙观旗舰店');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-edit-1366.png` });
    await edit.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect(edit).toBeHidden();
  });

  test('on a phone, a store without a location says so and cannot be saved', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await selectStore(page, '花果园');
    await reloadForDialog(page);
    const form = dialog(page);
    await expect(form).toBeVisible();
    await expect(form.getByTestId('store-map-no-location')).toHaveText('暂无定位信息');
    await expect(form.locator('.leaflet-container')).toBeVisible();
    await expect(form.locator('.leaflet-marker-icon')).toHaveCount(0);
    // Read once the dialog's opening zoom has ended: mid-animation it is a little narrower.
    await expect.poll(async () => (await form.boundingBox())?.width ?? 0).toBeGreaterThan(360);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-dialog-390.png` });

    await form.getByTestId('store-info-save').click();
    await expect(page.getByText('请设置门店定位信息')).toBeVisible();
    await expect(form).toBeVisible();
    await form.getByTestId('store-info-detail-address').scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-dialog-390-warning.png` });

    // A tap on the map gives the store a location; then it saves.
    await form.locator('.leaflet-container').click({ position: { x: 160, y: 150 } });
    await expect(form.getByTestId('store-map-coordinates')).toHaveText(/^\d+\.\d{6}, \d+\.\d{6}$/);
    await expect(form.locator('.leaflet-marker-icon')).toBeVisible();
    await form.getByTestId('store-info-save').click();
    await expect(page.getByText('门店信息保存成功')).toBeVisible();
    await expect(form).toBeHidden();

    await page.goto('/store/store-info');
    await expect(page.getByTestId('store-info-detail')).toContainText('已确认');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/store-info-page-390.png` });
  });
});
