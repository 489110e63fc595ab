import {
  exchangeExportBodySchema,
  loanExportBodySchema,
  loginLogExportBodySchema,
  operationLogExportBodySchema,
  receivedOrdersExportBodySchema,
  requestGoodsExportBodySchema,
  stockExportBodySchema,
  transferExportBodySchema,
  type ExportKind,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { couponExchangeExport } from '../coupons/coupon-export.js';
import {
  mineApprovalExport,
  mineExportParams,
  pendingApprovalExport,
  pendingExportParams,
} from '../inventory/approval-export.js';
import { loanExport } from '../inventory/loan-export.js';
import { requestGoodsExport } from '../inventory/request-goods-export.js';
import { stockExport } from '../inventory/stock-export.js';
import { transferExport } from '../inventory/transfer-export.js';
import { createFulfilmentRepository } from '../orders/fulfilment/fulfilment.repository.js';
import { integralOrderExport, integralOrderExportParams } from '../orders/valet/integral-order-export.js';
import {
  clientErrorLogExport,
  errorLogExportParams,
  loginLogExport,
  operationLogExport,
  serverErrorLogExport,
} from '../system-tools/log-export.js';
import type { SheetSource } from './sheet-writer.js';

/**
 * What a job of one kind reads, built from the parameters stored with the job (checked again here); `storeCode`
 * names the file when the job has no store. `now` is the run's time (what "overdue" or "near expiry" means).
 */
type ExportSourceOf = (
  db: Database,
  job: { storeId: number | null; params: unknown },
  now: Date,
) => { source: SheetSource<object>; storeCode: string };

/** A store's export kind: its job always has the store. */
const ofStore = (job: { storeId: number | null }) => {
  if (job.storeId === null) throw new Error('a store export job without its store');
  return job.storeId;
};

/**
 * Every export kind and the module that answers its rows: the source (columns, bounded count, keyset pages)
 * lives beside the list it exports, so the workbook reads the list's filters and titles.
 */
export const EXPORT_SOURCES: Record<ExportKind, ExportSourceOf> = {
  'received-orders': (db, job) => {
    const { storeCode, ...filter } = receivedOrdersExportBodySchema.parse(job.params);
    return { source: createFulfilmentRepository(db).receivedExport(ofStore(job), filter), storeCode };
  },
  'coupon-exchanges': (db, job) => {
    const { storeCode, ...filter } = exchangeExportBodySchema.parse(job.params);
    return { source: couponExchangeExport(db, ofStore(job), { storeCode, ...filter }), storeCode };
  },
  'integral-orders': (db, job) => {
    const params = integralOrderExportParams.parse(job.params);
    return { source: integralOrderExport(db, params), storeCode: params.filter.storeCode ?? '总部' };
  },
  'request-goods': (db, job) => {
    const params = requestGoodsExportBodySchema.parse(job.params);
    return { source: requestGoodsExport(db, ofStore(job), params), storeCode: params.storeCode };
  },
  'transfers-in': (db, job) => {
    const params = transferExportBodySchema.parse(job.params);
    return { source: transferExport(db, ofStore(job), 'in', params), storeCode: params.storeCode };
  },
  'transfers-out': (db, job) => {
    const params = transferExportBodySchema.parse(job.params);
    return { source: transferExport(db, ofStore(job), 'out', params), storeCode: params.storeCode };
  },
  stock: (db, job, now) => {
    const params = stockExportBodySchema.parse(job.params);
    return { source: stockExport(db, ofStore(job), params, now), storeCode: params.storeCode };
  },
  loans: (db, job, now) => {
    const params = loanExportBodySchema.parse(job.params);
    return { source: loanExport(db, ofStore(job), params, now), storeCode: params.storeCode };
  },
  // The approval lists are the asker's own (personal jobs: no store); the file is named by the store asked in.
  'approvals-pending': (db, job) => {
    const params = pendingExportParams.parse(job.params);
    return { source: pendingApprovalExport(db, params), storeCode: params.filter.storeCode };
  },
  'approvals-mine': (db, job) => {
    const params = mineExportParams.parse(job.params);
    return { source: mineApprovalExport(db, params), storeCode: params.filter.storeCode };
  },
  // Head-office exports of 系统工具's logs: no store; the file is named 总部.
  'operation-logs': (db, job) => ({
    source: operationLogExport(db, operationLogExportBodySchema.parse(job.params)),
    storeCode: '总部',
  }),
  'login-logs': (db, job) => ({
    source: loginLogExport(db, loginLogExportBodySchema.parse(job.params)),
    storeCode: '总部',
  }),
  // 异常日志: the stack column only when the asker was the administrator (errorLogExportParams).
  'error-logs': (db, job) => ({
    source: serverErrorLogExport(db, errorLogExportParams.parse(job.params)),
    storeCode: '总部',
  }),
  'client-error-logs': (db, job) => ({
    source: clientErrorLogExport(db, errorLogExportParams.parse(job.params)),
    storeCode: '总部',
  }),
};
