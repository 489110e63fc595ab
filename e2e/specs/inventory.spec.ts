import { expect, test, type Page } from '../support/test';
import { forgetLastStore } from '../support/demo-api';
import { closeConsoles, openConsole, signIn, signInAsSolo } from '../support/session';
import { closeCards, DESKTOP, shootBothSizes } from '../support/screens';

/**
 * A transfer between two demo stores (docs/domain/inventory.md): solo's 马驹桥店 (A) applies to transfer goods in
 * from staff's 亦庄文化园店 (B); B's clerk is alerted and accepts; admin (every store, audit rights) approves
 * from the alert and then the shipping batch; B ships; A receives one line short and the discrepancy shows.
 */
const STORE_B = '亦庄文化园店';
/** A reload or a first lazy page on a busy machine. */
const SLOW = { timeout: 30_000 };

test.beforeEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});
test.afterEach(async ({ request }) => {
  await closeConsoles();
  await forgetLastStore(request, 'staff');
});

/** Confirms an antd confirm dialog (a row action's question). */
const confirmYes = (page: Page) =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();

async function pickOption(page: Page, testId: string, index = 0) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .last()
    .locator('.ant-select-item-option')
    .nth(index)
    .click();
}

/** The stores of the demo transfer TR…0001 (solo's 马驹桥店 receives from 亦庄文化园店), as solo's page sees it. */
function demoTransferStores(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/tec/inventory/transfer/list', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('EL-ADMIN-TOEKN')}`,
      },
      body: JSON.stringify({
        storeCode: (JSON.parse(localStorage.getItem('shopInfo') ?? '{}') as { addressId: string }).addressId,
        side: 'in',
        keyword: 'TR20261101090000000001',
      }),
    });
    type Row = { fromStoreCode: string; toStoreCode: string };
    return ((await response.json()) as { data: { list: Row[] } }).data.list[0]!;
  });
}

test('a transfer in from another store, approved from the alert and received one short', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);

  // A (solo): the transfer-in list, then apply from B.
  await signInAsSolo(page, '/stock/transfer-in');
  await expect(page.getByTestId('transfer-in-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('transfer-in-table')).toContainText('待接单');
  await closeCards(page);
  await shootBothSizes(page, 'inventory-transfer-in');
  const { fromStoreCode: storeBCode } = await demoTransferStores(page);
  await page.getByTestId('transfer-in-add').click();
  await page.getByTestId('transfer-apply-from').fill(storeBCode);
  await pickOption(page, 'transfer-apply-sku-0', 0);
  await page.getByTestId('transfer-apply-qty-0').fill('3');
  await page.getByRole('button', { name: '添加商品' }).click();
  await pickOption(page, 'transfer-apply-sku-1', 1);
  await page.getByTestId('transfer-apply-qty-1').fill('2');
  await page.getByTestId('transfer-apply-remark').fill('周末促销备货');
  await page.getByTestId('transfer-apply-dialog-ok').click();
  await expect(page.getByTestId('transfer-detail-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('transfer-status')).toHaveText('待接单', SLOW);
  const transferId = new URL(page.url()).searchParams.get('id')!;
  const transferNo = /TR\d+/.exec((await page.getByTestId('transfer-detail-page').textContent()) ?? '')![0];

  // B (staff in 亦庄文化园店): alerted, opens the alert, accepts.
  const clerkB = await openConsole(browser, { viewport: DESKTOP });
  await signIn(clerkB, 'staff', 'Staff@2026!');
  await clerkB.getByTestId('store-radio').filter({ hasText: STORE_B }).click();
  await clerkB.getByTestId('store-select-ok').click();
  const alert = clerkB.getByTestId('broadcast-card').filter({ hasText: transferNo });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('调出接单提醒');
  await alert.getByTestId('broadcast-card-detail').click();
  await expect(clerkB.getByTestId('transfer-detail-page')).toBeVisible({ timeout: 30_000 });
  await expect(clerkB).toHaveURL(new RegExp(`id=${transferId}`));
  await clerkB.getByTestId('transfer-action-accept').click();
  await clerkB.getByTestId('transfer-confirm-dialog-ok').click();
  await expect(clerkB.getByTestId('transfer-status')).toHaveText('接单审核中', SLOW);

  // The auditor (admin, in 亦庄文化园店): approves the accept audit from its alert.
  const auditor = await openConsole(browser, { viewport: DESKTOP });
  await signIn(auditor, 'admin', 'Admin@2026!');
  const todo = auditor.getByTestId('broadcast-card').filter({ hasText: transferNo });
  await expect(todo).toBeVisible({ timeout: 30_000 });
  await todo.getByTestId('broadcast-card-detail').click();
  const pending = auditor.getByTestId('review-pending-table');
  const row = pending.locator('tr.ant-table-row').filter({ hasText: transferNo });
  await expect(row).toContainText('接受调出审核', { timeout: 30_000 });
  await closeCards(auditor);
  await shootBothSizes(auditor, 'inventory-review-pending');
  await row.getByTestId('row-action-approve').click();
  await confirmYes(auditor);
  await expect(row).toHaveCount(0);

  // B: the shipping batch, approved, then shipped.
  await clerkB.reload();
  await expect(clerkB.getByTestId('transfer-status')).toHaveText('待确认发货批次', SLOW);
  await clerkB.getByTestId('transfer-action-confirmBatch').click();
  await pickOption(clerkB, 'transfer-batch-0');
  await pickOption(clerkB, 'transfer-batch-1');
  await clerkB.getByTestId('transfer-batch-dialog-ok').click();
  await expect(clerkB.getByTestId('transfer-status')).toHaveText('发货审核中', SLOW);

  await auditor.goto('/audit/review-pending?busiType=3');
  const shipRow = auditor
    .getByTestId('review-pending-table')
    .locator('tr.ant-table-row')
    .filter({ hasText: transferNo });
  await shipRow.getByTestId('row-action-approve').click();
  await confirmYes(auditor);
  await expect(shipRow).toHaveCount(0);

  await clerkB.reload();
  await clerkB.getByTestId('transfer-action-ship').click();
  await clerkB.getByTestId('transfer-confirm-dialog-ok').click();
  await expect(clerkB.getByTestId('transfer-status')).toHaveText('运输中', SLOW);

  // A: alerted that the goods shipped (5); the alert opens the transfer-in receiving list (spec 2.15
  // ReceivedOrders inOrderNo) filtered to this order, not the received customer orders.
  const shippedAlert = page
    .getByTestId('broadcast-card')
    .filter({ hasText: '调入货品已发货' })
    .filter({ hasText: transferNo });
  await expect(shippedAlert).toBeVisible(SLOW);
  await shippedAlert.getByTestId('broadcast-card-detail').click();
  await expect(page).toHaveURL(new RegExp(`/stock/transfer-in-receiving\\?inOrderNo=${transferNo}$`), SLOW);
  await expect(page.getByTestId('transfer-in-receiving-in-order')).toHaveText(`调入单 ${transferNo}`, SLOW);
  const receivingRows = page.getByTestId('transfer-in-receiving-table').locator('tr.ant-table-row');
  await expect(receivingRows).toHaveCount(1);
  await expect(receivingRows).toContainText('运输中');
  await closeCards(page);
  await shootBothSizes(page, 'inventory-transfer-in-receiving');

  // A: receives the first line whole and the second one short, closing it: the discrepancy shows.
  await receivingRows.getByRole('link', { name: transferNo }).click();
  await expect(page.getByTestId('transfer-status')).toHaveText('运输中', SLOW);
  await page.getByTestId('transfer-action-receive').click();
  await page.getByTestId('transfer-received-1').fill('1');
  await page.getByTestId('transfer-close-1').check();
  await page.getByTestId('transfer-receive-dialog-ok').click();
  await expect(page.getByTestId('transfer-status')).toHaveText('已收货', SLOW);
  await expect(page.getByTestId('transfer-discrepancy')).toHaveText('有差异');
  await expect(page.getByTestId('transfer-line-short')).toHaveText('1');
  await expect(page.getByTestId('transfer-timeline')).toContainText('短少1');
  await closeCards(page);
  await shootBothSizes(page, 'inventory-transfer-detail');

  await page.goto('/stock/transfer-out');
  await expect(page.getByTestId('transfer-out-page')).toBeVisible({ timeout: 30_000 });
  await shootBothSizes(page, 'inventory-transfer-out');
});

test('head office dispatches a transfer in; the alert opens the receiving list at it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signInAsSolo(page, '/stock/transfer-in');
  await expect(page.getByTestId('transfer-in-page')).toBeVisible(SLOW);
  const stores = await demoTransferStores(page);

  // Head office (admin): 总部派单 from 亦庄文化园店 to solo's 马驹桥店.
  const office = await openConsole(browser, { viewport: DESKTOP });
  await signIn(office, 'admin', 'Admin@2026!');
  await office.goto('/stock/transfer-in');
  await office.getByTestId('transfer-in-dispatch').click();
  await office.getByTestId('transfer-apply-to').fill(stores.toStoreCode);
  await office.getByTestId('transfer-apply-from').fill(stores.fromStoreCode);
  await pickOption(office, 'transfer-apply-sku-0', 0);
  await office.getByTestId('transfer-apply-qty-0').fill('2');
  await office.getByTestId('transfer-apply-remark').fill('总部补货');
  await closeCards(office);
  await shootBothSizes(office, 'inventory-dispatch-dialog');
  await office.getByTestId('transfer-dispatch-dialog-ok').click();
  await expect(office.getByTestId('transfer-dispatch-dialog')).toBeHidden(SLOW);

  // Solo hears 2 (自动调入单已派单); it opens the receiving list filtered to the new transfer.
  const alert = page.getByTestId('broadcast-card').filter({ hasText: '自动调入单已派单' });
  await expect(alert).toBeVisible(SLOW);
  await alert.getByTestId('broadcast-card-detail').click();
  await expect(page).toHaveURL(/\/stock\/transfer-in-receiving\?inOrderNo=TR\d+$/, SLOW);
  const rows = page.getByTestId('transfer-in-receiving-table').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(1, SLOW);
  await expect(rows).toContainText('待接单');
  await expect(rows).toContainText(STORE_B);
});

test('a request-goods rejection reaches the requester', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);

  // Solo (马驹桥店): 要货管理 has demo rows; request goods from the warehouse.
  await signInAsSolo(page, '/stock/request-goods');
  await expect(page.getByTestId('request-goods-page')).toBeVisible(SLOW);
  await expect(page.getByTestId('request-goods-table')).toContainText('待审核', SLOW);
  await closeCards(page);
  await shootBothSizes(page, 'inventory-request-goods');
  await page.getByTestId('request-goods-add').click();
  await pickOption(page, 'transfer-apply-sku-0', 0);
  await page.getByTestId('transfer-apply-qty-0').fill('2');
  await page.getByTestId('transfer-apply-remark').fill('周末备货');
  await page.getByTestId('request-goods-apply-dialog-ok').click();
  await expect(page.getByTestId('request-goods-detail-page')).toBeVisible(SLOW);
  await expect(page.getByTestId('request-goods-detail-status')).toHaveText('待审核', SLOW);
  const requestNo = /RG\d+/.exec(
    (await page.getByTestId('request-goods-detail-page').textContent()) ?? '',
  )![0];

  // The auditor (admin): rejects it in 待我审核 with a reason.
  const auditor = await openConsole(browser, { viewport: DESKTOP });
  await signIn(auditor, 'admin', 'Admin@2026!');
  await auditor.goto('/audit/review-pending?busiType=1');
  const row = auditor
    .getByTestId('review-pending-table')
    .locator('tr.ant-table-row')
    .filter({ hasText: requestNo });
  await expect(row).toContainText('要货审核', SLOW);
  await row.getByTestId('row-action-reject').click();
  await auditor.getByTestId('audit-reject-reason').fill('本周已配送，请下周再要');
  await auditor.getByTestId('audit-reject-dialog-ok').click();
  await expect(row).toHaveCount(0, SLOW);

  // Solo hears 32 (要货审核驳回); it opens the request (RequestGoodsDetails id, orderNo) with the reason.
  const alert = page.getByTestId('broadcast-card').filter({ hasText: requestNo });
  await expect(alert).toBeVisible(SLOW);
  await expect(alert).toContainText('要货审核驳回');
  await shootBothSizes(page, 'inventory-request-goods-rejected-alert');
  await alert.getByTestId('broadcast-card-detail').click();
  await expect(page).toHaveURL(
    new RegExp(`/stock/request-goods-detail\\?id=\\d+&orderNo=${requestNo}`),
    SLOW,
  );
  await expect(page.getByTestId('request-goods-detail-status')).toHaveText('已驳回', SLOW);
  await expect(page.getByTestId('request-goods-reason')).toHaveText('本周已配送，请下周再要');
  await expect(page.getByTestId('request-goods-timeline')).toContainText('审核驳回');
  await closeCards(page);
  await shootBothSizes(page, 'inventory-request-goods-rejected');
});
