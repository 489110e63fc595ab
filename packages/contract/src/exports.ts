import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from './common/index.js';
import { COUPON_PATHS, exchangeExportBodySchema } from './coupons.js';
import { INTEGRAL_ORDER_PATHS, integralOrderExportBodySchema } from './integral-orders.js';
import {
  auditMineExportBodySchema,
  auditPendingExportBodySchema,
  INVENTORY_PATHS,
  requestGoodsExportBodySchema,
} from './inventory.js';
import { LOAN_PATHS, loanExportBodySchema } from './inventory-loans.js';
import { INVENTORY_IO_PATHS, stockExportBodySchema, transferExportBodySchema } from './inventory-io.js';
import { receivedFilters } from './orders-fulfilment.js';
import { storeCodeSchema } from './stores.js';
import {
  errorLogExportBodySchema,
  loginLogExportBodySchema,
  operationLogExportBodySchema,
  SYSTEM_TOOL_PATHS,
} from './system-tools.js';

/**
 * Exports as background jobs (docs/domain/orders.md "Exports"): a job per request, its progress and file kept in
 * `export_jobs`, listed, re-run and downloaded per store.
 */

export const EXPORT_PATHS = {
  /** Queue an export of the received orders with the list's filters (designed; `order:export`). */
  receivedOrders: '/tec/trade_order/manager/order/export',
  /** The store's export records and the caller's own head-office exports, newest first (spec 7.6). */
  records: '/tec/fms/excel/ljy/uEnjoy/queryRecordList',
  /** Queue a new job with the parameters of an earlier one (spec 7.6; `export:again`). */
  again: '/tec/fms/excel/ljy/uEnjoy/exportAgain',
  /** The file of a finished job (designed). */
  download: '/tec/fms/excel/ljy/uEnjoy/download',
} as const;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_TEXT: Record<ExportStatus, string> = {
  queued: '排队中',
  running: '导出中',
  done: '已完成',
  failed: '导出失败',
};

export const EXPORT_KINDS = [
  'received-orders',
  'coupon-exchanges',
  'integral-orders',
  'request-goods',
  'transfers-in',
  'transfers-out',
  'stock',
  'loans',
  'approvals-pending',
  'approvals-mine',
  'operation-logs',
  'login-logs',
  'error-logs',
  'client-error-logs',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_KIND_TEXT: Record<ExportKind, string> = {
  'received-orders': '已接订单',
  'coupon-exchanges': '优惠券兑换记录',
  'integral-orders': '积分订单',
  'request-goods': '要货单',
  'transfers-in': '调拨调入',
  'transfers-out': '调拨调出',
  stock: '门店库存',
  loans: '借货单',
  'approvals-pending': '待我审核',
  'approvals-mine': '我发起的',
  'operation-logs': '操作日志',
  'login-logs': '登录日志',
  'error-logs': '异常日志（服务端）',
  'client-error-logs': '异常日志（浏览器）',
};

/** One export holds at most this many rows; a larger selection fails with a message to narrow the filters. */
export const EXPORT_MAX_ROWS = 100_000;
export const EXPORT_RECORDS_PAGE_SIZE_MAX = 50;

/** The received-orders filters (the list's, without paging): what an export of that list takes. */
export const receivedOrdersExportBodySchema = receivedFilters.filters;
export type ReceivedOrdersExportBody = z.infer<typeof receivedOrdersExportBodySchema>;

export const exportJobCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  statusText: z.string(),
});
export type ExportJobCreated = z.infer<typeof exportJobCreatedSchema>;

export const exportRecordsBodySchema = z.object({
  storeCode: storeCodeSchema,
  ...pageRequest({ max: EXPORT_RECORDS_PAGE_SIZE_MAX, defaultSize: 10 }),
});
export type ExportRecordsBody = z.infer<typeof exportRecordsBodySchema>;

const exportIdSchema = z.coerce
  .number({ error: '导出记录不正确' })
  .int('导出记录不正确')
  .min(1, '导出记录不正确')
  .max(Number.MAX_SAFE_INTEGER, '导出记录不正确');

export const exportAgainBodySchema = z.object({ storeCode: storeCodeSchema, id: exportIdSchema });
export type ExportAgainBody = z.infer<typeof exportAgainBodySchema>;

export const exportDownloadQuerySchema = z.object({ storeCode: storeCodeSchema, id: exportIdSchema });
export type ExportDownloadQuery = z.infer<typeof exportDownloadQuerySchema>;

export const exportRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  kindText: z.string(),
  status: z.enum(EXPORT_STATUSES),
  statusText: z.string(),
  /** 0–100. */
  progress: z.number().int(),
  rowCount: z.number().int(),
  fileName: z.string(),
  /** Why a failed job failed (Chinese); empty otherwise. */
  error: z.string(),
  createdByName: z.string(),
  /** ISO instants. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

export const exportRecordPageSchema = pageOf(exportRecordSchema);
export type ExportRecordPage = z.infer<typeof exportRecordPageSchema>;

export const exportEndpoints = {
  receivedOrders: endpoint({
    method: 'POST',
    path: EXPORT_PATHS.receivedOrders,
    request: receivedOrdersExportBodySchema,
    response: exportJobCreatedSchema,
    summary: 'Queue an Excel export of the received orders with the list filters; answers the job at once',
  }),
  couponExchanges: endpoint({
    method: 'POST',
    path: COUPON_PATHS.exchangeExport,
    request: exchangeExportBodySchema,
    response: exportJobCreatedSchema,
    summary: "Queue an Excel export of the store's coupon exchange records with the list filters",
  }),
  integralOrders: endpoint({
    method: 'POST',
    path: INTEGRAL_ORDER_PATHS.export,
    request: integralOrderExportBodySchema,
    response: exportJobCreatedSchema,
    summary:
      "Queue a head-office Excel export of the points-mall orders in the caller's data scope with the list filters",
  }),
  requestGoods: endpoint({
    method: 'POST',
    path: INVENTORY_PATHS.requestGoodsExport,
    request: requestGoodsExportBodySchema,
    response: exportJobCreatedSchema,
    summary: "Queue an Excel export of the store's requests for goods with the list filters",
  }),
  transfersIn: endpoint({
    method: 'POST',
    path: INVENTORY_IO_PATHS.transferInExport,
    request: transferExportBodySchema,
    response: exportJobCreatedSchema,
    summary: "Queue an Excel export of the store's transfers in (调拨调入) with the list filters",
  }),
  transfersOut: endpoint({
    method: 'POST',
    path: INVENTORY_IO_PATHS.transferOutExport,
    request: transferExportBodySchema,
    response: exportJobCreatedSchema,
    summary: "Queue an Excel export of the store's transfers out (调拨调出) with the list filters",
  }),
  stock: endpoint({
    method: 'POST',
    path: INVENTORY_IO_PATHS.stockExport,
    request: stockExportBodySchema,
    response: exportJobCreatedSchema,
    summary: "Queue an Excel export of the store's stock by SKU and batch with the list filter",
  }),
  loans: endpoint({
    method: 'POST',
    path: LOAN_PATHS.export,
    request: loanExportBodySchema,
    response: exportJobCreatedSchema,
    summary: 'Queue an Excel export of the loans the store borrows or lends (借货管理) with the list filters',
  }),
  auditPending: endpoint({
    method: 'POST',
    path: INVENTORY_PATHS.auditPendingExport,
    request: auditPendingExportBodySchema,
    response: exportJobCreatedSchema,
    summary:
      "Queue an Excel export of the approval tasks the caller may decide (待我审核); the caller's own job",
  }),
  auditMine: endpoint({
    method: 'POST',
    path: INVENTORY_PATHS.auditMineExport,
    request: auditMineExportBodySchema,
    response: exportJobCreatedSchema,
    summary: "Queue an Excel export of the caller's own requests (我发起的); the caller's own job",
  }),
  operationLogs: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.logExport,
    request: operationLogExportBodySchema,
    response: exportJobCreatedSchema,
    summary:
      'Queue a head-office Excel export of the operation log with the list filters (parameters masked)',
  }),
  loginLogs: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.loginLogExport,
    request: loginLogExportBodySchema,
    response: exportJobCreatedSchema,
    summary: 'Queue a head-office Excel export of the sign-in log with the list filters',
  }),
  errorLogs: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.errorLogExport,
    request: errorLogExportBodySchema,
    response: exportJobCreatedSchema,
    summary:
      "Queue a head-office Excel export of the server errors with the list filters (stacks: admin's only)",
  }),
  clientErrorLogs: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.clientErrorLogExport,
    request: errorLogExportBodySchema,
    response: exportJobCreatedSchema,
    summary:
      "Queue a head-office Excel export of the browsers' error reports with the list filters (stacks: admin's only)",
  }),
  records: endpoint({
    method: 'POST',
    path: EXPORT_PATHS.records,
    request: exportRecordsBodySchema,
    response: exportRecordPageSchema,
    summary: "The store's export records, newest first, with status and progress",
  }),
  again: endpoint({
    method: 'POST',
    path: EXPORT_PATHS.again,
    request: exportAgainBodySchema,
    response: exportJobCreatedSchema,
    summary: 'Queue a new job with the parameters of an earlier one of the store',
  }),
  /** Answers the .xlsx file itself, not an envelope (the response schema is the file's bytes). */
  download: endpoint({
    method: 'GET',
    path: EXPORT_PATHS.download,
    request: exportDownloadQuerySchema,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    summary: 'The .xlsx of a finished job of the store',
  }),
};
