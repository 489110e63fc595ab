import { expect, test, type Page } from '../support/test';
import { DEMO_USERS, signIn, workInStore } from '../support/session';
import { closeCards, DESKTOP, PHONE, settle } from '../support/screens';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/employee-purchase-shots';

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/**
 * Demo data (apps/server/src/db/seed/demo-employee-purchase.ts): every demo store's staff may buy 2 items this
 * month; the goods' codes are EP + the store's number + the SKU + the item, and R1002's are all in stock.
 */
const CASES = [
  // staff works in three stores (asked to pick one unless an earlier spec did); solo's one store is remembered.
  { size: DESKTOP, user: DEMO_USERS.staff, store: '亦庄荣华店', prefix: 'EP03R1002' },
  { size: PHONE, user: DEMO_USERS.solo, store: '马驹桥店', prefix: 'EP01R1002' },
] as const;

for (const { size, user, store, prefix } of CASES) {
  test(`an employee buys two items by scanning codes, the third is refused by the quota (${size.width})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, user.username, user.password);
    await workInStore(page, store);
    await page.setViewportSize(size);
    await page.goto('/employee-purchase/index');
    await closeCards(page);
    const list = page.getByTestId('employee-purchase-page');
    await expect(list).toBeVisible({ timeout: 30_000 });
    await expect(list).toContainText('待提货');
    await expect(list).toContainText('已提货');
    await shoot(page, 'employee-purchase-list');

    await page.getByTestId('employee-purchase-add').click();
    const scan = page.getByTestId('purchase-scan');
    const lines = page.getByTestId('purchase-lines');
    for (const n of ['001', '002']) {
      await scan.fill(`${prefix}${n}`);
      await scan.press('Enter');
      await expect(lines).toContainText(`${prefix}${n}`);
    }
    await expect(page.getByTestId('purchase-total')).toContainText('共2件');
    await scan.fill(`${prefix.toLowerCase()}003`);
    await scan.press('Enter');
    await expect(page.getByTestId('purchase-scan-error')).toContainText(
      '超出本月内购额度：每月限购2件，已购0件',
    );
    await expect(lines).not.toContainText(`${prefix}003`);
    await shoot(page, 'purchase-scan');

    await page.getByTestId('purchase-buy-ok').click();
    await expect(page.getByText('内购单已提交')).toBeVisible();
    await expect(page.getByTestId('purchase-buy')).toBeHidden();
    // The new order heads the list: two items at the staff price (蛋黄酥 ¥68.00 → ¥40.80 each).
    await expect(list).toContainText('¥81.60');
    await page.getByTestId('employee-purchase-add').click();
    await expect(page.getByTestId('purchase-quota')).toContainText('已购2/2件');
    await shoot(page, 'employee-purchase-used');
  });
}
