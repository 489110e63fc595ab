import { z } from 'zod';
import { DELIVERY_TYPES, FULFILMENT_STATUSES, ORDER_CHANNELS, ORDER_PATHS } from './orders.js';
import { endpoint } from './common/endpoint.js';
import { orderItemSchema, receiverAddressSchema } from './order-parts.js';
import { storeCodeSchema } from './stores.js';
import { MOBILE_PATTERN, type CodeFormat } from './validation.js';
import { calendarDateSchema, dateRangeFields } from './common/date-range.js';
import { keysetListFilters, keywordField } from './common/list-request.js';
import { keysetPageOf } from './common/page.js';

/**
 * The store's received (performance) orders and their actions (docs/domain/orders.md "Received orders"):
 * request and response schemas of ORDER_PATHS.received … writeOff, cnArea and deliveryCompany.
 */

export const RECEIVED_PAGE_SIZE_MAX = 50;
/** The list counts at most this many rows; beyond it `total` is this cap and `totalExact` is false. */
export const RECEIVED_COUNT_CAP = 10_000;
export const CANCEL_REASON_MAX = 200;
export const WRITE_OFF_CODE_FORMAT: CodeFormat = {
  pattern: /^\d{6}$/,
  invalid: '核销码为6位数字',
  max: 6,
  digits: true,
};
/** Invoice numbers: 8 to 20 letters or digits (a VAT invoice number is 8 or 20 digits). */
export const INVOICE_NO_FORMAT: CodeFormat = {
  pattern: /^[A-Za-z0-9]{8,20}$/,
  invalid: '发票号码应为8到20位字母或数字',
  max: 20,
  digits: false,
};
const ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const orderNo = (label: string) =>
  z
    .string({ error: `缺少${label}` })
    .trim()
    .min(1, `缺少${label}`)
    .regex(ORDER_NO_PATTERN, `${label}格式不正确`);
export const performanceOrderNoSchema = orderNo('履约单号');
const phone = z.string({ error: '请输入正确的手机号' }).trim().regex(MOBILE_PATTERN, '请输入正确的手机号');
const areaCode = z
  .string({ error: '请选择省市区' })
  .trim()
  .regex(/^\d{6}$/, '请选择省市区');

export const receivedStatusFilterSchema = z.enum(['all', ...FULFILMENT_STATUSES], {
  error: '订单状态不正确',
});

/**
 * The received-orders filters, declared once: the list takes them with paging (`receivedListBodySchema`), an
 * export of the list without (`receivedOrdersExportBodySchema` in exports.ts). Dates bound `takenAt`.
 */
export const receivedFilters = keysetListFilters(
  {
    storeCode: storeCodeSchema,
    status: receivedStatusFilterSchema.default('all'),
    ...dateRangeFields,
    /** Performance or OMS order number, receiver phone (exact) or the start of the receiver's name. */
    keyword: keywordField(50),
    deliveryType: z.enum(DELIVERY_TYPES, { error: '配送方式不正确' }).nullish(),
  },
  { max: RECEIVED_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const receivedListBodySchema = receivedFilters.request;
export type ReceivedListBody = z.infer<typeof receivedListBodySchema>;

/** The numbers and the state that name a received order, in its row and its detail. */
const receivedOrderHead = {
  performanceOrderNo: z.string(),
  omsOrderNo: z.string(),
  performancePlanOrderNo: z.string().nullable(),
  channel: z.enum(ORDER_CHANNELS),
  status: z.enum(FULFILMENT_STATUSES),
  statusText: z.string(),
};

export const receivedOrderRowSchema = z.object({
  ...receivedOrderHead,
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryTypeText: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  regionName: z.string(),
  /** The first item's name; `itemCount` items in all. */
  firstItemName: z.string(),
  itemCount: z.number().int(),
  payCents: z.number().int(),
  invoiceStatus: z.string(),
  takenAt: z.string(),
});
export type ReceivedOrderRow = z.infer<typeof receivedOrderRowSchema>;

/**
 * The title of each column of 已接订单, declared once: the list page heads its columns with it and the export
 * heads its workbook columns with it (a money column adds （元）). Keys are the row's fields, or columns only the
 * workbook shows (address, items, …).
 */
export const RECEIVED_COLUMN_TITLES = {
  performanceOrderNo: '履约单号',
  omsOrderNo: '订单号',
  performancePlanOrderNo: '履约计划单号',
  channel: '订单来源',
  status: '订单状态',
  deliveryType: '配送方式',
  receiverName: '收货人',
  receiverPhone: '收货电话',
  address: '收货地址',
  items: '商品',
  itemCount: '商品件数',
  goodsCents: '商品金额',
  freightCents: '运费',
  discountCents: '优惠',
  payCents: '实付金额',
  courierName: '快递公司',
  trackingNo: '快递单号',
  deliverer: '配送员',
  invoiceStatus: '开票状态',
  buyerRemark: '买家备注',
  takenAt: '接单时间',
  shippedAt: '发货时间',
} as const;
export type ReceivedColumn = keyof typeof RECEIVED_COLUMN_TITLES;

/**
 * `total` is exact up to RECEIVED_COUNT_CAP (`totalExact` false beyond); null on a page read by `cursor`.
 */
export const receivedPageSchema = keysetPageOf(receivedOrderRowSchema);
export type ReceivedPage = z.infer<typeof receivedPageSchema>;

/** One of the three numbers names the order; the taking store sees it, any other store gets 404. */
export const orderDetailQuerySchema = z
  .object({
    storeCode: storeCodeSchema,
    performanceOrderNo: orderNo('履约单号').optional(),
    omsOrderNo: orderNo('订单号').optional(),
    performancePlanOrderNo: orderNo('履约计划单号').optional(),
  })
  .refine((q) => Boolean(q.performanceOrderNo || q.omsOrderNo || q.performancePlanOrderNo), {
    message: '缺少订单号',
    path: ['performanceOrderNo'],
  });
export type OrderDetailQuery = z.infer<typeof orderDetailQuerySchema>;

export { orderItemSchema };

export const cyclePlanRowSchema = z.object({
  period: z.number().int(),
  plannedDate: z.string(),
  status: z.string(),
  statusText: z.string(),
  trackingNo: z.string(),
});
export type CyclePlanRow = z.infer<typeof cyclePlanRowSchema>;

/** The actions the caller may take now: the order's state and the caller's button permissions. */
export const orderActionsSchema = z.object({
  deliver: z.boolean(),
  modifyAddress: z.boolean(),
  modifyCyclePlan: z.boolean(),
  cancel: z.boolean(),
  finishInvoice: z.boolean(),
  writeOff: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActionsSchema>;

export const invoiceDetailSchema = z.object({
  performanceOrderNo: z.string(),
  /** none | personal | company */
  invoiceType: z.string(),
  invoiceTypeText: z.string(),
  title: z.string(),
  taxNo: z.string(),
  amountCents: z.number().int(),
  /** none | pending | issued */
  status: z.string(),
  statusText: z.string(),
  invoiceNo: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const orderDetailSchema = z.object({
  ...receivedOrderHead,
  customerName: z.string(),
  customerPhone: z.string(),
  buyerRemark: z.string(),
  orderedAt: z.string(),
  takenAt: z.string(),
  takenByName: z.string(),
  shippedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string(),
  items: z.array(orderItemSchema),
  amounts: z.object({
    goodsCents: z.number().int(),
    freightCents: z.number().int(),
    discountCents: z.number().int(),
    payCents: z.number().int(),
    pointsUsed: z.number().int(),
  }),
  address: receiverAddressSchema.extend({ countyCode: z.string() }),
  delivery: z.object({
    type: z.enum(DELIVERY_TYPES),
    typeText: z.string(),
    courierCode: z.string(),
    courierName: z.string(),
    trackingNo: z.string(),
    /** Store delivery: who delivers. */
    delivererName: z.string(),
    delivererPhone: z.string(),
  }),
  invoice: invoiceDetailSchema,
  cyclePlans: z.array(cyclePlanRowSchema),
  actions: orderActionsSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderLogQuerySchema = z.object({ storeCode: storeCodeSchema, omsOrderNo: orderNo('订单号') });
export type OrderLogQuery = z.infer<typeof orderLogQuerySchema>;

export const orderLogRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actionText: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  fromStatusText: z.string(),
  toStatusText: z.string(),
  operatorName: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type OrderLogRow = z.infer<typeof orderLogRowSchema>;

const orderTarget = { storeCode: storeCodeSchema, performanceOrderNo: performanceOrderNoSchema };

/** Express: courierCode + trackingNo; store delivery: delivererName + delivererPhone (checked on the server). */
export const deliverBodySchema = z.object({
  ...orderTarget,
  courierCode: z.string({ error: '请选择快递公司' }).trim().max(16, '请选择快递公司').nullish(),
  trackingNo: z.string({ error: '请输入快递单号' }).trim().max(40, '快递单号格式不正确').nullish(),
  delivererName: z.string({ error: '请输入配送员姓名' }).trim().max(32, '配送员姓名不能超过32个字').nullish(),
  delivererPhone: z.string({ error: '请输入正确的手机号' }).trim().max(20, '请输入正确的手机号').nullish(),
});
export type DeliverBody = z.infer<typeof deliverBodySchema>;

export const modifyAddressBodySchema = z.object({
  ...orderTarget,
  receiverName: z
    .string({ error: '请输入收货人' })
    .trim()
    .min(1, '请输入收货人')
    .max(64, '收货人不能超过64个字'),
  receiverPhone: phone,
  provinceCode: areaCode,
  cityCode: areaCode,
  countyCode: areaCode,
  detail: z
    .string({ error: '请输入详细地址' })
    .trim()
    .min(1, '请输入详细地址')
    .max(200, '详细地址不能超过200个字'),
});
export type ModifyAddressBody = z.infer<typeof modifyAddressBodySchema>;

export const modifyCyclePlanBodySchema = z.object({
  ...orderTarget,
  periods: z
    .array(
      z.object({
        period: z
          .number({ error: '期数不正确' })
          .int('期数不正确')
          .min(1, '期数不正确')
          .max(366, '期数不正确'),
        plannedDate: calendarDateSchema,
      }),
      { error: '请填写配送计划' },
    )
    .min(1, '请填写配送计划')
    .max(366, '配送计划过多'),
});
export type ModifyCyclePlanBody = z.infer<typeof modifyCyclePlanBodySchema>;

export const storeCancelBodySchema = z.object({
  ...orderTarget,
  reason: z
    .string({ error: '请输入取消原因' })
    .trim()
    .min(1, '请输入取消原因')
    .max(CANCEL_REASON_MAX, `取消原因不能超过${CANCEL_REASON_MAX}个字`),
});
export type StoreCancelBody = z.infer<typeof storeCancelBodySchema>;

export const finishInvoiceBodySchema = z.object({
  ...orderTarget,
  invoiceNo: z
    .string({ error: '请输入发票号码' })
    .trim()
    .regex(INVOICE_NO_FORMAT.pattern, INVOICE_NO_FORMAT.invalid),
});
export type FinishInvoiceBody = z.infer<typeof finishInvoiceBodySchema>;

export const invoiceDetailQuerySchema = z.object(orderTarget);

export const writeOffBodySchema = z.object({
  storeCode: storeCodeSchema,
  /** Optional: without it the code alone finds the store's pickup order. */
  performanceOrderNo: performanceOrderNoSchema.nullish(),
  writeOffCode: z
    .string({ error: '请输入核销码' })
    .trim()
    .regex(WRITE_OFF_CODE_FORMAT.pattern, WRITE_OFF_CODE_FORMAT.invalid),
});
export type WriteOffBody = z.infer<typeof writeOffBodySchema>;

/** The order after an action: its new state and what may be done next. */
export const orderActionResultSchema = z.object({
  performanceOrderNo: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  statusText: z.string(),
});
export type OrderActionResult = z.infer<typeof orderActionResultSchema>;

/** Children of an area: provinces without a parent, else the cities or counties under `parentCode`. */
export const cnAreaBodySchema = z.object({
  parentCode: z
    .string({ error: '地区编码不正确' })
    .trim()
    .regex(/^(\d{6})?$/, '地区编码不正确')
    .nullish(),
});
export const cnAreaSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** 1 province, 2 city, 3 county. */
  level: z.number().int(),
  leaf: z.boolean(),
});
export type CnArea = z.infer<typeof cnAreaSchema>;

export const deliveryCompanyQuerySchema = z.object({
  comNum: z.string({ error: '快递公司编码不正确' }).trim().max(16, '快递公司编码不正确').optional(),
});
export const deliveryCompanySchema = z.object({ code: z.string(), name: z.string() });
export type DeliveryCompany = z.infer<typeof deliveryCompanySchema>;

export const CYCLE_PLAN_STATUS_TEXT: Record<string, string> = {
  pending: '待配送',
  shipped: '已配送',
  skipped: '已跳过',
};

export const INVOICE_TYPE_TEXT: Record<string, string> = {
  none: '不开发票',
  personal: '个人发票',
  company: '企业发票',
};

/** What each `order_logs.action` means to a person. */
export const ORDER_LOG_ACTION_TEXT: Record<string, string> = {
  pushed: '平台推送订单',
  offered: '派单至门店',
  grabbed: '门店抢单',
  taken: '门店接单',
  expired: '抢单超时',
  customer_cancelled: '顾客取消订单',
  shipped: '发货',
  address_modified: '修改收货地址',
  cycle_plan_modified: '修改周期计划',
  cancelled: '门店取消订单',
  invoice_finished: '开具发票',
  written_off: '核销',
  cancel_check_requested: '申请取消核查',
  cancel_check_approved: '取消核查通过',
  cancel_check_rejected: '取消核查驳回',
  ship_reminded: '提醒接单人发货',
  prescription_attached: '上传处方',
  prescription_downloaded: '下载处方',
};

/** The calls of the store's received orders (ORDER_PATHS), described once for the web's `call()` and the routes. */
export const fulfilmentEndpoints = {
  received: endpoint({
    method: 'POST',
    path: ORDER_PATHS.received,
    request: receivedListBodySchema,
    response: receivedPageSchema,
    summary: 'Received orders of the store, newest first; keyset-paged by `cursor` (or pageNum)',
  }),
  detail: endpoint({
    method: 'GET',
    path: ORDER_PATHS.detail,
    request: orderDetailQuerySchema,
    response: orderDetailSchema,
    summary: 'A received order by performanceOrderNo, omsOrderNo or performancePlanOrderNo',
  }),
  logList: endpoint({
    method: 'GET',
    path: ORDER_PATHS.logList,
    request: orderLogQuerySchema,
    response: z.array(orderLogRowSchema),
    summary: 'The log of an order the store took, oldest first',
  }),
  deliver: endpoint({
    method: 'POST',
    path: ORDER_PATHS.deliver,
    request: deliverBodySchema,
    response: orderActionResultSchema,
    summary: 'Ship: express with courier and tracking number, or store delivery with the deliverer',
  }),
  modifyAddress: endpoint({
    method: 'POST',
    path: ORDER_PATHS.modifyAddress,
    request: modifyAddressBodySchema,
    response: orderActionResultSchema,
    summary: 'Change the delivery address while waiting to ship',
  }),
  modifyCyclePlan: endpoint({
    method: 'POST',
    path: ORDER_PATHS.modifyCyclePlan,
    request: modifyCyclePlanBodySchema,
    response: orderActionResultSchema,
    summary: 'Move pending deliveries of a uEnjoy cycle plan',
  }),
  cancel: endpoint({
    method: 'POST',
    path: ORDER_PATHS.cancel,
    request: storeCancelBodySchema,
    response: orderActionResultSchema,
    summary: 'Cancel an order waiting to ship, with a reason',
  }),
  finishInvoice: endpoint({
    method: 'POST',
    path: ORDER_PATHS.finishInvoice,
    request: finishInvoiceBodySchema,
    response: orderActionResultSchema,
    summary: 'Record the issued invoice of a shipped or completed order',
  }),
  writeOff: endpoint({
    method: 'POST',
    path: ORDER_PATHS.writeOff,
    request: writeOffBodySchema,
    response: orderActionResultSchema,
    summary: 'Complete a pickup order with the 6-digit code the customer shows',
  }),
  invoiceDetail: endpoint({
    method: 'GET',
    path: ORDER_PATHS.invoiceDetail,
    request: invoiceDetailQuerySchema,
    response: invoiceDetailSchema,
    summary: 'The invoice the customer asked for and its state',
  }),
  cnArea: endpoint({
    method: 'POST',
    path: ORDER_PATHS.cnArea,
    request: cnAreaBodySchema,
    response: z.array(cnAreaSchema),
    summary: 'Provinces, or the cities / counties under parentCode',
  }),
  deliveryCompany: endpoint({
    method: 'GET',
    path: ORDER_PATHS.deliveryCompany,
    request: deliveryCompanyQuerySchema,
    response: z.array(deliveryCompanySchema),
    summary: 'Couriers: the one of comNum, or all when comNum is empty',
  }),
};
