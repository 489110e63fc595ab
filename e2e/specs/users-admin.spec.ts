import { expect, test } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { submitSignIn } from '../support/session';
import { settle } from '../support/screens';

test.describe('用户管理', () => {
  test('admin creates a user with a role and two stores; the user changes the one-time password', async ({
    page,
    browser,
  }) => {
    test.setTimeout(360_000);
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const username = `e2e${suffix}`;
    const phone = `137${suffix}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

    await submitSignIn(page, 'admin', 'Admin@2026!');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/system/users');
    const list = page.getByTestId('users-admin-page');
    await expect(list).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('users-total')).toContainText(/共 \d+ 条/, { timeout: 30_000 });
    // The demo data has disabled users and users who must still change their password.
    await expect(list.getByText('待改密').first()).toBeVisible();
    await page.getByTestId('users-state').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '停用' }).click();
    await expect(page).toHaveURL(/state=disabled/);
    await expect(list.locator('tr.ant-table-row').first()).toContainText('停用');
    await list.getByRole('button', { name: /^重\s*置$/ }).click();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/users-admin-1366.png`, fullPage: true });

    await page.getByTestId('users-add').click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('user-form-username').fill(username);
    await form.getByTestId('user-form-name').fill('端到端');
    await form.getByTestId('user-form-work-code').fill(`E${suffix}`);
    await form.getByTestId('user-form-phone').fill(phone);
    await form.getByTestId('user-form-roles').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '门店店员' }).click();
    await page.keyboard.press('Escape');
    const stores = form.getByTestId('user-form-stores');
    const picked: string[] = [];
    for (const keyword of ['亦庄文化园', '亦庄荣华']) {
      await stores.click();
      await stores.locator('input').fill(keyword);
      const option = page.locator('.ant-select-item-option').filter({ hasText: keyword }).first();
      await expect(option).toBeVisible();
      picked.push((await option.innerText()).replace(/（.*$/, ''));
      await option.click();
    }
    await page.keyboard.press('Escape');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/users-admin-form-1366.png` });
    await page.getByTestId('user-form-ok').click();

    const password = page.getByTestId('one-time-password');
    await expect(password).toBeVisible();
    const oneTimePassword = (await password.innerText()).trim();
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{12}$/);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/users-admin-password-1366.png` });
    await page.getByRole('button', { name: '我已记下' }).click();

    await page.getByTestId('users-keyword').locator('input').fill(username);
    await page.getByTestId('users-keyword').locator('input').press('Enter');
    await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(list.locator('tr.ant-table-row')).toContainText('待改密');
    await expect(list.locator('tr.ant-table-row')).toContainText('2家');

    await page.setViewportSize({ width: 390, height: 844 });
    await list.getByRole('button', { name: /^重\s*置$/ }).click();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/users-admin-390.png`, fullPage: true });

    // The new user: the one-time password works once, and only to set a new one.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const user = await context.newPage();
    await submitSignIn(user, username, oneTimePassword);
    await expect(user.getByTestId('must-change-password')).toBeVisible();
    await expect(user).toHaveURL(/\/login/);
    await settle(user);
    await user.screenshot({ path: `${SCREENSHOT_DIR}/users-must-change-1366.png` });
    await user.getByTestId('must-change-new').fill('Welcome#2026');
    await user.getByTestId('must-change-confirm').fill('Welcome#2026');
    await user.getByTestId('must-change-confirm').press('Enter');

    // In the console, asked to pick one of exactly the two stores given.
    const dialog = user.getByRole('dialog', { name: '选择门店' });
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    for (const name of picked) await expect(dialog).toContainText(name);
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await expect(user).toHaveURL(/\/dashboard$/);
    await context.close();
  });
});
