import { expect, test } from '../support/test';
import { pickStoreIfAsked, signIn } from '../support/session';
import { shootBothSizes } from '../support/screens';

test.describe('head-office administration', () => {
  // Two sign-ins, several round trips and four screenshots on a machine shared with other runs.
  test.setTimeout(300_000);

  test('admin adds a dictionary item and sees it', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@2026!', '/system/dict');
    await pickStoreIfAsked(page, 'dict-page');

    await page.getByTestId('dict-types-keyword').locator('input').fill('cancel_reason');
    await page.getByTestId('dict-types-keyword').locator('input').press('Enter');
    await page.getByTestId('list-key-link').filter({ hasText: 'cancel_reason' }).first().click();
    const panel = page.getByTestId('dict-items-panel');
    await expect(panel).toContainText('字典项：取消原因');
    await expect(panel).toContainText('顾客要求取消');

    await page.getByTestId('dict-item-add').click();
    await page.getByTestId('dict-item-label').fill('门店闭店');
    await page.getByTestId('dict-item-value').fill('store_closed');
    await page.getByTestId('dict-item-value').press('Enter');
    await expect(page.getByTestId('dict-item-dialog')).toBeHidden({ timeout: 30_000 });
    const row = page.getByTestId('dict-items-table').locator('tr', { hasText: '门店闭店' });
    await expect(row).toContainText('store_closed');
    await expect(row.getByTestId('dict-item-status')).toHaveText('启用');

    // A duplicate value is refused inside the dialog, in Chinese.
    await page.getByTestId('dict-item-add').click();
    await page.getByTestId('dict-item-label').fill('再来一个');
    await page.getByTestId('dict-item-value').fill('store_closed');
    await page.getByTestId('dict-item-dialog-ok').click();
    await expect(page.getByTestId('dict-item-dialog')).toContainText('已有值为「store_closed」');
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // Disabling asks first.
    await row.getByTestId('row-action-disable').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(row.getByTestId('dict-item-status')).toHaveText('停用');

    await shootBothSizes(page, 'admin-dict');
  });

  test('admin adds a department and cannot delete one with users', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@2026!', '/system/depts');
    await pickStoreIfAsked(page, 'dept-page');
    const table = page.getByTestId('dept-table');
    await expect(table).toContainText('运营中心');
    await expect(table).toContainText('采购中心');

    const operations = table.locator('tr', { hasText: '运营中心' }).first();
    await operations.getByRole('button', { name: '新增下级' }).click();
    await page.getByTestId('dept-name').fill('招商组');
    await page.getByTestId('dept-name').press('Enter');
    await expect(page.getByTestId('dept-dialog')).toBeHidden({ timeout: 30_000 });
    await expect(table.locator('tr', { hasText: '招商组' })).toBeVisible();

    // 运营中心 has demo users: the refusal names how many.
    await operations.getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.locator('.ant-message')).toContainText(/部门「运营中心」及其下级部门还有\d+名用户/);
    await expect(table.locator('tr', { hasText: '运营中心' }).first()).toBeVisible();

    // The new, empty team can go.
    await table.locator('tr', { hasText: '招商组' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(table.locator('tr', { hasText: '招商组' })).toHaveCount(0);
    await shootBothSizes(page, 'admin-depts');
  });
});
