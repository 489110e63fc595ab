import { expect, test, type Page } from '../support/test';
import { forgetLastStore } from '../support/demo-api';
import { selectedStoreCode, signIn, switchStore } from '../support/session';
import { closeCards, DESKTOP, shootBothSizes } from '../support/screens';

/** A store of `staff` with demo orders; `admin` (head office, every store) decides its checks. */
const STORE_NAME = '亦庄文化园店';

/** Remembers `storeCode` as the account's last store again, as the store switcher does. */
async function rememberStore(page: Page, storeCode: string): Promise<void> {
  const result = await page.evaluate(async (code) => {
    const response = await fetch('/api/user/shop/save/change', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('EL-ADMIN-TOEKN')}`,
      },
      body: JSON.stringify({ storeCode: code, userId: Number(localStorage.getItem('userId')) }),
    });
    return ((await response.json()) as { result: number }).result;
  }, storeCode);
  expect(result).toBe(0);
}

// staff must be asked for a store: start and end without a remembered one, whatever ran before.
test.beforeEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});
test.afterEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});

test('staff asks head office to check a shipped order’s cancellation; admin approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);

  // staff: pick the store, find a shipped order and ask for a check.
  await signIn(page, 'staff', 'Staff@2026!');
  const storeDialog = page.getByTestId('store-select-dialog');
  await expect(storeDialog).toBeVisible();
  await page.getByTestId('store-radio').filter({ hasText: STORE_NAME }).click();
  await page.getByTestId('store-select-ok').click();
  await expect(storeDialog).toBeHidden();
  await page.goto('/order/received-orders?status=shipped');
  const shippedRow = page.getByTestId('received-table').locator('tbody tr.ant-table-row').first();
  await expect(shippedRow).toContainText('已发货');
  const performanceOrderNo = /PF\d+/.exec((await shippedRow.textContent()) ?? '')?.[0] ?? '';
  expect(performanceOrderNo).not.toBe('');

  await page.goto('/order/cancel-check-help');
  await expect(page.getByTestId('cancel-checks-page')).toBeVisible();
  await page.getByTestId('add-check').click();
  await page.getByTestId('add-check-order').fill(performanceOrderNo);
  await page.getByTestId('add-check-reason').fill('顾客已拒收，快递正在退回门店');
  await page.getByTestId('add-check-dialog-ok').click();
  const staffDrawer = page.getByTestId('check-drawer');
  await expect(staffDrawer).toContainText(performanceOrderNo);
  await expect(page.getByTestId('check-state')).toHaveText('待处理');
  await expect(page).toHaveURL(/id=\d+/);
  const checkId = new URL(page.url()).searchParams.get('id');
  // Store staff ask but never decide.
  await expect(staffDrawer.getByTestId('check-approve')).toHaveCount(0);
  await expect(staffDrawer.getByTestId('check-reject')).toHaveCount(0);
  await closeCards(page);
  await shootBothSizes(page, 'cancel-check-staff-pending');

  // admin (head office, authorised for every store): was told, opens the check in that store and approves it.
  const adminContext = await browser.newContext({
    viewport: DESKTOP,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, 'admin', 'Admin@2026!');
    const rememberedStore = await selectedStoreCode(admin);
    try {
      await switchStore(admin, STORE_NAME);
      // Fulfilment 1 in the store's inbox opens the check on the 取消核查 page.
      await closeCards(admin);
      await admin.getByTestId('message-bell').click();
      const center = admin.getByTestId('message-center');
      const message = center.getByTestId('message-card').filter({ hasText: performanceOrderNo });
      await expect(message).toHaveCount(1);
      await expect(message).toContainText('顾客已拒收，快递正在退回门店');
      await message.getByTestId('message-detail').click();
      await expect(admin).toHaveURL(new RegExp(`/order/cancel-check-help\\?.*id=${checkId}`));
      const drawer = admin.getByTestId('check-drawer');
      await expect(drawer).toContainText(performanceOrderNo);
      await expect(drawer).toContainText('顾客已拒收，快递正在退回门店');
      await expect(drawer.getByTestId('check-approve')).toBeVisible();
      await closeCards(admin);
      await shootBothSizes(admin, 'cancel-check-admin-decide');
      await drawer.getByTestId('check-approve').click();
      await admin.getByTestId('decide-remark').fill('已与顾客确认，同意取消');
      await admin.getByTestId('decide-dialog-ok').click();
      await expect(admin.getByTestId('check-state')).toHaveText('已同意取消');
      await expect(drawer).toContainText('已取消');
      await expect(drawer.getByTestId('check-approve')).toHaveCount(0);
      await shootBothSizes(admin, 'cancel-check-admin-approved');
    } finally {
      await rememberStore(admin, rememberedStore);
    }
  } finally {
    await adminContext.close();
  }

  // staff sees the decision and the cancelled order.
  await page.reload();
  await expect(page.getByTestId('check-state')).toHaveText('已同意取消');
  await page.goto(`/order/received-order-detail?performanceOrderNo=${performanceOrderNo}`);
  await expect(page.getByTestId('order-status')).toHaveText('已取消');
});
