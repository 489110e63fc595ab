import { LOAN_COLUMN_TITLES, LOAN_SIDE_TEXT, type LoanExportBody, type LoanRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { createLoansRepository } from './loans.repository.js';
import { toLoanRow } from './loans.service.js';

const COLUMNS = titledColumns<LoanRow, keyof typeof LOAN_COLUMN_TITLES>(LOAN_COLUMN_TITLES, [
  { key: 'loanNo', width: 26, cell: (r) => r.loanNo },
  { key: 'status', width: 14, cell: (r) => (r.overdue ? `${r.statusText}（已逾期）` : r.statusText) },
  { key: 'side', width: 8, cell: (r) => LOAN_SIDE_TEXT[r.side] },
  { key: 'borrowerStoreName', width: 20, cell: (r) => `${r.borrowerStoreName}（${r.borrowerStoreCode}）` },
  { key: 'lenderStoreName', width: 20, cell: (r) => `${r.lenderStoreName}（${r.lenderStoreCode}）` },
  { key: 'dueDate', width: 12, cell: (r) => r.dueDate },
  { key: 'lineCount', width: 10, cell: (r) => r.lineCount },
  { key: 'totalQuantity', width: 10, cell: (r) => r.totalQuantity },
  { key: 'requestedByName', width: 12, cell: (r) => r.requestedByName },
  { key: 'createdAt', width: 20, cell: (r) => r.createdAt },
  { key: 'updatedAt', width: 20, cell: (r) => r.updatedAt },
]);

/**
 * 借货管理 as an Excel source (export kind `loans`): the loans the store borrows or lends with the list's
 * filters and titles, newest first; overdue as of `now` (the job's run).
 */
export function loanExport(
  db: Database,
  storeId: number,
  { storeCode: _storeCode, ...filter }: LoanExportBody,
  now: Date,
): SheetSource<LoanRow> {
  const repo = createLoansRepository(db);
  const today = shanghaiDay(now);
  return {
    columns: COLUMNS,
    countUpTo: (limit) => repo.countUpTo(storeId, filter, today, limit),
    async *pages(pageSize) {
      for (let before: number | null = null; ;) {
        const views = await repo.batch(storeId, filter, today, before, pageSize);
        if (views.length === 0) return;
        yield views.map((view) => toLoanRow(view, storeId, today));
        if (views.length < pageSize) return;
        before = views.at(-1)!.id;
      }
    },
  };
}
