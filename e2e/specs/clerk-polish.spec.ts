import { expect, test, type Page } from '../support/test';
import { pushOrder } from '../support/orders-api';
import { closeCards, PHONE, shootBothSizes } from '../support/screens';
import { closeConsoles, openConsole, signInAsSolo } from '../support/session';

/** 抢单详情 of a plan order, its grab confirmed. */
async function grab(page: Page, planNo: string) {
  await page.goto(`/order/rob-order-detail?performancePlanOrderNo=${planNo}`);
  await expect(page.getByTestId('rob-order-detail-page')).toBeVisible({ timeout: 30_000 });
  await closeCards(page);
  await page.getByTestId('offer-grab').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
}

test.describe('the clerk polish (issue 15)', () => {
  test.afterEach(closeConsoles);

  test('a colleague of the same store is told the store took the order, not another store (point 1)', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // Two sessions of the one store: the desktop at the counter and a phone in the back room.
    const counter = await openConsole(browser);
    const phone = await openConsole(browser, { viewport: PHONE });
    const storeCode = await signInAsSolo(counter);
    await signInAsSolo(phone);
    const planNo = await pushOrder(counter.request, storeCode, `E2EP1${Date.now()}`);

    await phone.goto(`/order/rob-order-detail?performancePlanOrderNo=${planNo}`);
    await expect(phone.getByTestId('offer-grab')).toBeVisible({ timeout: 30_000 });
    await grab(counter, planNo);
    await expect(counter).toHaveURL(/\/order\/received-order-detail\?/);

    // The phone's offer page hears of it (the store's 待发货 message) and says the store took it, who and where
    // to find it — never that another store did. A grab that races it gets the same words from the server
    // (plans.api.test.ts, TAKEN_BY_THIS_STORE).
    await closeCards(phone);
    const outcome = phone.getByTestId('offer-outcome');
    await expect(outcome).toContainText('本门店已接下该订单', { timeout: 30_000 });
    await expect(phone.getByTestId('rob-order-detail-page')).not.toContainText('其他门店');
    await expect(phone.getByTestId('offer-grab')).toHaveCount(0);
    await shootBothSizes(phone, 'clerk-same-store-conflict');
    await phone.getByTestId('offer-open-received').click();
    await expect(phone).toHaveURL(/\/order\/received-order-detail\?/);
    await expect(phone.getByTestId('order-status')).toHaveText('待发货');
  });
});
