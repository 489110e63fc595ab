import {
  exchangeExportBodySchema,
  receivedOrdersExportBodySchema,
  requestGoodsExportBodySchema,
  type ExportKind,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { couponExchangeExport } from '../coupons/coupon-export.js';
import { requestGoodsExport } from '../inventory/request-goods-export.js';
import { createFulfilmentRepository } from '../orders/fulfilment/fulfilment.repository.js';
import type { SheetSource } from './sheet-writer.js';

/** What a job of one kind reads, built from the parameters stored with the job (checked again here). */
type ExportSourceOf = (
  db: Database,
  job: { storeId: number; params: unknown },
) => { source: SheetSource<object>; storeCode: string };

/**
 * Every export kind and the module that answers its rows: the source (columns, bounded count, keyset pages)
 * lives beside the list it exports, so the workbook reads the list's filters and titles.
 */
export const EXPORT_SOURCES: Record<ExportKind, ExportSourceOf> = {
  'received-orders': (db, job) => {
    const { storeCode, ...filter } = receivedOrdersExportBodySchema.parse(job.params);
    return { source: createFulfilmentRepository(db).receivedExport(job.storeId, filter), storeCode };
  },
  'coupon-exchanges': (db, job) => {
    const { storeCode, ...filter } = exchangeExportBodySchema.parse(job.params);
    return { source: couponExchangeExport(db, job.storeId, { storeCode, ...filter }), storeCode };
  },
  'request-goods': (db, job) => {
    const params = requestGoodsExportBodySchema.parse(job.params);
    return { source: requestGoodsExport(db, job.storeId, params), storeCode: params.storeCode };
  },
};
