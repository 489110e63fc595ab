import { expect, test } from '../support/test';
import { SERVICE_TOKEN, pollStarted, signInAsSolo } from '../support/session';
import { closeCards, shootBothSizes } from '../support/screens';

test.describe('order follow-up: intentions, cancel checks, exports', () => {
  test('an upstream intention alerts solo, who opens it and records a follow-up', async ({ page }) => {
    test.setTimeout(180_000);
    const polling = pollStarted(page);
    const storeCode = await signInAsSolo(page);
    await polling;

    const omsConsultantsNo = `E2ECI${Date.now()}`;
    const pushed = await page.request.post('/api/integration/intentions', {
      headers: { 'x-service-token': SERVICE_TOKEN },
      data: {
        omsConsultantsNo,
        storeCode,
        customer: { name: '李雅琴', phone: '13811112222' },
        interest: '公司中秋团购月饼礼盒约30盒，希望门店联系报价',
      },
    });
    expect(pushed.status()).toBe(200);

    const card = page.getByTestId('broadcast-card').filter({ hasText: '您有新的客户意向' });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await shootBothSizes(page, 'intentions-alert');
    await card.first().getByTestId('broadcast-card-detail').click();
    await expect(page).toHaveURL(
      new RegExp(`/order/customer-intention-detail\\?.*omsConsultantsNo=${omsConsultantsNo}`),
    );
    const detail = page.getByTestId('intention-detail-page');
    await expect(detail).toContainText('公司中秋团购月饼礼盒约30盒');
    await expect(page.getByTestId('intention-status')).toHaveText('待跟进');
    await closeCards(page);
    await shootBothSizes(page, 'intentions-detail');

    // 跟进: Enter submits; the timeline shows the note with solo's name.
    await page.getByTestId('follow-note').fill('已电话联系，客户明天到店看样品');
    await page.getByTestId('follow-note').press('Enter');
    const row = page.getByTestId('follow-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('已电话联系，客户明天到店看样品');
    await expect(row).toContainText('周一鸣');
    await expect(page.getByTestId('intention-status')).toHaveText('跟进中');
    await shootBothSizes(page, 'intentions-detail-followed');

    // The list finds it, with the filters in the URL.
    await page.goto('/order/customer-intentions');
    await expect(page.getByTestId('intentions-page')).toBeVisible();
    await page.getByTestId('intentions-status').getByText('跟进中').click();
    await expect(page).toHaveURL(/status=following/);
    await page.getByTestId('intentions-keyword').locator('input').fill(omsConsultantsNo);
    await page.getByTestId('intentions-keyword').locator('input').press('Enter');
    // The keyword adds to the status chosen just before.
    await expect(page).toHaveURL(new RegExp(`status=following.*keyword=${omsConsultantsNo}`));
    const rows = page.getByTestId('intentions-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await closeCards(page);
    await shootBothSizes(page, 'intentions-list');
    await rows.first().getByTestId('list-key-link').click();
    await expect(page).toHaveURL(/\/order\/customer-intention-detail\?/);
    // Back to the list keeps its filters.
    await page.getByTestId('detail-back').click();
    await expect(page).toHaveURL(new RegExp(`status=following.*keyword=${omsConsultantsNo}`));

    // 取消核查: solo asks for a check of one of the store's orders waiting to ship.
    await page.goto('/order/received-orders?status=wait_ship');
    const orderRows = page.getByTestId('received-table').locator('tbody tr.ant-table-row');
    await expect(orderRows.first()).toBeVisible();
    // The list shows the customer's number; the check is asked by the performance number of the link.
    const href = (await orderRows.first().getByTestId('list-key-link').getAttribute('href')) ?? '';
    const performanceOrderNo = new URLSearchParams(href.split('?')[1]).get('performanceOrderNo') ?? '';
    expect(performanceOrderNo).toMatch(/^PF/);
    await page.goto('/order/cancel-check-help');
    await expect(page.getByTestId('cancel-checks-page')).toBeVisible();
    await page.getByTestId('add-check').click();
    await page.getByTestId('add-check-order').fill(performanceOrderNo);
    await page.getByTestId('add-check-reason').fill('顾客到店口头要求取消，请核实');
    await shootBothSizes(page, 'cancel-check-add');
    await page.getByTestId('add-check-dialog-ok').click();
    const drawer = page.getByTestId('check-drawer');
    await expect(drawer).toContainText(performanceOrderNo);
    await expect(page.getByTestId('check-state')).toHaveText('待处理');
    await expect(page).toHaveURL(/id=\d+/);
    await shootBothSizes(page, 'cancel-check-drawer');
    await drawer.locator('.ant-drawer-close').click();
    await expect(page.getByTestId('check-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await closeCards(page);
    await shootBothSizes(page, 'cancel-check-list');
  });

  test('solo exports the received orders and downloads the file from 导出记录', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsSolo(page, '/order/received-orders');
    await expect(page.getByTestId('received-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('received-export').click();
    await expect(page.getByTestId('export-queued')).toContainText('导出记录');
    await closeCards(page);
    await shootBothSizes(page, 'export-queued');

    await page.getByTestId('export-records-link').click();
    await expect(page).toHaveURL(/\/order\/export-records$/);
    const first = page.getByTestId('export-table').locator('tbody tr.ant-table-row').first();
    await expect(first.getByTestId('export-status')).toHaveText('已完成', { timeout: 30_000 });
    await expect(page.getByTestId('export-polling')).toHaveCount(0);
    await closeCards(page);
    await shootBothSizes(page, 'export-records');

    const download = page.waitForEvent('download');
    await first.getByTestId('row-action-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await file.path();
    expect(path).toBeTruthy();

    // 重新导出 queues a new job that finishes too.
    await first.getByTestId('row-action-again').click();
    const rows = page.getByTestId('export-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first().getByTestId('export-status')).toHaveText('已完成', { timeout: 30_000 });
  });
});
