import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTemplate, parseWorkbook } from './import-workbook.js';

describe('parseWorkbook', () => {
  it('skips the sample row and empty rows, finds columns by header', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildTemplate()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('用户信息')!;
    sheet.addRow([]);
    sheet.addRow(['W9', '王五', 13800000009, 'S01、S02', '店长']);
    const parsed = await parseWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { row: 4, workCode: 'W9', name: '王五', phone: '13800000009', storeCodes: 'S01、S02', role: '店长' },
      ],
    });
  });

  it('accepts reordered columns on any first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['角色', '门店编号', '手机号', '姓名', '工号']);
    sheet.addRow(['', 'S01', '13800000001', '赵六', 'W1']);
    const parsed = await parseWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(parsed.ok && parsed.rows[0]).toMatchObject({ workCode: 'W1', storeCodes: 'S01', role: '' });
  });
});
