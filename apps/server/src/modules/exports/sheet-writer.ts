import { PassThrough } from 'node:stream';
import { MONEY_FORMAT, shanghaiDateTime, TEXT_FORMAT, yuanOf } from './export-cells.js';

/**
 * A workbook column: its header, width and what a row shows in it. `cell` answers cents for a `yuan` column
 * (written in yuan, 2 decimals) and an instant (ISO text or Date) for a `time` one (written in Asia/Shanghai).
 */
export type SheetColumn<Row> = {
  header: string;
  width: number;
  format?: 'yuan' | 'time';
  // A method, so a source of any row type is a SheetSource<object> to the runner.
  cell(row: Row): string | number | Date | null;
};

/** What an export reads: its columns, a bounded count, and the rows in pages. */
export type SheetSource<Row> = {
  columns: SheetColumn<Row>[];
  /** Matching rows counted up to `limit` (never an unbounded count). */
  countUpTo(limit: number): Promise<number>;
  pages(pageSize: number): AsyncIterable<Row[]>;
};

/**
 * Workbook columns headed by a list's column titles, so the export says what the page says: the header is
 * `titles[key]`, a yuan column's with （元）.
 */
export function titledColumns<Row, Key extends string>(
  titles: Record<Key, string>,
  columns: (Omit<SheetColumn<Row>, 'header'> & { key: Key })[],
): SheetColumn<Row>[] {
  return columns.map(({ key, ...column }) => ({
    ...column,
    header: column.format === 'yuan' ? `${titles[key]}（元）` : titles[key],
  }));
}

/** A cell's value as written: yuan, Shanghai time, or the text as it is (a Text-format string cell). */
function cellValue<Row>(column: SheetColumn<Row>, row: Row): string | number | Date | null {
  const value = column.cell(row);
  if (column.format === 'yuan') return yuanOf(Number(value ?? 0));
  if (column.format === 'time') return shanghaiDateTime(value === null ? null : new Date(value));
  return value;
}

const SHEET_NAME = '数据';

/**
 * Streams pages of rows into an .xlsx (ExcelJS's streaming writer: committed rows leave memory) and answers
 * the file. Text is written in the Text format, so nothing in it runs as a formula. `afterPage` gets the rows
 * written so far.
 */
export async function writeSheet<Row>(
  pages: AsyncIterable<Row[]>,
  columns: SheetColumn<Row>[],
  afterPage: (rowsWritten: number) => Promise<void>,
): Promise<{ content: Buffer; rowCount: number }> {
  const { default: ExcelJS } = await import('exceljs');
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = '门店运营云平台';
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: { numFmt: column.format === 'yuan' ? MONEY_FORMAT : TEXT_FORMAT },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  let rowCount = 0;
  for await (const page of pages) {
    for (const row of page) sheet.addRow(columns.map((column) => cellValue(column, row))).commit();
    rowCount += page.length;
    await afterPage(rowCount);
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return { content: Buffer.concat(chunks), rowCount };
}
