import { expect, test, type Page } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { DEMO_USERS, signIn } from '../support/session';

const tags = (page: Page) => page.getByTestId('tags-bar').getByTestId('tag');

/** Opens a menu page; retried because a click can land while the submenu is still sliding open. */
async function openFromSidebar(page: Page, group: string, item: string) {
  const sidebar = page.getByTestId('sidebar');
  const entry = sidebar.getByRole('menuitem', { name: item, exact: true });
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar.getByText(group, { exact: true }).click();
    await entry.click();
    // The tab title names the page (the tabs bar is hidden on phones).
    await expect(page).toHaveTitle(new RegExp(`^${item} - `), { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Lets the sidebar, switch and menu transitions finish before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);

test.describe('console shell', () => {
  test('tabs, menu search, sidebar and theme', async ({ page }) => {
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await expect(page.getByTestId('shell-footer')).toContainText('© 2026 门店运营云平台');
    await expect(tags(page)).toHaveText(['首页']);

    // Two menu pages open as tabs; the breadcrumb follows.
    await openFromSidebar(page, '订单管理', '抢单');
    await expect(page).toHaveURL(/\/order\/rob-orders$/);
    await openFromSidebar(page, '会员管理', '会员查询');
    await expect(page).toHaveURL(/\/member\/member-inquiry$/);
    await expect(tags(page)).toHaveText(['首页', '抢单', '会员查询']);
    await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('首页/会员管理/会员查询');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-1366.png` });

    // The context menu closes the others: the affix 首页 and the chosen tab stay.
    await tags(page).filter({ hasText: '抢单' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(tags(page)).toHaveText(['首页', '抢单']);
    await expect(page).toHaveURL(/\/order\/rob-orders$/);

    // The open tabs survive a reload.
    await page.reload();
    await expect(tags(page)).toHaveText(['首页', '抢单']);

    // Header search by pinyin initials.
    await page.getByTestId('header-search-open').click();
    // The search box loads on first use: type once it has the focus.
    await expect(page.getByTestId('header-search').getByRole('combobox')).toBeFocused();
    await page.keyboard.type('ddgl');
    await expect(page.locator('.ant-select-item-option').first()).toHaveText('订单管理');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-search.png` });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/order\/rob-orders$/);

    // Closing the active tab goes to the last one left.
    await tags(page).filter({ hasText: '抢单' }).getByLabel('关闭').click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The sidebar folds and remembers it.
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'true');
    await page.getByTestId('hamburger').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'false');
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-collapsed.png` });
    await page.getByTestId('hamburger').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'true');

    // The settings panel changes the theme colour, kept in a cookie across reloads.
    await page.getByTestId('user-menu').click();
    await page.getByText('布局设置').click();
    await expect(page.getByText('系统布局设置')).toBeVisible();
    await page.getByTestId('theme-1890ff').click();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-settings.png` });
    const activeTag = tags(page).filter({ hasText: '首页' });
    await expect(activeTag).toHaveCSS('background-color', 'rgb(24, 144, 255)');
    expect((await page.context().cookies()).find((c) => c.name === 'theme')?.value).toBe('#1890ff');
    await page.reload();
    await expect(tags(page).filter({ hasText: '首页' })).toHaveCSS('background-color', 'rgb(24, 144, 255)');
  });

  test('keeps a page alive while its tab is open', async ({ page }) => {
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await openFromSidebar(page, '订单管理', '抢单');
    await openFromSidebar(page, '会员管理', '会员查询');
    await tags(page).filter({ hasText: '抢单' }).click();
    await expect(page).toHaveURL(/\/order\/rob-orders$/);
    // Both pages stay mounted: one visible, one hidden.
    await expect(page.getByTestId('page-pane')).toHaveCount(2);
    await expect(page.getByTestId('page-pane').filter({ visible: true })).toHaveCount(1);

    // A half-filled form survives switching tabs away and back.
    await page.getByTestId('user-menu').click();
    await page.getByText('个人中心').click();
    await expect(page).toHaveURL(/\/user\/center$/);
    await page.getByTestId('profile-nickname').fill('还没保存的名字');
    await tags(page).filter({ hasText: '抢单' }).click();
    await expect(page).toHaveURL(/\/order\/rob-orders$/);
    await tags(page).filter({ hasText: '个人中心' }).click();
    await expect(page.getByTestId('profile-nickname')).toHaveValue('还没保存的名字');

    // 刷新 remounts just that page: the form is empty again.
    await tags(page).filter({ hasText: '个人中心' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await expect(page.getByTestId('profile-nickname')).toHaveValue('系统管理员');
  });

  test('on a phone the sidebar is a closed drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'false');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-390.png` });
    await page.getByTestId('hamburger').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'true');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-390-menu.png` });
    await openFromSidebar(page, '订单管理', '抢单');
    await expect(page).toHaveURL(/\/order\/rob-orders$/);
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'false');
    // No tabs bar on a phone, and controls a finger can hit: the middle size, 32 px and up.
    await expect(page.getByTestId('tags-bar')).toHaveCount(0);
    await page.goto('/user/center');
    const nickname = page.getByTestId('profile-nickname');
    await expect(nickname).toBeVisible();
    expect((await nickname.boundingBox())!.height).toBeGreaterThanOrEqual(32);
  });
});
