import { expect, test, type Page } from '../support/test';
import { forgetLastStore } from '../support/demo-api';
import { shootBothSizes } from '../support/screens';
import {
  confirmDialog,
  DEMO_USERS,
  pickStoreAtStartup,
  pickStoreIfAsked,
  pollStarted,
  signIn,
} from '../support/session';

const STORE_NAME = '亦庄文化园店';
const TITLE = `门店盘点通知 ${Date.now() % 100000}`;

async function openNotices(page: Page) {
  await page.goto('/system/notices');
  await pickStoreIfAsked(page, 'announcements-page');
  await expect(page.getByTestId('announcements-page')).toContainText('关于做好双十一备货工作的通知', {
    timeout: 30_000,
  });
}

const noticeRow = (page: Page) => page.locator('tr.ant-table-row', { hasText: TITLE });

test.describe('通知公告', () => {
  test.beforeEach(async ({ request }) => {
    await forgetLastStore(request, 'staff');
  });
  test.afterEach(async ({ request }) => {
    await forgetLastStore(request, 'staff');
  });

  test('admin writes a notice to a store; its staff sees it once, it reads as read; withdrawing removes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await openNotices(page);
    await shootBothSizes(page, 'announcements-list');

    // Write it: title, rich text (bold through the toolbar), the store as addressee.
    await page.getByTestId('announcements-add').click();
    await page.getByTestId('announcement-form-title').fill(TITLE);
    const area = page.getByTestId('announcement-form-content-area');
    await area.click();
    await area.pressSequentially('请各门店于本周五前完成');
    await page.getByRole('button', { name: '加粗' }).click();
    await area.pressSequentially('季度盘点');
    await page.getByTestId('announcement-form-stores').click();
    await page.keyboard.type('亦庄文化园');
    await page.locator('.ant-select-item-option', { hasText: STORE_NAME }).first().click();
    await page.keyboard.press('Escape');
    await shootBothSizes(page, 'announcements-form');
    await page.getByTestId('announcement-form-ok').click();
    await expect(page.getByText('草稿已保存')).toBeVisible();

    // The new draft opens in the detail.
    const detail = page.getByTestId('announcement-detail');
    await expect(detail).toBeVisible();
    await expect(page.getByTestId('announcement-detail-content').locator('b, strong')).toHaveText('季度盘点');
    await expect(page.getByTestId('announcement-detail-status')).toHaveText('草稿');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    await noticeRow(page).getByTestId('row-action-publish').click();
    await confirmDialog(page);
    await expect(page.getByText('公告已发布')).toBeVisible();
    await expect(noticeRow(page).getByTestId('announcement-status')).toHaveText('已发布');
    await expect(noticeRow(page)).toContainText('0/');

    // The store's staff: one pop-up, which opens the notice's text.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    const polling = pollStarted(staff);
    await signIn(staff, DEMO_USERS.staff.username, DEMO_USERS.staff.password);
    await pickStoreAtStartup(staff, STORE_NAME);
    await polling;
    const card = staff.getByTestId('broadcast-card').filter({ hasText: TITLE });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('通知公告');
    await shootBothSizes(staff, 'announcements-popup');

    // Once: closed, it does not come back after a reload (the server holds it acknowledged; a card still on
    // screen would be restored from the tab's cache for 5 minutes, by design of the message center).
    await card.getByTestId('broadcast-card-close').click();
    await expect(card).toBeHidden();
    await staff.reload();
    await expect(staff.getByTestId('message-bell')).toBeVisible({ timeout: 30_000 });
    await staff.waitForTimeout(3_000);
    await expect(staff.getByTestId('broadcast-card').filter({ hasText: TITLE })).toHaveCount(0);

    // Opened from the message center, it shows the reader view.
    await staff.getByTestId('message-bell').click();
    const center = staff.getByTestId('message-center');
    const message = center.getByTestId('message-card').filter({ hasText: TITLE });
    await expect(message).toBeVisible();
    await message.getByTestId('message-detail').click();
    await expect(staff.getByTestId('notice-reader-title')).toHaveText(TITLE);
    await expect(staff.getByTestId('notice-reader-content').locator('b, strong')).toHaveText('季度盘点');
    await shootBothSizes(staff, 'announcements-reader');
    const readerUrl = staff.url();

    // Head office sees who has read it.
    await page.reload();
    await expect(noticeRow(page)).toContainText(/1\/\d+/);
    await noticeRow(page).getByTestId('row-action-view').click();
    const receipts = page.getByTestId('announcement-receipts');
    await expect(receipts.locator('tr', { hasText: 'S1001' }).getByTestId('receipt-state')).toHaveText(
      '已读',
    );
    await expect(page.getByTestId('announcement-receipt-counts')).toContainText('已读 1 人');
    await shootBothSizes(page, 'announcements-detail');
    await page.keyboard.press('Escape');

    // Withdrawn: gone from the staff member's message center, and the reader says so.
    await noticeRow(page).getByTestId('row-action-withdraw').click();
    await confirmDialog(page);
    await expect(noticeRow(page).getByTestId('announcement-status')).toHaveText('已撤回');
    await staff.goto('/dashboard');
    await staff.getByTestId('message-bell').click();
    await expect(staff.getByTestId('message-center')).toBeVisible();
    await expect(staff.getByTestId('message-card').first()).toBeVisible();
    await expect(staff.getByTestId('message-card').filter({ hasText: TITLE })).toHaveCount(0);
    await staff.goto(readerUrl);
    await expect(staff.getByTestId('notice-reader-missing')).toContainText('公告不存在或已撤回');
    await staffContext.close();
  });
});
