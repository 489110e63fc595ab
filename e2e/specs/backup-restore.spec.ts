import { expect, test, type Page } from '../support/test';
import { makeBackup } from '../support/backups';
import { DESKTOP, PHONE, settle, shootBothSizes } from '../support/screens';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { closeConsoles, DEMO_USERS, openConsole, pickStoreIfAsked, signIn } from '../support/session';

async function openBackups(page: Page) {
  await page.getByRole('menuitem', { name: /系统工具/ }).click();
  await page.getByRole('menuitem', { name: /数据备份/ }).click();
  await pickStoreIfAsked(page, 'backups-page');
}

/** Fills the 恢复数据 dialog: the typed name first (still locked), then the acknowledged loss. */
async function confirmLiveRestore(page: Page, name: string) {
  const dialog = page.getByTestId('backup-live-dialog');
  const start = dialog.getByRole('button', { name: /恢复数据/ });
  await expect(dialog).toContainText('之后的所有新增、修改和删除都将丢失');
  await dialog.getByTestId('backup-live-input').fill(name);
  await expect(start).toBeDisabled();
  await dialog.getByTestId('backup-live-ack').click();
  await expect(start).toBeEnabled();
  await shootBothSizes(page, 'system-backup-restore-live-dialog');
  return start;
}

async function shootRepair(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/**
 * 恢复数据 (docs/domain/system-tools.md "数据备份"). The e2e server runs on the embedded database, which refuses a
 * restore while the console runs: there the spec covers the dialog, the refusal and the maintenance page. With
 * DATABASE_URL set for the run (a scratch PostgreSQL database) it is the whole walk-through: the store clerk
 * is sent to /repair while the administrator restores, and comes back afterwards.
 */
test.describe('恢复数据', () => {
  test.setTimeout(300_000);
  test.afterEach(closeConsoles);

  test('admin restores a backup; a store clerk waits on /repair and comes back', async ({
    page,
    browser,
  }) => {
    const health = (await (await page.request.get('/api/health')).json()) as { data: { database: string } };
    const onPostgres = health.data.database === 'postgres';

    // The clerk signs in before the backup: a sign-in made after it is gone with the restored sessions.
    const clerk = await openConsole(browser);
    await signIn(clerk, DEMO_USERS.solo.username, DEMO_USERS.solo.password);
    await expect(clerk).toHaveURL(/\/dashboard/);
    const clerkWasAt = new URL(clerk.url()).pathname;

    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await openBackups(page);
    const { name, row } = await makeBackup(page);

    await row.getByTestId('row-action-restore-live').click();
    const start = await confirmLiveRestore(page, name);
    await start.click();

    if (!onPostgres) {
      // The embedded database: refused with the way to restore it, and nothing else happens.
      await expect(page.getByTestId('backup-live-refusal')).toContainText('停止控制台');
      await expect(page.getByTestId('backup-live-refusal')).toContainText('DATA_DIR');
      await clerk.reload();
      await expect(clerk).toHaveURL(/\/dashboard/);
      // The maintenance page itself, opened directly: nothing is going on, so it stays and says so.
      await clerk.goto('/repair');
      await expect(clerk.getByTestId('repair-detail')).toContainText('当前没有进行中的维护');
      await shootRepair(clerk, 'repair-idle');
      return;
    }

    await expect(page.getByTestId('backup-live-running')).toBeVisible();
    // The clerk's next call is answered 503 MAINTENANCE: the console waits on /repair.
    await clerk.reload();
    await expect(clerk).toHaveURL(/\/repair\?from=/);
    await expect(clerk.getByTestId('repair-detail')).toContainText('正在恢复数据备份');
    await shootRepair(clerk, 'repair-restoring');
    await expect(page.getByTestId('backup-live-result')).toContainText('数据已恢复', { timeout: 180_000 });
    await shootBothSizes(page, 'system-backup-restore-live-done');
    await expect(clerk).toHaveURL(new RegExp(`${clerkWasAt}$`), { timeout: 30_000 });
    await page.getByTestId('backup-live-close').click();
    await expect(row.getByTestId('backup-restore-status')).toContainText('已恢复');
  });
});
