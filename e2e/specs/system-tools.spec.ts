import { expect, test, type Page } from '../support/test';
import { closeConsoles, openConsole, pickStoreIfAsked, signIn, tokenOf } from '../support/session';
import { closeCards, shootBothSizes } from '../support/screens';

const ADMIN = { username: 'admin', password: 'Admin@2026!' };

async function adminAt(page: Page, path: string, ready: string) {
  await signIn(page, ADMIN.username, ADMIN.password, path);
  await pickStoreIfAsked(page, ready);
}

test.describe('系统工具', () => {
  // Two consoles, several round trips and screenshots on a machine shared with other runs.
  test.setTimeout(300_000);
  test.afterEach(closeConsoles);

  test('admin finds the log entry of a change just made and opens it', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    const token = await tokenOf(page);
    const created = await page.request.post('/api/dicts/types', {
      headers: { authorization: `Bearer ${token}` },
      data: { code: 'e2e_log_probe', name: '日志探针' },
    });
    expect(created.status()).toBe(200);

    // Through the sidebar, as an administrator finds it: 系统工具 › 系统监控 › 操作日志.
    await page.getByRole('menuitem', { name: /系统工具/ }).click();
    await page.getByRole('menuitem', { name: /系统监控/ }).click();
    await page.getByRole('menuitem', { name: /操作日志/ }).click();
    await pickStoreIfAsked(page, 'operation-logs-page');
    await page.getByTestId('operation-logs-action').locator('input').fill('dict.type.create');
    await page.getByTestId('operation-logs-action').locator('input').press('Enter');
    const row = page.locator('tr', { hasText: 'dict.type.create' }).first();
    await expect(row).toBeVisible();
    await expect(row.getByTestId('operation-log-result')).toHaveText('成功');
    await row.getByTestId('row-action-view').click();
    const drawer = page.getByTestId('operation-log-detail');
    await expect(drawer).toContainText('日志探针');
    await expect(drawer).toContainText('POST /api/dicts/types');
    await shootBothSizes(page, 'system-operation-log');

    // 导出 with the same filter: a head-office export job, downloaded from the admin's 导出记录.
    await drawer.locator('.ant-drawer-close').click();
    await page.getByTestId('list-export').click();
    await expect(page.getByTestId('export-queued')).toContainText('导出记录');
    await closeCards(page);
    await shootBothSizes(page, 'system-operation-log-export');
    await page.getByTestId('export-records-link').click();
    await pickStoreIfAsked(page, 'export-records-page');
    const record = page.getByTestId('export-table').locator('tbody tr.ant-table-row').first();
    await expect(record).toContainText('操作日志');
    await expect(record.getByTestId('export-status')).toHaveText('已完成', { timeout: 30_000 });
    await expect(record).toContainText(/操作日志_总部_\d{14}\.xlsx/);
    const download = page.waitForEvent('download');
    await record.getByTestId('row-action-download').click();
    expect((await download).suggestedFilename()).toMatch(/^操作日志_总部_\d{14}\.xlsx$/);
  });

  test('admin exports the server errors of 异常日志 and downloads the file', async ({ page }) => {
    await adminAt(page, '/system/monitor/error-logs', 'error-logs-page');
    await page.getByTestId('list-export').click();
    await expect(page.getByTestId('export-queued')).toContainText('导出记录');
    await page.getByTestId('export-records-link').click();
    await pickStoreIfAsked(page, 'export-records-page');
    const record = page.getByTestId('export-table').locator('tbody tr.ant-table-row').first();
    await expect(record).toContainText('异常日志（服务端）');
    await expect(record.getByTestId('export-status')).toHaveText('已完成', { timeout: 30_000 });
    const download = page.waitForEvent('download');
    await record.getByTestId('row-action-download').click();
    expect((await download).suggestedFilename()).toMatch(/^异常日志（服务端）_总部_\d{14}\.xlsx$/);
  });

  test('a second browser’s session is ended from 在线用户 and lands on the login page', async ({
    page,
    browser,
  }) => {
    const other = await openConsole(browser);
    await signIn(other, 'solo', 'Solo@2026!');

    await adminAt(page, '/system/online', 'online-users-page');
    await page.getByTestId('online-users-keyword').locator('input').fill('solo');
    await page.getByTestId('online-users-keyword').locator('input').press('Enter');
    const row = page.locator('tr', { hasText: 'solo' }).first();
    await expect(row).toBeVisible();
    await shootBothSizes(page, 'system-online-users');
    await row.getByTestId('row-action-kick').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.locator('.ant-message')).toContainText('已强制下线');
    // The held long poll of the ended session is answered 401 at once; the console then signs out.
    await expect(other).toHaveURL(/\/login/, { timeout: 60_000 });
  });

  test('a job is paused, run once, and its run shows in the log', async ({ page }) => {
    await adminAt(page, '/system/timing', 'timing-page');
    const row = page.locator('tr', { hasText: 'orders.ship-reminder' }).first();
    await expect(row.getByTestId('job-enabled')).toHaveText('运行中');
    await row.getByTestId('row-action-pause').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(row.getByTestId('job-enabled')).toHaveText('已暂停');

    await row.getByTestId('row-action-run').click();
    const runs = page.getByTestId('job-runs');
    await expect(runs).toContainText('手动');
    await expect(runs.getByTestId('job-run-status').first()).toHaveText('成功');
    await shootBothSizes(page, 'system-job-runs');
    await page.keyboard.press('Escape');

    await row.getByTestId('row-action-cron').click();
    await page.getByTestId('job-cron-input').fill('bad cron');
    await expect(page.getByTestId('job-cron-dialog')).toContainText('定时表达式不正确');
    await page.getByTestId('job-cron-input').fill('0 */5 * * * *');
    await expect(page.getByTestId('job-cron-preview-item')).toHaveCount(5);
    await shootBothSizes(page, 'system-job-cron');
  });
});
