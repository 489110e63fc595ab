import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { attachmentHeader, cellText, looksLikeXlsx, xlsxImport } from './xlsx-import.js';

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

/** A two-column set of any module: the parser knows nothing of users or goods. */
const fruit = xlsxImport({
  columns: { code: '编码', amount: '数量' },
  sheetName: '明细',
  maxRows: 3,
  isSample: (row) => row.code.startsWith('示例'),
});

async function fileOf(rows: unknown[][], sheetName = '明细'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('xlsxImport', () => {
  it('builds a template whose own rows parse back, the sample skipped', async () => {
    const bytes = await fruit.buildTemplate({
      sample: { code: '示例A01', amount: '2' },
      notes: [['编码', '必填']],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['明细', '填写说明']);
    const sheet = workbook.getWorksheet('明细')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '编码', '数量']);
    sheet.addRow([]);
    sheet.addRow(['A02', 5]);
    const parsed = await fruit.parse(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(parsed).toEqual({ ok: true, rows: [{ row: 4, code: 'A02', amount: '5' }] });
  });

  it('finds reordered columns by header on any first sheet and ignores extra columns', async () => {
    const parsed = await fruit.parse(
      await fileOf(
        [
          ['备注', '数量', '编码'],
          ['x', ' 7 ', 'B1'],
        ],
        'Sheet1',
      ),
    );
    expect(parsed).toEqual({ ok: true, rows: [{ row: 2, code: 'B1', amount: '7' }] });
  });

  it('names the missing headers', async () => {
    expect(await fruit.parse(await fileOf([['编码'], ['A']]))).toMatchObject({
      ok: false,
      code: 'HEADER_INVALID',
      message: '表头缺少：数量，请下载最新模板',
    });
  });

  it('refuses more rows than the limit, a file without data and an unreadable file', async () => {
    const many = await fileOf([['编码', '数量'], ...[1, 2, 3, 4].map((n) => [`A${n}`, n])]);
    expect(await fruit.parse(many)).toMatchObject({
      ok: false,
      code: 'TOO_MANY_ROWS',
      message: '每次最多导入3行，请拆分文件后分批导入',
    });
    const exactly = await fileOf([['编码', '数量'], ...[1, 2, 3].map((n) => [`A${n}`, n])]);
    expect(await fruit.parse(exactly)).toMatchObject({ ok: true });
    expect(await fruit.parse(await fileOf([['编码', '数量'], [], ['示例', 1]]))).toMatchObject({
      ok: false,
      code: 'NO_ROWS',
    });
    expect(await fruit.parse(Buffer.from('PK\x03\x04 not a zip'))).toMatchObject({
      ok: false,
      code: 'FILE_UNREADABLE',
    });
  });
});
