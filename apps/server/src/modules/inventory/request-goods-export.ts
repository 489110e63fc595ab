import {
  REQUEST_GOODS_COLUMN_TITLES,
  type RequestGoodsExportBody,
  type RequestGoodsRow,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { createRequestGoodsRepository } from './request-goods.repository.js';
import { toRequestRow } from './request-goods.service.js';

const flagsOf = (r: RequestGoodsRow) =>
  [r.hasShortage ? '缺货' : '', r.hasDiscrepancy ? '有差异' : ''].filter(Boolean).join('、');

const COLUMNS = titledColumns<RequestGoodsRow, keyof typeof REQUEST_GOODS_COLUMN_TITLES>(
  REQUEST_GOODS_COLUMN_TITLES,
  [
    { key: 'requestNo', width: 26, cell: (r) => r.requestNo },
    { key: 'status', width: 10, cell: (r) => r.statusText },
    { key: 'warehouseName', width: 14, cell: (r) => r.warehouseName },
    { key: 'lineCount', width: 10, cell: (r) => r.lineCount },
    { key: 'totalQuantity', width: 10, cell: (r) => r.totalQuantity },
    { key: 'valueCents', width: 14, format: 'yuan', cell: (r) => r.valueCents },
    { key: 'flags', width: 12, cell: flagsOf },
    { key: 'requestedByName', width: 12, cell: (r) => r.requestedByName },
    { key: 'createdAt', width: 20, cell: (r) => r.createdAt },
  ],
);

/** 要货管理 as an Excel source (the `request-goods` export kind): the list's filters and titles, newest first. */
export function requestGoodsExport(
  db: Database,
  storeId: number,
  { storeCode: _storeCode, ...filter }: RequestGoodsExportBody,
): SheetSource<RequestGoodsRow> {
  const repo = createRequestGoodsRepository(db);
  return {
    columns: COLUMNS,
    countUpTo: (limit) => repo.countUpTo(storeId, filter, limit),
    async *pages(pageSize) {
      for (let before: number | null = null; ;) {
        const views = await repo.batch(storeId, filter, before, pageSize);
        if (views.length === 0) return;
        yield views.map(toRequestRow);
        if (views.length < pageSize) return;
        before = views.at(-1)!.id;
      }
    },
  };
}
