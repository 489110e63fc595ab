import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { shootBothSizes } from '../support/screens';
import { DEMO_USERS, pickStoreIfAsked, signIn, tokenOf } from '../support/session';

const STAFF_PASSWORD = 'Staff@2026!';

/** Opens a page of the menu; a user without a remembered store picks the first one. */
async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await pickStoreIfAsked(page, ready);
}

/** Coming back to the window: the console reloads permissions and menu (the guard does so on navigation too). */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const shoot = shootBothSizes;

/** A node of the permission tree by its title, inside `scope` (a page node's buttons are opened first). */
function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByText(title, { exact: true }) });
}

async function api(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const response = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status(), body: (await response.json()) as { data: unknown; errorMsg: string } };
}

type Role = { id: number; permission: string; menuIds: number[]; name: string; description: string };
type Menu = { id: number; title: string; name: string | null; children: Menu[] } & Record<string, unknown>;

async function roleByKey(request: APIRequestContext, token: string, key: string): Promise<Role> {
  const { body } = await api(request, token, 'GET', `/api/roles?keyword=${key}&pageSize=50`);
  return (body.data as { list: Role[] }).list.find((r) => r.permission === key)!;
}

function findMenu(nodes: Menu[], hit: (m: Menu) => boolean): Menu | undefined {
  for (const node of nodes) {
    if (hit(node)) return node;
    const found = findMenu(node.children, hit);
    if (found) return found;
  }
  return undefined;
}

test.describe('角色管理 and 菜单管理', () => {
  test.setTimeout(300_000);

  test('admin removes a button from a role and a signed-in holder loses it without signing in again', async ({
    page,
    browser,
  }) => {
    const clerkContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const clerk = await clerkContext.newPage();
    await signIn(clerk, DEMO_USERS.solo.username, DEMO_USERS.solo.password);
    await open(clerk, '/order/received-orders', 'received-orders-page');
    await expect(clerk.getByTestId('received-export')).toBeVisible();

    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await open(page, '/system/roles', 'roles-page');
    await expect(page.getByTestId('roles-page')).toContainText('门店店员');
    await shoot(page, 'roles');

    const staffRow = page.locator('tr', { hasText: 'store_staff' });
    await staffRow.getByTestId('row-action-edit').click();
    const dialog = page.getByTestId('role-dialog');
    const received = treeNode(dialog, '已接订单');
    await received.locator('.ant-tree-switcher').click();
    const exportNode = treeNode(dialog, '导出').filter({ hasText: 'order:export' });
    await expect(exportNode.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/role-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await exportNode.locator('.ant-tree-checkbox').click();
    await expect(exportNode.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
    await page.getByTestId('role-dialog-ok').click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    // The clerk's page, still open and signed in: back in the window, the 导出 button is gone.
    await comeBack(clerk);
    await expect(clerk.getByTestId('received-export')).toBeHidden({ timeout: 15_000 });
    await expect(clerk.getByTestId('received-orders-page')).toBeVisible();

    // Put it back for the other specs, through the same dialog; it returns for the clerk the same way.
    await staffRow.getByTestId('row-action-edit').click();
    await treeNode(dialog, '已接订单').locator('.ant-tree-switcher').click();
    await treeNode(dialog, '导出').filter({ hasText: 'order:export' }).locator('.ant-tree-checkbox').click();
    await page.getByTestId('role-dialog-ok').click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await clerk.waitForTimeout(2_100);
    await comeBack(clerk);
    await expect(clerk.getByTestId('received-export')).toBeVisible({ timeout: 15_000 });
    await clerkContext.close();
  });

  test('a head-office user cannot grant the admin role: the page disables it and the API refuses', async ({
    page,
    browser,
  }) => {
    // Setup through the API: head office gets 角色管理 with 新增角色 and 编辑角色.
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    const adminToken = await tokenOf(page);
    const { body } = await api(page.request, adminToken, 'GET', '/api/menus/tree');
    const tree = (body.data as { tree: Menu[] }).tree;
    const rolePage = findMenu(tree, (m) => m.name === 'Role')!;
    const granted = [rolePage.id, ...rolePage.children.map((b) => b.id), rolePage.parentId as number];
    const headOffice = await roleByKey(page.request, adminToken, 'head_office');
    const edit = (menuIds: number[]) =>
      api(page.request, adminToken, 'PUT', `/api/roles/${headOffice.id}`, { ...headOffice, menuIds });
    expect((await edit([...new Set([...headOffice.menuIds, ...granted])])).status).toBe(200);

    try {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const office = await context.newPage();
      await signIn(office, 'qiancheng', STAFF_PASSWORD);
      await open(office, '/system/roles', 'roles-page');
      const adminRow = office.locator('tr', { hasText: 'admin' }).first();
      await expect(adminRow.getByTestId('role-read-only')).toHaveText('仅系统管理员可修改');
      await expect(adminRow.getByTestId('row-action-edit')).toHaveCount(0);

      // A new role: what head office does not hold (菜单管理, 部门管理, …) cannot be ticked, and says why.
      await office.getByTestId('roles-add').click();
      const dialog = office.getByTestId('role-dialog');
      await expect(dialog.getByTestId('permission-tree-hint')).toContainText('只能授予自己持有的权限');
      // Directories are open at first: 系统工具 shows its pages.
      const menuPage = treeNode(dialog, '菜单管理');
      await expect(menuPage).toContainText('未持有');
      await expect(menuPage.locator('.ant-tree-checkbox-disabled')).toHaveCount(1);
      await office.waitForTimeout(300);
      await office.screenshot({ path: `${SCREENSHOT_DIR}/role-dialog-head-office-1366.png` });
      await dialog.getByRole('button', { name: /取\s*消/ }).click();

      // The API says the same: no admin role, no admin's menus.
      const token = await tokenOf(office);
      const asAdmin = await api(office.request, token, 'POST', '/api/roles', {
        name: '冒充管理员',
        permission: 'admin',
        menuIds: [],
      });
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.body.errorMsg).toContain('不能创建或修改总部、系统管理员角色');
      const admin = await roleByKey(office.request, token, 'admin');
      const escalate = await api(office.request, token, 'PUT', `/api/roles/${admin.id}`, {
        ...admin,
        menuIds: admin.menuIds.slice(0, 3),
      });
      expect(escalate.status).toBe(403);
      const menuMenu = findMenu(tree, (m) => m.name === 'Menu')!;
      const notHeld = await api(office.request, token, 'POST', '/api/roles', {
        name: '越权角色',
        permission: 'e2e_overreach',
        menuIds: [menuMenu.id],
      });
      expect(notHeld.status).toBe(403);
      expect(notHeld.body.errorMsg).toBe('不能授予自己没有的菜单或按钮权限');
      await context.close();
    } finally {
      expect((await edit(headOffice.menuIds)).status).toBe(200);
    }
  });

  test('admin renames a menu and the sidebar shows it at the next menu load', async ({ page }) => {
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await open(page, '/system/menus', 'menus-page');
    const table = page.getByTestId('menus-table');
    await expect(table).toContainText('数据字典');
    await shoot(page, 'menus');

    // 系统工具 is open in the sidebar on its own page: a click would close it (the old test passed inside the
    // closing animation).
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByText('数据字典', { exact: true })).toBeVisible();

    const row = table.locator('tr', { hasText: '数据字典' }).first();
    await row.getByTestId('row-action-edit').click();
    const dialog = page.getByTestId('menu-dialog');
    await expect(dialog.getByTestId('menu-coming-soon')).toHaveCount(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/menu-dialog-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/menu-dialog-390.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await dialog.getByTestId('menu-title').fill('字典管理');
    await page.getByTestId('menu-dialog-ok').click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(table).toContainText('字典管理');

    await page.waitForTimeout(2_100);
    await comeBack(page);
    await expect(sidebar.getByText('字典管理', { exact: true })).toBeVisible({ timeout: 15_000 });

    // Back as it was, for the other specs.
    await table.locator('tr', { hasText: '字典管理' }).first().getByTestId('row-action-edit').click();
    await dialog.getByTestId('menu-title').fill('数据字典');
    await page.getByTestId('menu-dialog-ok').click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
  });
});
