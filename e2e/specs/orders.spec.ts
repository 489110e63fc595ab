import { expect, test } from '../support/test';
import { pushOrder } from '../support/orders-api';
import { SERVICE_TOKEN, pollStarted, signInAsSolo } from '../support/session';
import { closeCards, shootBothSizes } from '../support/screens';

test.describe('store orders: grab and ship', () => {
  test('an upstream order alerts solo, who grabs it from the alert and ships it by courier', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const polling = pollStarted(page);
    const storeCode = await signInAsSolo(page);
    await polling;

    const omsOrderNo = `E2E${Date.now()}`;
    const planNo = await pushOrder(page.request, storeCode, omsOrderNo);

    // The alert: a broadcast card for the new online order.
    const card = page.getByTestId('broadcast-card').filter({ hasText: omsOrderNo });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText('您有新的线上订单');
    await shootBothSizes(page, 'orders-alert');

    // Opening it lands on 抢单详情 of that plan order.
    await card.getByTestId('broadcast-card-detail').click();
    await expect(page).toHaveURL(new RegExp(`/order/rob-order-detail\\?.*performancePlanOrderNo=${planNo}`));
    const robDetail = page.getByTestId('rob-order-detail-page');
    await expect(robDetail).toBeVisible();
    await expect(robDetail).toContainText(omsOrderNo);
    await expect(robDetail).toContainText('鲜肉月饼');
    await expect(page.getByTestId('offer-countdown')).toBeVisible();
    await closeCards(page);
    await shootBothSizes(page, 'orders-rob-detail');

    // Grab: confirm, then the received order opens, waiting to ship.
    await page.getByTestId('offer-grab').click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确认抢单');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/order\/received-order-detail\?/);
    const detail = page.getByTestId('received-order-detail-page');
    await expect(detail).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('待发货');
    await expect(detail).toContainText(omsOrderNo);
    await closeCards(page);
    await shootBothSizes(page, 'orders-received-detail');

    // Ship by courier: a malformed tracking number is refused in the dialog, a good one ships.
    await page.getByTestId('order-action-deliver').click();
    const dialog = page.getByTestId('ship-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('ship-courier').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
    await page.getByTestId('ship-tracking').fill('SF12345');
    await page.getByTestId('ship-tracking').press('Enter');
    await expect(page.getByTestId('ship-dialog-error')).toBeVisible();
    await shootBothSizes(page, 'orders-ship-dialog');
    await page.getByTestId('ship-tracking').fill('SF1234567890123');
    await page.getByTestId('ship-tracking').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText('已发货');
    await expect(page.getByTestId('order-delivery')).toContainText('SF1234567890123');

    // The log tells the story with its operators.
    const log = page.getByTestId('order-log-row');
    await expect(log.filter({ hasText: '平台推送订单' })).toHaveCount(1);
    await expect(log.filter({ hasText: '派单至门店' })).toHaveCount(1);
    await expect(log.filter({ hasText: '门店抢单' })).toContainText('周一鸣');
    await expect(log.filter({ hasText: '发货' }).last()).toContainText('周一鸣');
    await closeCards(page);
    await shootBothSizes(page, 'orders-received-detail-shipped');
    await page.getByTestId('order-log').scrollIntoViewIfNeeded();
    await shootBothSizes(page, 'orders-received-log');

    // The received list finds it by keyword, with the filters in the URL.
    await page.goto('/order/received-orders');
    await expect(page.getByTestId('received-orders-page')).toBeVisible();
    await page.getByTestId('received-keyword').locator('input').fill(omsOrderNo);
    await page.getByTestId('received-keyword').locator('input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${omsOrderNo}`));
    const rows = page.getByTestId('received-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('已发货');
    await page.getByTestId('received-status').getByText('已发货').click();
    await expect(page).toHaveURL(/status=shipped/);
    await expect(rows).toHaveCount(1);
    // A bookmark of 已接订单 still opens it (its route name is ReceivedCustomerOrders since issue 21).
    await page.goto('/order/received-orders');
    await expect(page.getByTestId('received-orders-page')).toBeVisible({ timeout: 30_000 });
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await closeCards(page);
    await shootBothSizes(page, 'orders-received-list');
    await rows.first().getByTestId('list-key-link').click();
    await expect(page).toHaveURL(/\/order\/received-order-detail\?/);

    // The other pages of the slice.
    await page.goto('/order/rob-orders');
    await expect(page.getByTestId('rob-orders-page')).toBeVisible();
    await expect(page.getByTestId('offer-card').filter({ hasText: planNo })).toHaveCount(0);
    await closeCards(page);
    await shootBothSizes(page, 'orders-rob-list');
    await page.goto('/order/untaken-orders');
    await expect(page.getByTestId('untaken-orders-page')).toBeVisible();
    await closeCards(page);
    await shootBothSizes(page, 'orders-untaken');
  });

  test('solo grabs from the list; the customer then cancels and the alert reaches solo', async ({ page }) => {
    test.setTimeout(180_000);
    const polling = pollStarted(page);
    const storeCode = await signInAsSolo(page);
    await polling;
    const omsOrderNo = `E2EC${Date.now()}`;
    const planNo = await pushOrder(page.request, storeCode, omsOrderNo);
    await expect(page.getByTestId('broadcast-card').filter({ hasText: omsOrderNo })).toBeVisible({
      timeout: 10_000,
    });
    await closeCards(page);

    // Grab from the 抢单 list.
    await page.goto('/order/rob-orders');
    const offerCard = page.getByTestId('offer-card').filter({ hasText: planNo });
    await expect(offerCard).toBeVisible();
    await expect(offerCard.getByTestId('offer-countdown')).toContainText(/\d{2}:\d{2}/);
    await offerCard.getByTestId('offer-action').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/order\/received-order-detail\?/);
    await expect(page.getByTestId('order-status')).toHaveText('待发货');
    await closeCards(page);

    // The customer cancels upstream: the taker gets 您接的客户订单已取消 and the order is cancelled.
    const cancel = await page.request.post('/api/integration/orders/cancel', {
      headers: { 'x-service-token': SERVICE_TOKEN },
      data: { omsOrderNo, reason: '不想要了' },
    });
    expect(cancel.status()).toBe(200);
    const card = page.getByTestId('broadcast-card').filter({ hasText: omsOrderNo });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText('您接的客户订单已取消');
    await shootBothSizes(page, 'orders-cancel-alert');
    await card.getByTestId('broadcast-card-detail').click();
    await expect(page).toHaveURL(new RegExp(`/order/rob-order-detail\\?.*performancePlanOrderNo=${planNo}`));
    await expect(page.getByTestId('offer-outcome')).toBeVisible();
    await page.getByTestId('offer-open-received').click();
    await expect(page.getByTestId('order-status')).toHaveText('已取消');
    await expect(page.getByTestId('order-actions')).toHaveCount(0);
    await expect(page.getByTestId('order-log-row').filter({ hasText: '顾客取消订单' })).toContainText('平台');
    await closeCards(page);
    await shootBothSizes(page, 'orders-received-detail-cancelled');
  });
});
