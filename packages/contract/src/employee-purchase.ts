import { z } from 'zod';
import { endpoint, keywordField, listFilters, pageOf } from './common/index.js';
import { recordIdFromText } from './common/fields.js';
import { dateRangeFields } from './common/date-range.js';
import { storeCodeSchema } from './stores.js';

/**
 * Employee purchase (员工内购, spec 7.6 "Employee purchase" and "Products" `employeePurchase/safeStock/query`;
 * docs/domain/employee-purchase.md): staff prices per SKU and combination, a monthly quota per employee, a safe
 * stock per store and SKU, and goods identified by their EPC code, each sold once. The signed-in employee scans
 * codes into a draft at the store, places it, and the store verifies it at pick-up or cancels it.
 */
const BASE = '/tec/trade_order/api/manage/skuEpc';
export const EMPLOYEE_PURCHASE_PATHS = {
  queryEpc: `${BASE}/queryEpc`,
  checkSku: `${BASE}/checkSku`,
  add: `${BASE}/add`,
  deleteDraft: `${BASE}/order/delete`,
  cancelOrder: `${BASE}/cancelOrder/skuEpcList`,
  cancelCheckSku: `${BASE}/cancelOrder/checkSku`,
  deleteDraftEpc: `${BASE}/order/checkEpc/delete`,
  queryCombinationSku: `${BASE}/queryCombinationSku`,
  verifyEpcList: `${BASE}/verify/skuEpcList`,
  orderList: `${BASE}/skuEpcList`,
  querySku: `${BASE}/querySku`,
  verifySkuQuery: `${BASE}/order/verify/skuQuery`,
  draft: `${BASE}/orderCreate/skuEpcList`,
  /** Designed: hands a placed order over at pick-up once every code has been scanned. */
  verify: `${BASE}/order/verify`,
  safeStock: '/tec/product_ms/api/manage/pmsProductSku/employeePurchase/safeStock/query',
} as const;

export const EMPLOYEE_PURCHASE_PERMISSIONS = {
  add: 'employeePurchase:add',
  cancel: 'employeePurchase:cancel',
  verify: 'employeePurchase:verify',
} as const;
export const EMPLOYEE_PURCHASE_PAGE_SIZE_MAX = 50;
/** The most codes one order holds. */
export const EMPLOYEE_PURCHASE_MAX_LINES = 50;

/** An EPC code as printed on the goods' tag: 8 to 32 letters and digits (upper case). */
export const EPC_FORMAT = {
  pattern: /^[A-Z0-9]{8,32}$/,
  invalid: '商品码为8到32位字母或数字',
  max: 32,
  digits: false,
} as const;
export const epcCodeSchema = z
  .string({ error: '请扫描或输入商品码' })
  .trim()
  .toUpperCase()
  .min(1, '请扫描或输入商品码')
  .regex(EPC_FORMAT.pattern, EPC_FORMAT.invalid);

export const EPC_STATUSES = ['in_stock', 'sold'] as const;
export type EpcStatus = (typeof EPC_STATUSES)[number];
export const EPC_STATUS_TEXT: Record<EpcStatus, string> = { in_stock: '在库', sold: '已售' };

/** A placed order waits for pick-up, then is verified (handed over) or cancelled (codes back in stock). */
export const EMPLOYEE_ORDER_STATUSES = ['placed', 'verified', 'cancelled'] as const;
export type EmployeeOrderStatus = (typeof EMPLOYEE_ORDER_STATUSES)[number];
export const EMPLOYEE_ORDER_STATUS_TEXT: Record<EmployeeOrderStatus, string> = {
  placed: '待提货',
  verified: '已提货',
  cancelled: '已取消',
};
export const EMPLOYEE_ORDER_STATUS_COLOR: Record<EmployeeOrderStatus, string> = {
  placed: 'processing',
  verified: 'success',
  cancelled: 'default',
};

export const EMPLOYEE_ORDER_COLUMN_TITLES = {
  orderNo: '内购单号',
  employeeName: '员工',
  workCode: '工号',
  itemCount: '件数',
  totalCents: '内购金额',
  status: '状态',
  placedAt: '下单时间',
} as const;

const storeQuery = z.object({ storeCode: storeCodeSchema });
const orderNoField = z
  .string({ error: '请填写内购单号' })
  .trim()
  .min(1, '请填写内购单号')
  .regex(/^EP\d{10,24}$/, '内购单号不正确');

// ---------------------------------------------------------------- staff prices and stock

export const staffSkuSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  name: z.string(),
  spec: z.string(),
  retailCents: z.number().int(),
  staffCents: z.number().int(),
  /** Tagged goods of this SKU in stock at the store (codes not sold). */
  stock: z.number().int(),
  safeStock: z.number().int(),
  /** How many staff may still buy before the stock reaches the safe stock. */
  buyable: z.number().int(),
});
export type StaffSku = z.infer<typeof staffSkuSchema>;

export const querySkuSchema = storeQuery.extend({ keyword: keywordField(50) });
export const staffSkuListSchema = z.array(staffSkuSchema);

export const staffCombinationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  staffCents: z.number().int(),
  /** The combination's goods at retail prices. */
  retailCents: z.number().int(),
  items: z.array(z.object({ skuCode: z.string(), name: z.string(), quantity: z.number().int() })),
});
export type StaffCombination = z.infer<typeof staffCombinationSchema>;
export const staffCombinationListSchema = z.array(staffCombinationSchema);

export const safeStockQuerySchema = storeQuery.extend({ skuId: recordIdFromText('商品不正确') });
export const safeStockSchema = z.object({
  skuId: z.number().int(),
  stock: z.number().int(),
  safeStock: z.number().int(),
  buyable: z.number().int(),
});
export type SafeStock = z.infer<typeof safeStockSchema>;

// ---------------------------------------------------------------- codes and the draft

export const epcRequestSchema = storeQuery.extend({ epc: epcCodeSchema });
export type EpcRequest = z.infer<typeof epcRequestSchema>;

export const epcInfoSchema = z.object({
  epc: z.string(),
  skuId: z.number().int(),
  skuCode: z.string(),
  name: z.string(),
  spec: z.string(),
  staffCents: z.number().int(),
  status: z.enum(EPC_STATUSES),
  statusText: z.string(),
});
export type EpcInfo = z.infer<typeof epcInfoSchema>;

/** `checkSku`: the scanned code goes into the caller's draft; with `skuId`, it must be a code of that SKU. */
export const checkSkuSchema = epcRequestSchema.extend({
  skuId: z.number({ error: '商品不正确' }).int('商品不正确').positive('商品不正确').nullish(),
});
export type CheckSkuRequest = z.infer<typeof checkSkuSchema>;

export const purchaseLineSchema = z.object({
  epc: z.string(),
  skuCode: z.string(),
  name: z.string(),
  spec: z.string(),
  staffCents: z.number().int(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

/** The employee's quota of the month: what it allows and what placed orders used. */
export const quotaSchema = z.object({
  period: z.string(),
  maxItems: z.number().int(),
  maxCents: z.number().int(),
  usedItems: z.number().int(),
  usedCents: z.number().int(),
});
export type Quota = z.infer<typeof quotaSchema>;

/** A combination whose every item the draft holds, charged at the combination's price `count` times. */
export const appliedCombinationSchema = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  savedCents: z.number().int(),
});
export type AppliedCombination = z.infer<typeof appliedCombinationSchema>;

export const purchaseDraftSchema = z.object({
  lines: z.array(purchaseLineSchema),
  itemCount: z.number().int(),
  /** The lines at their staff prices. */
  listCents: z.number().int(),
  /** What the employee pays: `listCents` less the combinations' savings. */
  totalCents: z.number().int(),
  combinations: z.array(appliedCombinationSchema),
  /** Null when the employee has no quota this month (nothing can be bought). */
  quota: quotaSchema.nullable(),
});
export type PurchaseDraft = z.infer<typeof purchaseDraftSchema>;

export const deletedSchema = z.object({ deleted: z.number().int() });

export const placedOrderSchema = z.object({
  orderNo: z.string(),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

// ---------------------------------------------------------------- orders

export const employeeOrderFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    status: z.enum(['all', ...EMPLOYEE_ORDER_STATUSES], { error: '内购状态不正确' }).default('all'),
    /** Order number, whole work code or part of the employee's name. */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: EMPLOYEE_PURCHASE_PAGE_SIZE_MAX, defaultSize: 20, fromQuery: true },
);
export type EmployeeOrderListRequest = z.infer<typeof employeeOrderFilters.request>;

export const employeeOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  employeeName: z.string(),
  workCode: z.string(),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
  status: z.enum(EMPLOYEE_ORDER_STATUSES),
  statusText: z.string(),
  placedAt: z.string(),
  actions: z.object({ verify: z.boolean(), cancel: z.boolean() }),
});
export type EmployeeOrderRow = z.infer<typeof employeeOrderRowSchema>;
export const employeeOrderPageSchema = pageOf(employeeOrderRowSchema);
export type EmployeeOrderPage = z.infer<typeof employeeOrderPageSchema>;

export const orderQuerySchema = storeQuery.extend({ orderNo: orderNoField });
export const employeeOrderDetailSchema = employeeOrderRowSchema.extend({
  lines: z.array(purchaseLineSchema),
  /** What complete combinations saved on the lines' staff prices when the order was placed. */
  savedCents: z.number().int(),
  verifiedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  handledBy: z.string(),
});
export type EmployeeOrderDetail = z.infer<typeof employeeOrderDetailSchema>;

/** A code scanned at pick-up or on return, checked against the order. */
export const orderEpcSchema = orderQuerySchema.extend({ epc: epcCodeSchema });
export type OrderEpcRequest = z.infer<typeof orderEpcSchema>;

/** Verifying or cancelling names every code of the order, as scanned at the counter. */
export const orderCodesSchema = orderQuerySchema.extend({
  epcs: z
    .array(epcCodeSchema, { error: '请扫描商品码' })
    .min(1, '请扫描商品码')
    .max(EMPLOYEE_PURCHASE_MAX_LINES, `一次最多${EMPLOYEE_PURCHASE_MAX_LINES}个商品码`),
});
export type OrderCodesRequest = z.infer<typeof orderCodesSchema>;

export const employeePurchaseEndpoints = {
  querySku: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.querySku,
    request: querySkuSchema,
    response: staffSkuListSchema,
    summary: 'SKUs with a staff price, with the store stock, safe stock and what staff may still buy',
  }),
  queryCombinationSku: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.queryCombinationSku,
    request: storeQuery,
    response: staffCombinationListSchema,
    summary: 'Combinations with their staff price and goods',
  }),
  safeStock: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.safeStock,
    request: safeStockQuerySchema,
    response: safeStockSchema,
    summary: "A SKU's stock and safe stock at the store: staff may not buy below the safe stock",
  }),
  queryEpc: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.queryEpc,
    request: epcRequestSchema,
    response: epcInfoSchema,
    summary: "A code of the store's goods: its SKU, staff price and whether it is sold",
  }),
  checkSku: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.checkSku,
    request: checkSkuSchema,
    response: purchaseDraftSchema,
    summary: "Scans a code into the caller's draft: in stock, not sold, within the quota and the safe stock",
  }),
  draft: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.draft,
    request: storeQuery,
    response: purchaseDraftSchema,
    summary: "The caller's draft at the store: the scanned codes, the total and the month's quota",
  }),
  deleteDraftEpc: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.deleteDraftEpc,
    request: epcRequestSchema,
    response: purchaseDraftSchema,
    summary: "Removes a scanned code from the caller's draft",
  }),
  deleteDraft: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.deleteDraft,
    request: storeQuery,
    response: deletedSchema,
    summary: "Discards the caller's draft and its lines",
  }),
  add: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.add,
    request: storeQuery,
    response: placedOrderSchema,
    summary: 'Places the draft: every code sold once (409 to the loser), within the quota and the safe stock',
  }),
  orderList: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.orderList,
    request: employeeOrderFilters.request,
    response: employeeOrderPageSchema,
    summary: "The store's employee-purchase orders, newest first",
  }),
  verifyEpcList: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.verifyEpcList,
    request: orderQuerySchema,
    response: employeeOrderDetailSchema,
    summary: "One of the store's orders with its codes (what pick-up verifies)",
  }),
  verifySkuQuery: endpoint({
    method: 'GET',
    path: EMPLOYEE_PURCHASE_PATHS.verifySkuQuery,
    request: orderEpcSchema,
    response: purchaseLineSchema,
    summary: 'A code scanned at pick-up: the line of the placed order it belongs to',
  }),
  verify: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.verify,
    request: orderCodesSchema,
    response: employeeOrderDetailSchema,
    summary: 'Hands a placed order over once every one of its codes was scanned',
  }),
  cancelCheckSku: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.cancelCheckSku,
    request: orderEpcSchema,
    response: purchaseLineSchema,
    summary: 'A code handed back: the line of the placed order it belongs to',
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: EMPLOYEE_PURCHASE_PATHS.cancelOrder,
    request: orderCodesSchema,
    response: employeeOrderDetailSchema,
    summary: 'Cancels a placed order once every code is handed back: the codes return to stock',
  }),
};
