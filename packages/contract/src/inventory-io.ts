import { z } from 'zod';
import { endpoint, fileResponse, noInput } from './common/endpoint.js';
import { withDateRangeCheck } from './common/date-range.js';
import { keywordField } from './common/list-request.js';
import { pageOf, pageRequest } from './common/page.js';
import { TRANSFER_LINES_MAX, stockFilters, transferFilters } from './inventory.js';
import { storeCodeSchema } from './stores.js';

/**
 * Inventory's catalogue look-up, Excel import of request-goods lines and the transfer and stock exports
 * (docs/domain/inventory.md "Request goods" and "Exports"). Designed paths: the spec names none.
 */
export const INVENTORY_IO_PATHS = {
  skuOptions: '/tec/inventory/sku/options',
  requestGoodsImport: '/tec/inventory/requestGoods/import',
  requestGoodsImportTemplate: '/tec/inventory/requestGoods/importTemplate',
  transferInExport: '/tec/inventory/transfer/exportIn',
  transferOutExport: '/tec/inventory/transfer/exportOut',
  stockExport: '/tec/inventory/stock/export',
} as const;

// ------------------------------------------------------------------------------------------------------------
// The SKU catalogue as choices (a remote select)

export const SKU_OPTIONS_PAGE_SIZE_MAX = 50;
export const skuOptionsBodySchema = z.object({
  storeCode: storeCodeSchema,
  /** SKU code (start) or part of the name. */
  keyword: keywordField(50),
  ...pageRequest({ max: SKU_OPTIONS_PAGE_SIZE_MAX, defaultSize: 20 }),
});
export type SkuOptionsBody = z.input<typeof skuOptionsBodySchema>;
export const skuOptionSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string(),
  spec: z.string(),
});
export type SkuOption = z.infer<typeof skuOptionSchema>;
export const skuOptionPageSchema = pageOf(skuOptionSchema);

// ------------------------------------------------------------------------------------------------------------
// Request-goods lines from Excel

/** One file holds at most one request's lines. */
export const REQUEST_GOODS_IMPORT_MAX_ROWS = TRANSFER_LINES_MAX;
export const REQUEST_GOODS_IMPORT_MAX_BYTES = 1024 * 1024;
/** The template's column headers, in order (the parser finds columns by these names). */
export const REQUEST_GOODS_IMPORT_COLUMNS = { skuCode: '商品编码', quantity: '要货数量' } as const;
export type RequestGoodsImportField = keyof typeof REQUEST_GOODS_IMPORT_COLUMNS | 'file';

export const requestGoodsImportRowErrorSchema = z.object({
  /** The Excel row number (the header is row 1); 0 for a problem with the file itself. */
  row: z.number().int(),
  field: z.enum(['skuCode', 'quantity', 'file']),
  message: z.string(),
});
export type RequestGoodsImportRowError = z.infer<typeof requestGoodsImportRowErrorSchema>;
/** `data` of a rejected file (HTTP 422): no line was taken. */
export const requestGoodsImportRejectionSchema = z.object({
  errors: z.array(requestGoodsImportRowErrorSchema),
  errorCount: z.number().int(),
});
export type RequestGoodsImportRejection = z.infer<typeof requestGoodsImportRejectionSchema>;

/** A good file's lines, in file order, for the apply dialog (the clerk checks them and submits). */
export const requestGoodsImportResultSchema = z.object({
  lines: z.array(skuOptionSchema.extend({ quantity: z.number().int(), row: z.number().int() })),
});
export type RequestGoodsImportResult = z.infer<typeof requestGoodsImportResultSchema>;

// ------------------------------------------------------------------------------------------------------------
// Exports (through the export jobs)

/** 调拨调入 / 调拨调出 export: the list's filters; the side is the endpoint's. */
export const transferExportBodySchema = withDateRangeCheck(
  z.object(transferFilters.filters.shape).omit({ side: true }),
);
export type TransferExportBody = z.infer<typeof transferExportBodySchema>;
/** The workbook's column titles (the list's). */
export const TRANSFER_COLUMN_TITLES = {
  transferNo: '调拨单号',
  status: '状态',
  origin: '来源',
  toStore: '调入门店',
  fromStore: '调出门店',
  lineCount: '商品种数',
  totalQuantity: '申请数量',
  discrepancy: '差异',
  requestedByName: '申请人',
  createdAt: '申请时间',
} as const;

/** The store's stock export: the list's filters (SKU code or name, near expiry, in transit). */
export const stockExportBodySchema = stockFilters.filters;
export type StockExportBody = z.infer<typeof stockExportBodySchema>;
export const STOCK_COLUMN_TITLES = {
  skuCode: '商品编码',
  skuName: '商品名称',
  spec: '规格',
  batchNo: '批次',
  productionDate: '生产日期',
  expiryDate: '有效期至',
  onHand: '在库',
  reserved: '已锁定',
  available: '可用',
  inTransit: '在途',
  nearExpiry: '临期',
} as const;

export const inventoryIoEndpoints = {
  skuOptions: endpoint({
    method: 'POST',
    path: INVENTORY_IO_PATHS.skuOptions,
    request: skuOptionsBodySchema,
    response: skuOptionPageSchema,
    summary: 'The enabled SKUs of the catalogue matching a code or name, a page at a time',
  }),
  /** A multipart form with one .xlsx file (the web posts it through `http`, not `call()`). */
  requestGoodsImport: endpoint({
    method: 'POST',
    path: INVENTORY_IO_PATHS.requestGoodsImport,
    request: noInput,
    response: requestGoodsImportResultSchema,
    summary: 'Read request-goods lines from the Excel template (all or nothing; nothing is saved)',
  }),
  requestGoodsImportTemplate: endpoint({
    method: 'GET',
    path: INVENTORY_IO_PATHS.requestGoodsImportTemplate,
    request: noInput,
    response: fileResponse,
    summary: 'The Excel template of request-goods lines (.xlsx)',
  }),
};
