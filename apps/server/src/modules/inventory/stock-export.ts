import { STOCK_COLUMN_TITLES, type StockExportBody, type StockRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { createStockRepository } from './stock.repository.js';

const COLUMNS = titledColumns<StockRow, keyof typeof STOCK_COLUMN_TITLES>(STOCK_COLUMN_TITLES, [
  { key: 'skuCode', width: 16, cell: (r) => r.skuCode },
  { key: 'skuName', width: 24, cell: (r) => r.skuName },
  { key: 'spec', width: 14, cell: (r) => r.spec },
  { key: 'batchNo', width: 18, cell: (r) => r.batchNo },
  { key: 'productionDate', width: 12, cell: (r) => r.productionDate },
  { key: 'expiryDate', width: 12, cell: (r) => r.expiryDate },
  { key: 'onHand', width: 10, cell: (r) => r.onHand },
  { key: 'reserved', width: 10, cell: (r) => r.reserved },
  { key: 'available', width: 10, cell: (r) => r.available },
  { key: 'inTransit', width: 10, cell: (r) => r.inTransit },
  { key: 'nearExpiry', width: 8, cell: (r) => (r.nearExpiry ? '临期' : '') },
]);

/**
 * The store's stock by SKU and batch as an Excel source (export kind `stock`): the list's filters and order,
 * near expiry as of `now` (the job's run). Pages are read by offset in the list's order (SKU code, expiry): a
 * store holds a few thousand batches at most.
 */
export function stockExport(
  db: Database,
  storeId: number,
  { storeCode: _storeCode, ...filter }: StockExportBody,
  now: Date,
): SheetSource<StockRow> {
  const repo = createStockRepository(db);
  return {
    columns: COLUMNS,
    countUpTo: (limit) => repo.countUpTo(storeId, filter, now, limit),
    async *pages(pageSize) {
      for (let offset = 0; ; offset += pageSize) {
        const rows = await repo.batch(storeId, filter, now, offset, pageSize);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < pageSize) return;
      }
    },
  };
}
