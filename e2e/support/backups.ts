import { expect, type Page } from '@playwright/test';

/**
 * 立即备份 on the 数据备份 page, and the new backup's row once it has succeeded. The row is found by the name the
 * server answered: earlier specs leave backups in the list, and the newest row shown right after the click may
 * still be one of theirs.
 */
export async function makeBackup(page: Page) {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/system/backups/create') && r.request().method() === 'POST',
  );
  await page.getByTestId('backups-create').click();
  const { data } = (await (await created).json()) as { data: { name: string } };
  const row = page.locator('tr', { hasText: data.name });
  await expect(row.getByTestId('backup-status')).toHaveText('成功', { timeout: 120_000 });
  return { name: data.name, row };
}
