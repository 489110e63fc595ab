import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { makeBackup } from '../support/backups';
import { shootBothSizes } from '../support/screens';
import {
  closeConsoles,
  DEMO_USERS,
  openConsole,
  pickStoreIfAsked,
  signIn,
  tokenOf,
} from '../support/session';

test.describe('数据备份', () => {
  // A backup and a scratch restore of the demo database on a machine shared with other runs.
  test.setTimeout(300_000);
  test.afterEach(closeConsoles);

  test('admin makes a backup, downloads it and restores it into a scratch database', async ({ page }) => {
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    // Through the sidebar: 系统工具 › 数据备份.
    await page.getByRole('menuitem', { name: /系统工具/ }).click();
    await page.getByRole('menuitem', { name: /数据备份/ }).click();
    await pickStoreIfAsked(page, 'backups-page');

    const { name, row } = await makeBackup(page);
    expect((await row.locator('td').first().innerText()).trim()).toBe(name);
    expect(name).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/);

    const downloading = page.waitForEvent('download');
    await row.getByTestId('row-action-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    const bytes = await readFile(await download.path());
    const sha = createHash('sha256').update(bytes).digest('hex');
    await expect(row).toContainText(sha.slice(0, 10));

    await row.getByTestId('row-action-restore').click();
    const dialog = page.getByTestId('backup-restore-dialog');
    const start = dialog.getByRole('button', { name: /开始恢复/ });
    await expect(start).toBeDisabled();
    await dialog.getByTestId('backup-restore-input').fill('backup');
    await expect(start).toBeDisabled();
    await dialog.getByTestId('backup-restore-input').fill(name);
    await shootBothSizes(page, 'system-backup-restore-dialog');
    await start.click();
    await expect(row.getByTestId('backup-restore-status')).toContainText('一致', { timeout: 180_000 });
    await expect(row.getByTestId('backup-restore-status')).toContainText(/一致\s*\d+ 张表/);
    await shootBothSizes(page, 'system-backups');

    // Bad input gets a Chinese 4xx, never a 5xx.
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    const traversal = await page.request.post('/api/system/backups/restore', {
      headers,
      data: { name: '../../etc/passwd', confirmName: '../../etc/passwd' },
    });
    expect(traversal.status()).toBe(400);
    expect((await traversal.json()).errorMsg).toContain('备份名称不正确');
    const download404 = await page.request.get('/api/system/backups/download?name=..%2Fsecrets.dump', {
      headers,
    });
    expect(download404.status()).toBe(400);
    const unknown = 'backup-20000101-000000.tar.gz';
    const missing = await page.request.post('/api/system/backups/restore', {
      headers,
      data: { name: unknown, confirmName: unknown },
    });
    expect(missing.status()).toBe(404);
    expect((await missing.json()).errorMsg).toContain('备份不存在');
  });

  test('store staff see no 数据备份 and get 403 from its APIs', async ({ browser }) => {
    const staff = await openConsole(browser);
    await signIn(staff, DEMO_USERS.solo.username, DEMO_USERS.solo.password);
    await expect(staff.getByRole('menuitem', { name: /首页/ }).first()).toBeVisible();
    await expect(staff.getByRole('menuitem', { name: /数据备份/ })).toHaveCount(0);
    await expect(staff.getByRole('menuitem', { name: /系统工具/ })).toHaveCount(0);
    const headers = { authorization: `Bearer ${await tokenOf(staff)}` };
    expect((await staff.request.get('/api/system/backups', { headers })).status()).toBe(403);
    expect((await staff.request.post('/api/system/backups/create', { headers, data: {} })).status()).toBe(
      403,
    );
    const name = 'backup-20000101-000000.tar.gz';
    expect((await staff.request.get(`/api/system/backups/download?name=${name}`, { headers })).status()).toBe(
      403,
    );
    expect(
      (
        await staff.request.post('/api/system/backups/restore', {
          headers,
          data: { name, confirmName: name },
        })
      ).status(),
    ).toBe(403);
  });
});
