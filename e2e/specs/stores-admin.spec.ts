import { expect, test, type Page } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { signIn } from '../support/session';

const settle = (page: Page) => page.waitForTimeout(400);
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ hasText: text }).first();

test.describe('门店管理', () => {
  test('admin opens a store, authorises a user for it, and the user picks it', async ({ page, browser }) => {
    test.setTimeout(360_000);
    const name = `e2e${String(Date.now() % 100_000).padStart(5, '0')}店`;
    await signIn(page, 'admin', 'Admin@2026!', '/system/shops');
    const list = page.getByTestId('stores-admin-page');
    await expect(page.getByTestId('stores-admin-total')).toContainText(/共 \d+ 条/, { timeout: 30_000 });
    // The demo data has closed stores too.
    await page.getByTestId('stores-admin-status').getByText('停业', { exact: true }).click();
    await expect(list.locator('tr.ant-table-row').first()).toContainText('大雁塔店');
    await page.getByTestId('stores-admin-status').getByText('全部', { exact: true }).click();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/stores-admin-1366.png`, fullPage: true });

    await page.getByTestId('stores-admin-add').click();
    const form = page.getByTestId('store-form');
    await expect(form.getByTestId('store-form-code')).toHaveValue(/^MD\d{6}$/);
    const code = await form.getByTestId('store-form-code').inputValue();
    await form.getByTestId('store-form-name').fill(name);
    await form.getByTestId('store-form-full-name').fill(`西安雁塔${name}`);
    await form.getByTestId('store-form-group').click();
    await option(page, '西北一区').click();
    await form.getByTestId('store-form-region').click();
    const cascader = page.locator('.ant-cascader-dropdown');
    await cascader.getByText('陕西省', { exact: true }).click();
    await cascader.getByText('西安市', { exact: true }).click();
    await cascader.getByText('雁塔区', { exact: true }).click();
    await form.getByTestId('store-form-detail').fill('小寨东路1号');
    // A swapped latitude and longitude is refused before it reaches the server.
    await form.getByTestId('store-form-lat').fill('108.95');
    await form.getByTestId('store-form-lng').fill('34.22');
    await page.getByTestId('store-form-ok').click();
    await expect(form.getByText(/纬度须在3.8到53.6之间/)).toBeVisible();
    await form.getByTestId('store-form-lat').fill('34.22');
    await form.getByTestId('store-form-lng').fill('108.95');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/stores-admin-form-1366.png` });
    await page.getByTestId('store-form-ok').click();
    await expect(page.getByText(`门店已开业，编号 ${code}`)).toBeVisible();
    await expect(list.locator('tr.ant-table-row').first()).toContainText(name);

    // Users admin: the 西北一区 staff member (authorised for 小寨店) gets the new store too.
    await page.goto('/system/users?shop=SD61011301');
    const users = page.getByTestId('users-admin-page');
    // The admin holds every store too, but cannot edit themselves: the row with 编辑 is the staff member's.
    const row = users
      .locator('tr.ant-table-row')
      .filter({ has: page.getByTestId('row-action-edit') })
      .first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    const username = (await row.locator('td').first().innerText()).split('\n').at(-1)!.trim();
    await row.getByTestId('row-action-edit').click();
    const stores = page.getByTestId('user-form-stores');
    await stores.click();
    await stores.locator('input').fill(code);
    await option(page, code).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-form-ok').click();
    await expect(page.getByTestId('user-form')).toBeHidden();

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const user = await context.newPage();
    await signIn(user, username, 'Staff@2026!');
    const dialog = user.getByRole('dialog', { name: '选择门店' });
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    // 小寨店 and the new store; the closed 大雁塔店 is not offered.
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog).not.toContainText('大雁塔店');
    await dialog.getByTestId('store-radio').filter({ hasText: name }).click();
    await user.getByTestId('store-select-ok').click();
    await expect(dialog).toBeHidden();
    await expect(user.getByTestId('header-store-slot')).toContainText(name);
    await context.close();
  });

  test('closing a store with open orders lists them first; reopening brings it back', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'admin', 'Admin@2026!', '/system/shops?keyword=陆家嘴');
    const list = page.getByTestId('stores-admin-page');
    const row = list.locator('tr.ant-table-row').filter({ hasText: '陆家嘴店' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByTestId('row-action-close').click();
    const dialog = page.getByTestId('store-close');
    await expect(dialog.getByTestId('store-close-open-work')).toContainText(/\d+个未完成订单/);
    await expect(dialog.getByTestId('store-close-items').locator('tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('store-close-ok').click();
    await expect(dialog.getByText('请先勾选确认，再停业')).toBeVisible();
    await expect(row.getByTestId('store-status')).toHaveText('营业');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/stores-admin-close-1366.png` });
    await dialog.getByTestId('store-close-seen').check();
    await page.getByTestId('store-close-ok').click();
    await expect(page.getByText('门店已停业')).toBeVisible();
    await expect(row.getByTestId('store-status')).toHaveText('停业');

    // Leave the demo data as found.
    await row.getByTestId('row-action-reopen').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(row.getByTestId('store-status')).toHaveText('营业');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/system/shops');
    await expect(page.getByTestId('stores-admin-total')).toContainText(/共 \d+ 条/, { timeout: 30_000 });
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/stores-admin-390.png`, fullPage: true });
    await page.goto('/system/shop-groups');
    await expect(page.getByTestId('shop-groups-total')).toContainText(/共 \d+ 条/, { timeout: 30_000 });
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shop-groups-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shop-groups-1366.png`, fullPage: true });
  });
});
