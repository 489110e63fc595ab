import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  attachmentHeader,
  buildTemplate,
  cellText,
  looksLikeXlsx,
  parseWorkbook,
} from './import-workbook.js';

describe('cellText', () => {
  it('reads what a person sees in the cell', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('  W01 ')).toBe('W01');
    expect(cellText(13800000000)).toBe('13800000000');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText({ richText: [{ text: 'S0' }, { text: '1' }] })).toBe('S01');
    expect(cellText({ text: '13800000000', hyperlink: 'tel:13800000000' })).toBe('13800000000');
    expect(cellText({ formula: 'A1', result: 42 })).toBe('42');
    expect(cellText(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
  });
});

describe('looksLikeXlsx', () => {
  it('needs the .xlsx name and the zip signature', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]);
    expect(looksLikeXlsx('a.xlsx', zip)).toBe(true);
    expect(looksLikeXlsx('A.XLSX', zip)).toBe(true);
    expect(looksLikeXlsx('a.xls', zip)).toBe(false);
    expect(looksLikeXlsx('a.xlsx', Buffer.from('hello'))).toBe(false);
  });
});

it('encodes the Chinese file name per RFC 5987 with an ASCII fallback', () => {
  expect(attachmentHeader('模板.xlsx')).toBe(
    `attachment; filename="template.xlsx"; filename*=UTF-8''%E6%A8%A1%E6%9D%BF.xlsx`,
  );
});

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
