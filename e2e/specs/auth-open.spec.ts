import { expect, test, type Page } from '../support/test';
import ExcelJS from 'exceljs';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { pickStoreIfAsked, signIn } from '../support/session';

const settle = (page: Page) => page.waitForTimeout(400);

async function badImportFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户信息');
  sheet.addRow(['工号', '姓名', '手机号', '门店编号', '角色']);
  sheet.addRow(['E2E001', '吴一', '13912340001', 'NOPE01', '店长']);
  sheet.addRow(['E2E002', '', '1391234', 'NOPE01', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test.describe('authorisation opening', () => {
  test('head office opens a store, the staff member confirms and refuses', async ({ page, browser }) => {
    await signIn(page, 'admin', 'Admin@2026!', '/system/auth-open');
    await pickStoreIfAsked(page, 'auth-open-page');
    const lookup = page.getByTestId('auth-open-lookup').locator('input');
    await lookup.fill('S1002');
    await lookup.press('Enter');
    await expect(page.getByTestId('auth-open-user')).toContainText('周一鸣');
    await expect(page.getByTestId('auth-open-user')).toContainText('马驹桥店');

    const stores = page.getByTestId('auth-open-stores');
    for (const keyword of ['亦庄', '陆家嘴']) {
      await stores.click();
      // fill() replaces whatever the search box still holds from the previous pick.
      await stores.locator('input').fill(keyword);
      const option = page
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^SD\\d+ .*${keyword}`) })
        .first();
      await option.click();
    }
    await page.keyboard.press('Escape');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/auth-open-1366.png`, fullPage: true });
    await page.getByTestId('auth-open-submit').click();
    await expect(page.getByText(/已为2家门店发起授权/)).toBeVisible();
    await expect(page.getByTestId('auth-open-user')).toContainText('亦庄');

    // A file with bad rows shows the row errors and imports nothing.
    await page
      .getByTestId('auth-open-import')
      .locator('input[type=file]')
      .setInputFiles({
        name: '导入.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await badImportFile(),
      });
    const errors = page.getByTestId('auth-open-import-errors');
    await expect(errors).toContainText('门店编号不存在：NOPE01');
    await expect(errors).toContainText('第3行');
    await settle(page);
    await page.getByTestId('auth-open-import').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/auth-open-import-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/auth-open-390.png`, fullPage: true });

    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const staff = await staffContext.newPage();
    await signIn(staff, 'solo', 'Solo@2026!');
    await staff.goto('/store/auth-confirm');
    await pickStoreIfAsked(staff, 'auth-confirm-page');
    const table = staff.getByTestId('auth-confirm-page');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(2);
    await expect(table).toContainText('待确认');
    await settle(staff);
    await staff.screenshot({ path: `${SCREENSHOT_DIR}/auth-confirm-1366.png`, fullPage: true });
    // On a phone the records are cards, each pending one with its two answers.
    await staff.setViewportSize({ width: 390, height: 844 });
    await expect(staff.getByTestId('auth-confirm-cards').getByTestId('row-action-confirm')).toHaveCount(2);
    await settle(staff);
    await staff.screenshot({ path: `${SCREENSHOT_DIR}/auth-confirm-pending-390.png`, fullPage: true });
    await staff.setViewportSize({ width: 1366, height: 768 });

    await table
      .locator('tr.ant-table-row')
      .first()
      .getByRole('button', { name: /^确\s*认$/ })
      .click();
    await expect(staff.getByText('已确认，现在可以切换到该门店')).toBeVisible();
    // The list refreshes after the toast: wait until only one record is still pending.
    await expect(table.locator('tr.ant-table-row').filter({ hasText: '待确认' })).toHaveCount(1);
    await table
      .locator('tr.ant-table-row')
      .filter({ hasText: '待确认' })
      .getByRole('button', { name: /^拒\s*绝$/ })
      .click();
    await expect(staff.getByText(/确定拒绝.+的门店授权吗/)).toBeVisible();
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    await expect(table).toContainText('已拒绝');
    await expect(table).toContainText('已确认');
    await expect(staff.getByRole('dialog')).toBeHidden();
    // No record is pending any more: no row keeps a button (the card's own tools stay).
    await expect(table.locator('tr.ant-table-row').getByRole('button')).toHaveCount(0);
    await staff.setViewportSize({ width: 390, height: 844 });
    await settle(staff);
    await staff.screenshot({ path: `${SCREENSHOT_DIR}/auth-confirm-390.png`, fullPage: true });
    await staffContext.close();
  });
});
