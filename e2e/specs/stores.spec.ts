import { expect, test, type Page } from '../support/test';
import { forgetLastStore } from '../support/demo-api';
import { signInWithForm } from '../support/session';
import { settle, shootBothSizes } from '../support/screens';

const storeSlot = (page: Page) => page.getByTestId('header-store-slot');
/** The header names the store by its short name; area, name and code are its tooltip. */
async function expectStore(page: Page, label: string) {
  await expect(storeSlot(page)).toHaveAttribute('title', label);
  await expect(storeSlot(page)).toHaveText(label.split('-')[1]!);
}
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

test.describe('store selection', () => {
  // staff starts without a remembered store, and the spec leaves it so for the specs after it.
  test.beforeEach(async ({ request }) => {
    await forgetLastStore(request, 'staff');
  });
  test.afterAll(async ({ request }) => {
    await forgetLastStore(request, 'staff');
  });

  test('staff picks a store at start-up, then switches from the header', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithForm(page, 'staff', 'Staff@2026!');
    const dialog = page.getByTestId('store-select-dialog');
    await expect(dialog).toContainText('您有多个门店的权限，请选择一个门店');
    await expect(page.getByTestId('store-radio')).toHaveCount(3);
    await expect(storeSlot(page)).toHaveText('选择门店');

    // It cannot be dismissed: no close button, Esc and a click outside leave it open.
    await expect(page.locator('.ant-modal-close')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await settle(page);
    await expect(dialog).toBeVisible();

    // 确定 without a choice warns.
    await page.getByTestId('store-select-ok').click();
    await expect(page.locator('.ant-message-notice')).toContainText('请选择门店！');
    await shootBothSizes(page, 'stores-select-dialog');

    // The nearest store (亦庄) comes first; the search narrows the list.
    await page.getByTestId('store-search-input').fill('亦庄');
    await page.getByTestId('store-search-input').press('Enter');
    await expect(page.getByTestId('store-radio')).toHaveCount(2);
    const first = page.getByTestId('store-radio').first();
    const firstLabel = (await first.textContent()) ?? '';
    await first.click();
    await page.getByTestId('store-select-ok').click();
    await expect(dialog).toBeHidden();
    await expectStore(page, `华北一区-${firstLabel}`);

    // The popover lists the stores grouped by area, the current one marked.
    await storeSlot(page).click();
    const panel = page.getByTestId('store-switcher-panel');
    await expect(panel.getByTestId('store-group')).toHaveCount(2);
    await expect(panel.getByTestId('store-group').first()).toContainText('华北一区');
    await expect(panel.locator('[aria-current="true"]')).toHaveText(firstLabel);
    const reopenSwitcher = async () => {
      await storeSlot(page).click();
      await expect(panel).toBeHidden();
      await storeSlot(page).click();
      await expect(panel.getByTestId('store-group')).toHaveCount(2);
    };
    await shootBothSizes(page, 'stores-switcher', reopenSwitcher);

    // Choosing the current store only closes the popover.
    await panel.locator('[aria-current="true"]').click();
    await expect(panel).toBeHidden();
    await expect(confirmDialog(page)).toHaveCount(0);

    // Keyword + Enter, then the confirm on 首页.
    await storeSlot(page).click();
    await page.getByTestId('store-search-input').fill('陆家嘴');
    await page.getByTestId('store-search-input').press('Enter');
    await expect(page.getByTestId('store-option')).toHaveCount(1);
    const lujiazui = (await page.getByTestId('store-option').textContent()) ?? '';
    await page.getByTestId('store-option').click();
    await expect(confirmDialog(page)).toContainText(`您将切换到门店【华东一区-${lujiazui}】，是否确认？`);
    await confirmDialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expectStore(page, `华北一区-${firstLabel}`);

    // Elsewhere the confirm adds the return to 首页, and a switch goes there.
    await page.getByTestId('user-menu').click();
    await page.getByText('个人中心').click();
    await expect(page).toHaveURL(/\/user\/center$/);
    await storeSlot(page).click();
    await page.getByTestId('store-search-input').fill('陆家嘴');
    await page.getByTestId('store-search-button').click();
    await expect(page.getByTestId('store-option')).toHaveCount(1);
    await page.getByTestId('store-option').click();
    await expect(confirmDialog(page)).toContainText(
      `您将切换到门店【华东一区-${lujiazui}】，并返回首页，是否确认？`,
    );
    await confirmDialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectStore(page, `华东一区-${lujiazui}`);
    await expect(page.getByTestId('tags-bar').getByTestId('tag')).toHaveText(['首页']);

    // 陆家嘴店's information is unconfirmed: the store-info dialog asks for it before work goes on.
    const storeInfo = page.getByRole('dialog', { name: '确认门店信息' });
    await expect(storeInfo).toBeVisible();
    await expect(storeInfo.getByTestId('store-info-shop-name')).toHaveValue('陆家嘴店');
    await expect(storeInfo.getByTestId('store-map-coordinates')).toHaveText(/^31\.\d{6}, 121\.\d{6}$/);
    await storeInfo.getByTestId('store-info-shop-phone').fill('021-68881234');
    await storeInfo.getByTestId('store-info-save').click();
    await expect(page.getByText('门店信息保存成功')).toBeVisible();
    await expect(storeInfo).toBeHidden();

    // The choice is remembered on the server: a new sign-in selects it without asking.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInWithForm(page, 'staff', 'Staff@2026!');
    await expectStore(page, `华东一区-${lujiazui}`);
    await expect(page.getByTestId('store-select-dialog')).toHaveCount(0);
  });

  test('solo is given the only store without a question', async ({ page }) => {
    await signInWithForm(page, 'solo', 'Solo@2026!');
    await expect(storeSlot(page)).toHaveAttribute('title', /^华北一区-.*马驹桥/);
    await expect(storeSlot(page)).toContainText('马驹桥');
    await expect(page.getByTestId('store-select-dialog')).toHaveCount(0);
  });

  test('nostore is told there is no store permission, and pages wait for a store', async ({ page }) => {
    await signInWithForm(page, 'nostore', 'Nostore@2026!');
    await expect(page.getByTestId('no-store-permission')).toHaveText('您暂无门店权限，请联系业务负责人');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('no-store-permission')).toBeVisible();
    await shootBothSizes(page, 'stores-no-permission');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByTestId('no-store-permission')).toBeHidden();

    // Any page but 首页 needs a store.
    await page.getByTestId('user-menu').click();
    await page.getByText('个人中心').click();
    await expect(page.getByTestId('store-gate')).toContainText('请先选择门店');
    await page.getByTestId('store-gate').getByRole('button').click();
    await expect(page.getByTestId('store-switcher-panel')).toContainText('暂无数据');
    await shootBothSizes(page, 'stores-gate', async () => {
      await storeSlot(page).click();
      await expect(page.getByTestId('store-switcher-panel')).toBeHidden();
      await page.getByTestId('store-gate').getByRole('button').click();
      await expect(page.getByTestId('store-switcher-panel')).toContainText('暂无数据');
    });
  });

  test('a failed last-store call offers 重新获取 and 跳过', async ({ page }) => {
    let failures = 0;
    await page.route(
      '**/api/user/shop/last/change',
      async (route) => {
        failures += 1;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ result: 1, data: null, errorMsg: '服务繁忙', errorCode: 'BUSY' }),
        });
      },
      { times: 1 },
    );
    await signInWithForm(page, 'solo', 'Solo@2026!');
    await expect(page.getByTestId('last-store-failed')).toHaveText('获取您上次使用门店信息失败');
    expect(failures).toBe(1);
    await shootBothSizes(page, 'stores-last-store-failed');
    await page.getByTestId('last-store-retry').click();
    await expect(page.getByTestId('last-store-failed')).toBeHidden();
    await expect(storeSlot(page)).toContainText('马驹桥');

    // 跳过 continues without a store.
    await page.evaluate(() => localStorage.removeItem('shopInfo'));
    await page.route('**/api/user/shop/last/change', (route) => route.abort(), { times: 1 });
    await page.reload();
    await expect(page.getByTestId('last-store-failed')).toBeVisible();
    await page.getByTestId('last-store-skip').click();
    await expect(page.getByTestId('last-store-failed')).toBeHidden();
    await expect(storeSlot(page)).toHaveText('选择门店');
  });
});
