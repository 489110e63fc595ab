import { expect, test } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { signInAsSolo } from '../support/session';
import { PHONE, closeCards } from '../support/screens';

test.describe('已接订单 on the list/detail kit', () => {
  test('a row opens with the keyboard, 共 N 条 shows with one page, a phone gets cards', async ({ page }) => {
    await signInAsSolo(page);

    // 1366×768: the table, its count, and a key link that is a real link.
    await page.goto('/order/received-orders?status=wait_ship');
    const rows = page.getByTestId('received-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('received-total')).toHaveText(/^共 \d+\+? 条$/);
    await closeCards(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/kit-received-list-1366.png` });

    // One page: the count still shows.
    // The key link is the customer's order number (issue 15 point 2).
    const firstLink = rows.first().getByTestId('list-key-link');
    const omsOrderNo = (await firstLink.innerText()).trim();
    await page.getByTestId('received-keyword').locator('input').fill(omsOrderNo);
    await page.getByTestId('received-keyword').locator('input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${omsOrderNo}`));
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('received-total')).toHaveText('共 1 条');
    const link = rows.first().getByTestId('list-key-link');
    await expect(link).toHaveAttribute('href', new RegExp(`omsOrderNo=${omsOrderNo}`));

    // The keyboard: focus the key link, Enter opens the detail; its number names the window and the tab.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/order\/received-order-detail\?/);
    await expect(page.getByTestId('received-order-detail-page')).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(omsOrderNo));
    await closeCards(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/kit-received-detail-1366.png` });

    // Back to the list with its filters kept.
    await page.getByTestId('detail-back').click();
    await expect(page).toHaveURL(new RegExp(`status=wait_ship.*keyword=${omsOrderNo}`));

    // 390×844: the same columns as cards.
    await page.setViewportSize(PHONE);
    await page.goto('/order/received-orders?status=wait_ship');
    await expect(page.getByTestId('received-cards')).toBeVisible();
    await expect(page.getByTestId('received-table')).toHaveCount(0);
    await expect(page.getByTestId('list-card').first()).toContainText('实付金额');
    await expect(page.getByTestId('received-total')).toBeVisible();
    await closeCards(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/kit-received-list-390.png`, fullPage: true });
    await page.getByTestId('list-card').first().getByTestId('list-key-link').click();
    await expect(page.getByTestId('received-order-detail-page')).toBeVisible();
    await closeCards(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/kit-received-detail-390.png`, fullPage: true });
  });
});
