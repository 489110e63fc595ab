import { expect, test, type Page } from '../support/test';
import { shootBothSizes } from '../support/screens';
import { DEMO_USERS, pickStoreIfAsked, signIn, tokenOf } from '../support/session';

/** 孟琳 (demo): `head_office` (her own store, 天河城店) and 华东华南运营 (data scope: 华东一区, 华南一区). */
const MENGLIN = { username: 'menglin', password: 'Staff@2026!' };
const SCOPE_GROUPS = ['华东一区', '华南一区'];

async function openShops(page: Page, query = '') {
  await page.goto(`/system/shops${query}`);
  await pickStoreIfAsked(page, 'stores-admin-page');
  await expect(page.getByTestId('stores-admin-total')).toContainText(/共 \d+ 条/, { timeout: 30_000 });
}

test.describe('数据权限', () => {
  test.setTimeout(240_000);

  test('admin sees the scope of each role and edits one with the shop groups chosen', async ({ page }) => {
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, '/system/roles');
    await pickStoreIfAsked(page, 'roles-page');
    const row = page.locator('tr', { hasText: 'ops_east_south' });
    await expect(row.getByTestId('role-data-scope-text')).toHaveText('指定门店分组：华东一区、华南一区');
    await expect(page.locator('tr', { hasText: 'ops_national' })).toContainText('全部门店');
    await shootBothSizes(page, 'data-scope-roles');
    await row.getByTestId('row-action-edit').click();
    const dialog = page.getByTestId('role-dialog');
    await expect(dialog.getByTestId('role-shop-groups')).toContainText('华南一区');
    await shootBothSizes(page, 'data-scope-role-dialog');

    // The group choice searches the server by name: typing narrows the list to the matching groups.
    await dialog.getByTestId('role-shop-groups').click();
    await dialog.getByTestId('role-shop-groups').locator('input').fill('华北');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.filter({ hasText: '华北一区' })).toHaveCount(1);
    await expect(options.filter({ hasText: '华东一区' })).toHaveCount(0);
    // The chosen groups keep their names while the search shows others.
    await expect(dialog.getByTestId('role-shop-groups')).toContainText('华东一区');
    await shootBothSizes(page, 'data-scope-role-groups');
  });

  test('孟琳 sees only her groups in 门店分组 and opens only stores in scope', async ({ page }) => {
    await signIn(page, MENGLIN.username, MENGLIN.password, '/system/shop-groups');
    await pickStoreIfAsked(page, 'shop-groups-page');
    await expect(page.getByTestId('shop-groups-total')).toContainText(/共 \d+ 条/, { timeout: 30_000 });
    const groups = page.getByTestId('shop-groups-page');
    for (const name of SCOPE_GROUPS) await expect(groups).toContainText(name);
    await expect(groups).not.toContainText('华北一区');
    await shootBothSizes(page, 'data-scope-shop-groups');

    await page.goto('/system/auth-open');
    await pickStoreIfAsked(page, 'auth-open-page');
    const lookup = page.getByTestId('auth-open-lookup').locator('input');
    await lookup.fill('S1002');
    await lookup.press('Enter');
    await expect(page.getByTestId('auth-open-user')).toBeVisible();
    const stores = page.getByTestId('auth-open-stores');
    await stores.click();
    await stores.locator('input').fill('南京东路');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The typed text is offered too (as a code); the store itself is offered once.
    await expect(options.filter({ hasText: /^SD\d+ 南京东路店/ })).toHaveCount(1);
    await shootBothSizes(page, 'data-scope-auth-open');
    // A store of 华北一区 is not suggested (the select only offers the typed text itself as a code).
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/tec/portal/user/storeOptions') && decodeURIComponent(r.url()).includes('三里屯'),
    );
    await stores.locator('input').fill('三里屯');
    await answered;
    await expect(options.filter({ hasText: /^SD\d+ / })).toHaveCount(0);
  });

  test('a head-office user with a groups role sees only those groups’ stores in 门店管理', async ({
    page,
  }) => {
    await signIn(page, MENGLIN.username, MENGLIN.password);
    await openShops(page);
    const list = page.getByTestId('stores-admin-page');
    await expect(list).toContainText(/华东一区|华南一区/);
    await expect(list).not.toContainText('华北一区');
    await shootBothSizes(page, 'data-scope-shops');

    // Every store she is answered, on every page, is in one of the two groups.
    const response = await page.request.post('/tec/store_ms/api/manage/shopInfo/pageShopList', {
      data: { pageSize: 100 },
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    });
    const { data } = (await response.json()) as { data: { list: { groupName: string }[]; total: number } };
    expect(data.total).toBeGreaterThan(0);
    for (const store of data.list) expect(SCOPE_GROUPS).toContain(store.groupName);
    await expect(page.getByTestId('stores-admin-total')).toContainText(`共 ${data.total} 条`);

    // A store of 华北一区 is not there even when searched for; one of 华东一区 is.
    await openShops(page, '?keyword=三里屯');
    await expect(list.locator('tr.ant-table-row')).toHaveCount(0);
    await openShops(page, '?keyword=南京东路');
    await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  });
});
