import { AUTH_OPEN_IMPORT_COLUMNS, AUTH_OPEN_IMPORT_MAX_ROWS } from '@console/contract';
import type { CellValue, Workbook } from 'exceljs';

export const TEMPLATE_FILENAME = '门店权限开通导入模板.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DATA_SHEET = '用户信息';
/** A row whose work code starts with this is the template's sample and is skipped on import. */
export const SAMPLE_MARK = '示例';

type Field = keyof typeof AUTH_OPEN_IMPORT_COLUMNS;
const FIELDS = Object.keys(AUTH_OPEN_IMPORT_COLUMNS) as Field[];

/** One data row as typed, cell texts trimmed; `row` is the Excel row number. */
export type ImportRow = { row: number } & Record<Field, string>;

export type ParsedWorkbook =
  | { ok: true; rows: ImportRow[] }
  | { ok: false; message: string; code: 'FILE_UNREADABLE' | 'HEADER_INVALID' | 'NO_ROWS' | 'TOO_MANY_ROWS' };

async function newWorkbook(): Promise<Workbook> {
  // ExcelJS is loaded on first use: most requests never touch a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

/** The import template: the data sheet (header, one sample row, text-formatted columns) and an instructions sheet. */
export async function buildTemplate(): Promise<Buffer> {
  const workbook = await newWorkbook();
  workbook.creator = '门店运营云平台';
  const sheet = workbook.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = FIELDS.map((field) => ({
    header: AUTH_OPEN_IMPORT_COLUMNS[field],
    key: field,
    width: field === 'storeCodes' ? 36 : 18,
    // Text format keeps phone numbers and codes with leading zeros as typed.
    style: { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF2F28' } };
  sheet.addRow({
    workCode: `${SAMPLE_MARK}W0001`,
    name: '张三',
    phone: '13800000000',
    storeCodes: 'BJ001、BJ002',
    role: '门店店员',
  }).font = { italic: true, color: { argb: 'FF999999' } };

  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'column', width: 14 },
    { header: '说明', key: 'note', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  const notes: [string, string][] = [
    ['工号', '必填，字母、数字、-、_，最多32位；同一工号在文件中只能出现一次'],
    ['姓名', '必填，最多64个字'],
    ['手机号', '必填，11位手机号；新员工用此手机号以短信验证码登录'],
    ['门店编号', '必填，可填写多个，用顿号（、）或逗号分隔'],
    ['角色', '选填，填写云平台角色名称，如：店长、门店店员'],
    ['示例行', `工号以“${SAMPLE_MARK}”开头的行不会导入，可直接删除`],
    ['行数', `每次最多导入${AUTH_OPEN_IMPORT_MAX_ROWS}行；任一行有错误时整个文件都不会导入`],
  ];
  for (const [column, note] of notes) help.addRow({ column, note });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The text a person sees in a cell, whatever ExcelJS stored (number, rich text, link, formula result, date). */
export function cellText(value: CellValue): string {
  if (value == null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText((value.result ?? null) as CellValue);
  if ('error' in value) return '';
  return '';
}

/** Reads the first sheet: columns found by their header names, empty rows and the sample row skipped. */
export async function parseWorkbook(bytes: Buffer): Promise<ParsedWorkbook> {
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, code: 'FILE_UNREADABLE', message: '文件无法读取，请使用下载的模板填写后上传' };
  }
  const sheet = workbook.getWorksheet(DATA_SHEET) ?? workbook.worksheets[0];
  if (!sheet) return { ok: false, code: 'FILE_UNREADABLE', message: '文件中没有工作表' };

  const columnOf = new Map<Field, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const text = cellText(cell.value);
    const field = FIELDS.find((f) => AUTH_OPEN_IMPORT_COLUMNS[f] === text);
    if (field && !columnOf.has(field)) columnOf.set(field, column);
  });
  const missing = FIELDS.filter((f) => !columnOf.has(f)).map((f) => AUTH_OPEN_IMPORT_COLUMNS[f]);
  if (missing.length)
    return {
      ok: false,
      code: 'HEADER_INVALID',
      message: `表头缺少：${missing.join('、')}，请下载最新模板`,
    };

  const rows: ImportRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const line = sheet.getRow(r);
    const row = { row: r } as ImportRow;
    for (const field of FIELDS) row[field] = cellText(line.getCell(columnOf.get(field)!).value);
    if (FIELDS.every((f) => row[f] === '')) continue;
    if (row.workCode.startsWith(SAMPLE_MARK)) continue;
    rows.push(row);
    if (rows.length > AUTH_OPEN_IMPORT_MAX_ROWS)
      return {
        ok: false,
        code: 'TOO_MANY_ROWS',
        message: `每次最多导入${AUTH_OPEN_IMPORT_MAX_ROWS}行，请拆分文件后分批导入`,
      };
  }
  if (!rows.length) return { ok: false, code: 'NO_ROWS', message: '文件中没有要导入的数据' };
  return { ok: true, rows };
}

/** An .xlsx file is a zip archive: it starts with the local file header `PK\x03\x04`. */
export function looksLikeXlsx(filename: string, bytes: Buffer): boolean {
  return (
    /\.xlsx$/i.test(filename) &&
    bytes.length > 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  );
}

/** Content-Disposition with an ASCII fallback and the Chinese name per RFC 5987. */
export function attachmentHeader(filename: string): string {
  return `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
