import { expect, test, type Page } from '../support/test';
import { closeCards, DESKTOP, PHONE, shootBothSizes } from '../support/screens';
import { forgetLastStore, SCREENSHOT_DIR } from '../support/demo-api';
import { closeConsoles, DEMO_USERS, openConsole, pickStoreAtStartup, signIn } from '../support/session';

/**
 * 积分分类 (docs/domain/points-mall.md): head office adds a class, puts a SKU in it, sorts it by keyboard and
 * by drag and drop, and lets 三里屯店 manage it; that store's manager (zhangwei, 三里屯店 and 望京店) shelves the SKU.
 */
const STORE = '三里屯店';
const STORE_CODE = 'SD11010501';
const SKU = '法式可颂兑换券';

const classNames = (page: Page) => page.getByTestId('class-choose').allTextContents();

test.afterEach(closeConsoles);

test('head office creates a class, adds a SKU and sorts it; a store shelves the SKU', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, '/integral-mall/integral-classes');
  await expect(page.getByTestId('integral-classes-page')).toBeVisible({ timeout: 30_000 });
  await closeCards(page);
  // The demo classes, in their order.
  await expect(page.getByTestId('class-choose').first()).toHaveText('生活周边');
  await shootBothSizes(page, 'points-mall-classes');

  // 新增分类: placed last.
  const name = `会员好礼${Date.now() % 100_000}`;
  await page.getByTestId('class-add').click();
  await page.getByTestId('class-form-name').fill(name);
  await shootBothSizes(page, 'points-mall-class-form');
  await page.getByTestId('class-form-ok').click();
  await expect(page.getByTestId('class-form')).toBeHidden();
  await expect(page.getByTestId('class-choose').last()).toHaveText(name);
  const item = page.getByTestId('class-sort-item').filter({ hasText: name });

  // 添加商品 with its points.
  await item.getByTestId('class-add-sku').click();
  await page.getByTestId('class-sku-form-sku').click();
  await page.locator('.ant-select-item-option', { hasText: SKU }).click();
  await page.getByTestId('class-sku-form-points').fill('350');
  await shootBothSizes(page, 'points-mall-sku-form');
  await page.getByTestId('class-sku-form-ok').click();
  await expect(page.getByTestId('class-sku-form')).toBeHidden();
  await item.getByTestId('class-choose').click();
  const row = page.locator('tr', { hasText: SKU });
  await expect(row).toContainText('350');

  // Sort: ↑ on the handle moves it one up (the focus stays on it), then drag it to the top; both are saved.
  const before = await classNames(page);
  await item.getByTestId('class-sort-handle').focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => classNames(page)).toEqual([...before.slice(0, -2), name, before.at(-2)]);
  await expect(item.getByTestId('class-sort-handle')).toBeFocused();
  await item.dragTo(page.getByTestId('class-sort-item').first());
  await expect(page.getByTestId('class-choose').first()).toHaveText(name);
  await page.reload();
  await expect(page.getByTestId('class-choose').first()).toHaveText(name, { timeout: 30_000 });

  // 管理授权: 三里屯店 may manage the class.
  await item.getByTestId('class-manage-auth').click();
  const stores = page.getByTestId('manage-auth-stores');
  await stores.click();
  await page.keyboard.type(STORE_CODE);
  await page.keyboard.press('Enter');
  await page.locator('.ant-modal-title').click(); // closes the suggestions that cover 确定
  await expect(stores).toContainText(STORE_CODE);
  await page.getByTestId('manage-auth-ok').click();
  await expect(page.getByTestId('manage-auth')).toBeHidden();
  await expect(item).toContainText('1家门店');
  await shootBothSizes(page, 'points-mall-sorted');

  // The store's manager shelves the SKU with a stock.
  const store = await openConsole(browser, { viewport: DESKTOP });
  await signIn(store, 'zhangwei', DEMO_USERS.staff.password);
  await pickStoreAtStartup(store, STORE);
  await store.goto('/integral-mall/integral-classes');
  await expect(store.getByTestId('integral-classes-page')).toBeVisible({ timeout: 30_000 });
  await closeCards(store);
  await expect(store.getByTestId('class-add')).toHaveCount(0);
  await expect(store.getByTestId('class-sort-handle')).toHaveCount(0);
  const mine = store.getByTestId('class-sort-item').filter({ hasText: name });
  await expect(mine).toContainText('本店可管理');
  await mine.getByTestId('class-choose').click();
  const shelfRow = store.locator('tr', { hasText: SKU });
  await expect(shelfRow).toContainText('未上架');
  await shelfRow.getByTestId('row-action-on').click();
  await store.getByTestId('shelf-form-stock').fill('8');
  await shootBothSizes(store, 'points-mall-shelf-form');
  await store.getByTestId('shelf-form-ok').click();
  await expect(store.getByTestId('shelf-form')).toBeHidden();
  await expect(shelfRow).toContainText('已上架');
  await expect(shelfRow).toContainText('8');
  await shootBothSizes(store, 'points-mall-store-shelf');
});

test('on a phone, a store manager shelves a SKU of a class the store manages and takes it off again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await forgetLastStore(request, 'zhangwei'); // he picks 望京店 whichever store he used last
  await page.setViewportSize(PHONE);
  await signIn(page, 'zhangwei', DEMO_USERS.staff.password);
  await pickStoreAtStartup(page, '望京店');
  await page.goto('/integral-mall/integral-classes');
  await expect(page.getByTestId('integral-classes-page')).toBeVisible({ timeout: 30_000 });
  await closeCards(page);
  // 生活周边 is managed by 望京店 in the demo; its last SKU was never shelved there.
  await page.getByTestId('class-choose').filter({ hasText: '生活周边' }).click();
  const card = page.getByTestId('list-card').filter({ hasText: '定制陶瓷马克杯' });
  await expect(card).toContainText('未上架', { timeout: 30_000 });
  await card.getByTestId('row-action-on').click();
  await page.getByTestId('shelf-form-stock').fill('6');
  await page.getByTestId('shelf-form-ok').click();
  await expect(page.getByTestId('shelf-form')).toBeHidden();
  await expect(card).toContainText('已上架');
  await expect(card).toContainText('6');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/points-mall-phone-shelved-390.png`, fullPage: true });
  await card.getByTestId('row-action-off').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(card).toContainText('未上架');
});
