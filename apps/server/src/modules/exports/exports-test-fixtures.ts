import { EXPORT_PATHS, type ExportRecord, type ExportRecordPage } from '@console/contract';
import type { Workbook } from 'exceljs';
import { bearer } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';

/** The caller's 导出记录 at `storeCode`. */
export async function exportRecords(t: TestApp, token: string, storeCode: string): Promise<ExportRecord[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: EXPORT_PATHS.records,
    headers: bearer(token),
    payload: { storeCode, pageSize: 50 },
  });
  return response.json<{ data: ExportRecordPage }>().data.list;
}

/** The record of a job once the runner finished it (done or failed). */
export async function finishedExport(
  t: TestApp,
  token: string,
  storeCode: string,
  id: number,
): Promise<ExportRecord> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const record = (await exportRecords(t, token, storeCode)).find((r) => r.id === id);
    if (record && (record.status === 'done' || record.status === 'failed')) return record;
    if (Date.now() > deadline) throw new Error(`export ${id} did not finish: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const downloadExport = (t: TestApp, token: string, storeCode: string, id: number | string) =>
  t.app.inject({
    method: 'GET',
    url: EXPORT_PATHS.download,
    headers: bearer(token),
    query: { storeCode, id: String(id) },
  });

export async function workbookOf(bytes: Buffer): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The first sheet's rows as header → value objects. */
export function rowsOf(workbook: Workbook): Record<string, unknown>[] {
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const values = (sheet.getRow(r).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i]])));
  }
  return rows;
}
