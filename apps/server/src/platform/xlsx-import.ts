import type { CellValue, Workbook } from 'exceljs';

/**
 * Excel imports of any module (auth-open's users, request goods' lines): a template built from a column set and a
 * parser that finds the columns by their header names and answers the typed rows with their Excel row numbers.
 * What a row means is the module's (its own row checks); this module only reads the file.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Field name → the header a person sees in the template (the parser finds columns by these). */
export type ImportColumns<F extends string> = Readonly<Record<F, string>>;

/** One data row as typed, cell texts trimmed; `row` is the Excel row number (the header is row 1). */
export type ImportRow<F extends string> = { row: number } & Record<F, string>;

export type ParsedWorkbook<F extends string> =
  | { ok: true; rows: ImportRow<F>[] }
  | { ok: false; message: string; code: 'FILE_UNREADABLE' | 'HEADER_INVALID' | 'NO_ROWS' | 'TOO_MANY_ROWS' };

export type WorkbookSpec<F extends string> = {
  columns: ImportColumns<F>;
  /** The template's data sheet; a file without it is read from its first sheet. */
  sheetName: string;
  /** More data rows than this: the whole file is refused. */
  maxRows: number;
  /** The template's sample row: skipped on import. */
  isSample?: (row: ImportRow<NoInfer<F>>) => boolean;
};

export type TemplateSpec<F extends string> = {
  /** Column widths in characters (default 18). */
  widths?: Partial<Record<F, number>>;
  /** The sample row, shown in grey italics (the parser skips it by `isSample`). */
  sample?: Record<F, string>;
  /** The instructions sheet (填写说明): column name and note. */
  notes: readonly (readonly [string, string])[];
};

async function newWorkbook(): Promise<Workbook> {
  // ExcelJS is loaded on first use: most requests never touch a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
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

/** The template and the parser of one column set. */
export function xlsxImport<F extends string>(spec: WorkbookSpec<F>) {
  const fields = Object.keys(spec.columns) as F[];

  /** The data sheet (header, the sample row, text-formatted columns) and an instructions sheet. */
  async function buildTemplate(template: TemplateSpec<F>): Promise<Buffer> {
    const workbook = await newWorkbook();
    workbook.creator = '门店运营云平台';
    const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = fields.map((field) => ({
      header: spec.columns[field],
      key: field,
      width: template.widths?.[field] ?? 18,
      // Text format keeps phone numbers and codes with leading zeros as typed.
      style: { numFmt: '@' },
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF2F28' } };
    if (template.sample) sheet.addRow(template.sample).font = { italic: true, color: { argb: 'FF999999' } };

    const help = workbook.addWorksheet('填写说明');
    help.columns = [
      { header: '列', key: 'column', width: 14 },
      { header: '说明', key: 'note', width: 80 },
    ];
    help.getRow(1).font = { bold: true };
    for (const [column, note] of template.notes) help.addRow({ column, note });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /** Reads the data sheet (or the first): columns found by their header names, empty and sample rows skipped. */
  async function parse(bytes: Buffer): Promise<ParsedWorkbook<F>> {
    const workbook = await newWorkbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      return { ok: false, code: 'FILE_UNREADABLE', message: '文件无法读取，请使用下载的模板填写后上传' };
    }
    const sheet = workbook.getWorksheet(spec.sheetName) ?? workbook.worksheets[0];
    if (!sheet) return { ok: false, code: 'FILE_UNREADABLE', message: '文件中没有工作表' };

    const columnOf = new Map<F, number>();
    sheet.getRow(1).eachCell((cell, column) => {
      const text = cellText(cell.value);
      const field = fields.find((f) => spec.columns[f] === text);
      if (field && !columnOf.has(field)) columnOf.set(field, column);
    });
    const missing = fields.filter((f) => !columnOf.has(f)).map((f) => spec.columns[f]);
    if (missing.length)
      return {
        ok: false,
        code: 'HEADER_INVALID',
        message: `表头缺少：${missing.join('、')}，请下载最新模板`,
      };

    const rows: ImportRow<F>[] = [];
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      const line = sheet.getRow(r);
      const row = { row: r } as ImportRow<F>;
      for (const field of fields)
        (row as Record<F, string>)[field] = cellText(line.getCell(columnOf.get(field)!).value);
      if (fields.every((f) => row[f] === '')) continue;
      if (spec.isSample?.(row)) continue;
      rows.push(row);
      if (rows.length > spec.maxRows)
        return {
          ok: false,
          code: 'TOO_MANY_ROWS',
          message: `每次最多导入${spec.maxRows}行，请拆分文件后分批导入`,
        };
    }
    if (!rows.length) return { ok: false, code: 'NO_ROWS', message: '文件中没有要导入的数据' };
    return { ok: true, rows };
  }

  return { fields, buildTemplate, parse };
}
