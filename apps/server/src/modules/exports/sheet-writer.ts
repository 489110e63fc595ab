import { PassThrough } from 'node:stream';
import { MONEY_FORMAT, neutraliseFormula } from './export-cells.js';

export type SheetColumn<Row> = {
  header: string;
  key: keyof Row & string;
  width: number;
  /** A yuan amount: a number shown with 2 decimals. */
  money?: boolean;
};

/** What an export reads: its columns, a bounded count, and the rows in pages. */
export type SheetSource<Row> = {
  columns: SheetColumn<Row>[];
  /** Matching rows counted up to `limit` (never an unbounded count). */
  countUpTo(limit: number): Promise<number>;
  pages(pageSize: number): AsyncIterable<Row[]>;
};

const SHEET_NAME = '数据';

/**
 * Streams pages of rows into an .xlsx (ExcelJS's streaming writer: committed rows leave memory) and answers
 * the file. Every text cell is neutralised, so nothing in it runs as a formula. `afterPage` gets the rows
 * written so far.
 */
export async function writeSheet<Row extends Record<string, unknown>>(
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
    key: column.key,
    width: column.width,
    ...(column.money ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  let rowCount = 0;
  for await (const page of pages) {
    for (const row of page) {
      const values: Record<string, unknown> = {};
      for (const column of columns) {
        const value = row[column.key];
        values[column.key] = typeof value === 'string' ? neutraliseFormula(value) : value;
      }
      sheet.addRow(values).commit();
    }
    rowCount += page.length;
    await afterPage(rowCount);
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return { content: Buffer.concat(chunks), rowCount };
}
