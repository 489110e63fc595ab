import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test';
import ExcelJS from 'exceljs';
import { forgetLastStore } from '../support/demo-api';
import { closeConsoles, signInAsSolo } from '../support/session';
import { closeCards, DESKTOP, PHONE, settle, shootBothSizes } from '../support/screens';
import { SCREENSHOT_DIR } from '../support/demo-api';

/**
 * 要货管理's lines from the whole catalogue and from Excel (docs/domain/inventory.md "Request goods"): solo (马驹桥店)
 * searches the catalogue in the apply dialog, downloads the template, uploads a file with one bad row and sees it
 * named, then a good file whose lines fill the dialog, and submits.
 */
const SLOW = { timeout: 30_000 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.beforeEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});
test.afterEach(async () => {
  await closeConsoles();
});

/** The downloaded template with `rows` typed under its sample row (rows 3 on). */
async function filledTemplate(template: Buffer, rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('要货明细')!;
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (page: Page, buffer: Buffer) =>
  page
    .getByTestId('request-goods-import')
    .locator('input[type=file]')
    .setInputFiles({ name: '要货明细.xlsx', mimeType: XLSX, buffer });

for (const viewport of [DESKTOP, PHONE]) {
  test(`a clerk imports request-goods lines from Excel at ${viewport.width}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInAsSolo(page, '/stock/request-goods');
    await expect(page.getByTestId('request-goods-page')).toBeVisible(SLOW);
    await closeCards(page);
    // The list exports itself; the store's stock is exported from 库存查询 now.
    await expect(page.getByTestId('list-export')).toBeVisible();
    await expect(page.getByTestId('stock-export')).toHaveCount(0);
    await page.getByTestId('request-goods-add').click();
    const dialog = page.getByTestId('request-goods-apply-dialog');
    await expect(dialog).toBeVisible();

    // The SKU choice searches the whole catalogue on the server.
    await page.getByTestId('transfer-apply-sku-0').click();
    await page.getByTestId('transfer-apply-sku-0').locator('input').fill('R1005');
    const option = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'R1005 芝士蛋糕' });
    await expect(option).toBeVisible(SLOW);
    await page.keyboard.press('Escape');

    // The template.
    const download = page.waitForEvent('download');
    await page.getByTestId('request-goods-template').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('要货明细导入模板.xlsx');
    const template = await readFile((await file.path())!);

    // One bad row: named with its row number and reason; nothing fills the dialog.
    await upload(
      page,
      await filledTemplate(template, [
        ['R1001', 3],
        ['NOPE-1', 2],
        ['R1002', 5],
      ]),
    );
    const errors = page.getByTestId('request-goods-import-errors');
    await expect(errors).toContainText('第4行', SLOW);
    await expect(errors).toContainText('商品编码不存在或已停用：NOPE-1');
    await expect(errors.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId('transfer-apply-line')).toHaveCount(1);
    await settle(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/request-goods-import-errors-${viewport.width}.png`,
      fullPage: true,
    });

    // The corrected file: its lines replace the dialog's, the clerk checks them and submits.
    await upload(
      page,
      await filledTemplate(template, [
        ['R1001', 3],
        ['r1002', 5],
      ]),
    );
    await expect(page.getByTestId('request-goods-imported')).toContainText('已导入 2 种商品', SLOW);
    await expect(errors).toHaveCount(0);
    await expect(page.getByTestId('transfer-apply-line')).toHaveCount(2);
    await expect(page.getByTestId('transfer-apply-sku-0')).toContainText('R1001 鲜肉月饼');
    await expect(page.getByTestId('transfer-apply-sku-1')).toContainText('R1002 蛋黄酥');
    await expect(page.getByTestId('transfer-apply-qty-1')).toHaveValue('5');
    await settle(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/request-goods-import-${viewport.width}.png`,
      fullPage: true,
    });
    await page.getByTestId('request-goods-apply-dialog-ok').click();
    await expect(page.getByTestId('request-goods-detail-page')).toBeVisible(SLOW);
    await expect(page.getByTestId('request-goods-detail-status')).toHaveText('待审核', SLOW);
    const detail = page.getByTestId('request-goods-detail-page');
    await expect(detail).toContainText('鲜肉月饼');
    await expect(detail).toContainText('蛋黄酥');
    if (viewport === DESKTOP) await shootBothSizes(page, 'request-goods-imported-detail');
  });
}
