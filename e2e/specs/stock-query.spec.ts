import { expect, test } from '../support/test';
import { forgetLastStore } from '../support/demo-api';
import { closeConsoles, signInAsSolo } from '../support/session';
import { closeCards, DESKTOP, PHONE, settle } from '../support/screens';
import { SCREENSHOT_DIR } from '../support/demo-api';

/**
 * 库存查询 (docs/domain/inventory.md "库存查询"): solo (马驹桥店) opens the store's stock from the sidebar, filters
 * 临期 and 有在途 and by SKU, and queues 导出库存 with the filters; a table at 1366×768, cards at 390×844.
 */
const SLOW = { timeout: 30_000 };

test.beforeEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});
test.afterEach(async () => {
  await closeConsoles();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`a clerk looks up the store stock and exports it at ${viewport.width}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInAsSolo(page, '/stock/stock-query');
    const list = page.getByTestId('stock-query-page');
    await expect(list).toBeVisible(SLOW);
    await closeCards(page);
    const phone = viewport.width < 576;
    const rows = phone
      ? page.getByTestId('list-card')
      : page.locator('[data-testid=stock-table] tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible(SLOW);
    await expect(page.getByTestId(phone ? 'stock-cards' : 'stock-table')).toBeVisible();
    // The demo shelf: two batches of each demo SKU (B2609, B2610) with their dates.
    await expect(list).toContainText('B2609');
    await expect(list).toContainText('2027-03-01');
    await expect(page.getByTestId('stock-total')).toContainText('共');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/stock-query-${viewport.width}.png`, fullPage: true });

    // 有在途: only batches on their way here (the demo's transfers in transit to 马驹桥店).
    await page.getByTestId('stock-inTransit').click();
    await expect(page).toHaveURL(/inTransit=1/);
    await expect(page.getByTestId('stock-total')).toBeVisible(SLOW);
    const inTransitText = await list.textContent();
    expect(inTransitText).not.toBeNull();
    await page.getByTestId('stock-inTransit').click();
    await expect(page).not.toHaveURL(/inTransit=1/);

    // A SKU code from the first row, then 临期 (none of the demo batches expires within 30 days).
    const first = (await rows.first().getByTestId('list-key-link').count())
      ? await rows.first().getByTestId('list-key-link').textContent()
      : null;
    const code = first ?? (await rows.first().textContent())!.match(/[A-Z]\d{4}/)![0];
    await page.getByTestId('stock-keyword').locator('input').fill(code);
    await page.getByTestId('stock-keyword').locator('input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${code}`));
    await expect(rows).toHaveCount(2, SLOW);
    await page.getByTestId('stock-nearExpiry').click();
    await expect(page).toHaveURL(/nearExpiry=1/);
    await expect(page.getByTestId('stock-no-result')).toBeVisible(SLOW);
    await page.getByTestId('stock-nearExpiry').click();
    await expect(rows).toHaveCount(2, SLOW);

    // 导出库存 with the filter: queued, with the way to 导出记录.
    await page.getByTestId('stock-export').click();
    await expect(page.getByTestId('export-queued')).toBeVisible(SLOW);
    await settle(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/stock-query-export-${viewport.width}.png`,
      fullPage: true,
    });
    // Nothing overflows the viewport sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
}
