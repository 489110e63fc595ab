import {
  TRANSFER_COLUMN_TITLES,
  type TransferExportBody,
  type TransferRow,
  type TransferSide,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { createTransfersRepository } from './transfers.repository.js';
import { toRow } from './transfers.service.js';

const ORIGIN_TEXT: Record<TransferRow['origin'], string> = { apply: '门店申请', dispatch: '总部派单' };

const COLUMNS = titledColumns<TransferRow, keyof typeof TRANSFER_COLUMN_TITLES>(TRANSFER_COLUMN_TITLES, [
  { key: 'transferNo', width: 26, cell: (r) => r.transferNo },
  { key: 'status', width: 14, cell: (r) => r.statusText },
  { key: 'origin', width: 10, cell: (r) => ORIGIN_TEXT[r.origin] },
  { key: 'toStore', width: 20, cell: (r) => `${r.toStoreName}（${r.toStoreCode}）` },
  { key: 'fromStore', width: 20, cell: (r) => `${r.fromStoreName}（${r.fromStoreCode}）` },
  { key: 'lineCount', width: 10, cell: (r) => r.lineCount },
  { key: 'totalQuantity', width: 10, cell: (r) => r.totalQuantity },
  { key: 'discrepancy', width: 10, cell: (r) => (r.hasDiscrepancy ? '有差异' : '无') },
  { key: 'requestedByName', width: 12, cell: (r) => r.requestedByName },
  { key: 'createdAt', width: 20, cell: (r) => r.createdAt },
]);

/**
 * 调拨调入 (`in`) or 调拨调出 (`out`) as an Excel source (export kinds `transfers-in` / `transfers-out`): the
 * list's filters and titles, newest first, only the store's own side.
 */
export function transferExport(
  db: Database,
  storeId: number,
  side: TransferSide,
  { storeCode: _storeCode, ...filter }: TransferExportBody,
): SheetSource<TransferRow> {
  const repo = createTransfersRepository(db);
  const filters = { ...filter, side };
  return {
    columns: COLUMNS,
    countUpTo: (limit) => repo.countUpTo(storeId, filters, limit),
    async *pages(pageSize) {
      for (let before: number | null = null; ;) {
        const views = await repo.batch(storeId, filters, before, pageSize);
        if (views.length === 0) return;
        yield views.map(toRow);
        if (views.length < pageSize) return;
        before = views.at(-1)!.id;
      }
    },
  };
}
