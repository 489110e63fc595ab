import { expect, test } from '../support/test';
import { closeCards, DESKTOP, PHONE, shootBothSizes } from '../support/screens';
import { closeConsoles, DEMO_USERS, signIn } from '../support/session';

/**
 * 积分订单 (docs/domain/points-mall.md): head office opens the points orders of every store, filters by one
 * store (the demo has orders at 三里屯店, 望京店 and 国贸店) and opens an order in the detail drawer.
 */
const STORE = '望京店';

test.afterEach(closeConsoles);

for (const [label, viewport] of [
  ['1366', DESKTOP],
  ['390', PHONE],
] as const) {
  test(`head office filters 积分订单 by a store and opens one (${label})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(
      page,
      DEMO_USERS.admin.username,
      DEMO_USERS.admin.password,
      '/integral-mall/integral-orders',
    );
    await expect(page.getByTestId('integral-orders-page')).toBeVisible({ timeout: 30_000 });
    await closeCards(page);
    await expect(page.getByTestId('list-key-link').first()).toBeVisible({ timeout: 30_000 });

    await page.getByTestId('integral-orders-store').click();
    await page.keyboard.type(STORE);
    await page.locator('.ant-select-item-option', { hasText: STORE }).click();
    await expect(page).toHaveURL(/store=SD/);
    const links = page.getByTestId('list-key-link');
    await expect(links).toHaveCount(3);
    if (label === '1366') await shootBothSizes(page, 'integral-orders-list');

    await links.first().click();
    await expect(page).toHaveURL(/order=VO/);
    const store = page.getByTestId('integral-order-store');
    await expect(store).toContainText(STORE);
    await expect(page.getByTestId('integral-order-drawer')).toContainText('积分订单详情');
    if (label === '1366') await shootBothSizes(page, 'integral-orders-drawer');
  });
}
