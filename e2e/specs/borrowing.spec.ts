import { expect, test, type Page } from '../support/test';
import { forgetLastStore } from '../support/demo-api';
import { closeConsoles, openConsole, signIn, signInAsSolo } from '../support/session';
import { closeCards, DESKTOP, shootBothSizes } from '../support/screens';

/**
 * A loan between two demo stores (docs/domain/inventory.md "Borrowing"): solo's 马驹桥店 (A) applies to borrow
 * from staff's 亦庄文化园店 (B); admin approves it in 待我审核; A's alert (37) opens the loan; B lends; A returns.
 */
const STORE_B = '亦庄文化园店';
const SLOW = { timeout: 30_000 };
/** The demo loan in which solo's store borrows from 亦庄文化园店. */
const DEMO_LOAN = 'LN20261101090000000001';

test.beforeEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});
test.afterEach(async ({ request }) => {
  await closeConsoles();
  await forgetLastStore(request, 'staff');
});

/** The lending store's code, read from the demo loan as the page's session sees it. */
const lenderCodeOf = (page: Page) =>
  page.evaluate(async (loanNo) => {
    const storeCode = (JSON.parse(localStorage.getItem('shopInfo') ?? '{}') as { addressId: string })
      .addressId;
    const response = await fetch('/tec/inventory/loan/list', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('EL-ADMIN-TOEKN')}`,
      },
      body: JSON.stringify({ storeCode, keyword: loanNo }),
    });
    return ((await response.json()) as { data: { list: { lenderStoreCode: string }[] } }).data.list[0]!
      .lenderStoreCode;
  }, DEMO_LOAN);

test('a store borrows from another, the loan is approved, lent and returned', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);

  // A (solo): 借货管理 shows the demo loans, an overdue one among them; apply to borrow from B.
  await signInAsSolo(page, '/stock/daily-secondment');
  await expect(page.getByTestId('loans-page')).toBeVisible(SLOW);
  await expect(page.getByTestId('loans-table')).toContainText(DEMO_LOAN, SLOW);
  await closeCards(page);
  await shootBothSizes(page, 'borrowing-list');
  const lenderCode = await lenderCodeOf(page);
  await page.getByTestId('loans-add').click();
  await page.getByTestId('loan-apply-lender').fill(lenderCode);
  const due = page.getByTestId('loan-apply-due');
  await due.click();
  await due.fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  await due.press('Enter');
  await page.getByTestId('transfer-apply-sku-0').click();
  await page.keyboard.press('Enter');
  await page.getByTestId('transfer-apply-qty-0').fill('3');
  await page.getByTestId('transfer-apply-remark').fill('周末活动借货');
  await shootBothSizes(page, 'borrowing-apply-dialog');
  await page.getByTestId('loan-apply-dialog-ok').click();
  await expect(page.getByTestId('loan-detail-page')).toBeVisible(SLOW);
  await expect(page.getByTestId('loan-detail-status')).toHaveText('待审核', SLOW);
  const loanNo = /LN\d+/.exec((await page.getByTestId('loan-detail-page').textContent()) ?? '')![0];
  const loanId = new URL(page.url()).searchParams.get('id')!;

  // The approver (admin): 借货审核 in 待我审核, approved.
  const auditor = await openConsole(browser, { viewport: DESKTOP });
  await signIn(auditor, 'admin', 'Admin@2026!');
  await auditor.goto('/audit/review-pending?busiType=2');
  const row = auditor
    .getByTestId('review-pending-table')
    .locator('tr.ant-table-row')
    .filter({ hasText: loanNo });
  await expect(row).toContainText('借货审核', SLOW);
  await row.getByTestId('row-action-approve').click();
  await auditor
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toHaveCount(0, SLOW);

  // A hears 37 (借货审核通过); the alert opens the loan (DailySecondmentDetail id).
  const alert = page.getByTestId('broadcast-card').filter({ hasText: loanNo });
  await expect(alert).toContainText('借货审核通过', SLOW);
  await alert.getByTestId('broadcast-card-detail').click();
  await expect(page).toHaveURL(new RegExp(`/stock/daily-secondment-detail\\?id=${loanId}$`), SLOW);
  await expect(page.getByTestId('loan-detail-status')).toHaveText('待借出', SLOW);
  await expect(page.getByTestId('loan-action-lend')).toHaveCount(0);

  // B (staff in 亦庄文化园店): the loan on its 借出 side; lends it.
  const clerkB = await openConsole(browser, { viewport: DESKTOP });
  await signIn(clerkB, 'staff', 'Staff@2026!');
  await clerkB.getByTestId('store-radio').filter({ hasText: STORE_B }).click();
  await clerkB.getByTestId('store-select-ok').click();
  await clerkB.goto('/stock/daily-secondment?side=out');
  await clerkB.getByTestId('loans-table').getByRole('link', { name: loanNo }).click();
  await expect(clerkB.getByTestId('loan-detail-status')).toHaveText('待借出', SLOW);
  await clerkB.getByTestId('loan-action-lend').click();
  await clerkB.getByTestId('loan-confirm-dialog-ok').click();
  await expect(clerkB.getByTestId('loan-detail-status')).toHaveText('已借出', SLOW);
  await expect(clerkB.getByTestId('loan-lines')).toContainText('×3');

  // A: returns the goods after the confirmation.
  await page.reload();
  await expect(page.getByTestId('loan-detail-status')).toHaveText('已借出', SLOW);
  await page.getByTestId('loan-action-return').click();
  await expect(page.getByTestId('loan-confirm-dialog')).toContainText('按原批次退回');
  await page.getByTestId('loan-confirm-dialog-ok').click();
  await expect(page.getByTestId('loan-detail-status')).toHaveText('已归还', SLOW);
  await expect(page.getByTestId('loan-timeline')).toContainText('归还');
  await closeCards(page);
  await shootBothSizes(page, 'borrowing-detail');

  // Both lists filter by 已逾期: the demo's overdue loan is there.
  await page.goto('/stock/daily-secondment?status=overdue');
  await expect(page.getByTestId('loans-table')).toContainText('已逾期', SLOW);
  await closeCards(page);
  await shootBothSizes(page, 'borrowing-overdue');
});
