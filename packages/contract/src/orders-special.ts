import { z } from 'zod';
import { endpoint, keywordField, pageOf, pageRequest } from './common/index.js';
import { DELIVERY_TYPES, FULFILMENT_STATUSES, ORDER_CHANNELS } from './orders.js';
import {
  orderActionResultSchema,
  performanceOrderNoSchema,
  storeCancelBodySchema,
} from './orders-fulfilment.js';
import { storeCodeSchema } from './stores.js';

/**
 * The remaining "Special orders (trade_order, uEnjoy)" calls of spec 7.6 and the prescription download
 * (docs/domain/orders.md "Special orders"): pickup orders waiting at the counter, express info, tea-tree
 * adoption orders, the uEnjoy cancel, the member-level check before it, and the prescription record.
 */
export const SPECIAL_ORDER_PATHS = {
  /** Pickup (到店自提) orders of the store still waiting for the customer. */
  arriveAtStoreList: '/tec/trade_order/manager/uEnjoy/valetOrder/arriveAtStoreOrderList',
  /** Courier and tracking of a performance order and of its shipped cycle-plan periods. */
  expressInfo: '/tec/trade_order/manager/uEnjoy/order/order-express-info',
  /** The store's tea-tree adoption orders (SKU name or label containing TEA_TREE_ADOPTION_MARK). */
  teaTreeAdoptionList: '/tec/trade_order/manager/uEnjoy/order/teaTreeAdoptionOrderList',
  /** The store cancels a uEnjoy performance order (the rules of ORDER_PATHS.cancel). */
  cancelPerformanceOrder: '/tec/trade_order/api/uEnjoy/order/cancelPerformanceOrder',
  /** Whether cancelling a uEnjoy order would drop the member's level. */
  keepLevelCheck: '/tec/trade_order/api/uEnjoy/order/orderKeepLevelCheck',
  /** Registers a download of an order's prescription and answers it as a data URL. */
  downloadPrescription: '/tec/trade_order/manager/order/downloadPrescription/add',
} as const;

export const SPECIAL_PAGE_SIZE_MAX = 50;
/** An order item whose name, or whose SKU's label, contains this is a tea-tree adoption. */
export const TEA_TREE_ADOPTION_MARK = '茶树认养';
/** Member level by what the member paid in the last 365 days (cents): level n needs at least this much. */
export const MEMBER_LEVEL_THRESHOLDS_CENTS: Readonly<Record<number, number>> = {
  1: 0,
  2: 50_000,
  3: 200_000,
  4: 500_000,
};
export const MEMBER_LEVEL_WINDOW_DAYS = 365;

const pageFields = pageRequest({ max: SPECIAL_PAGE_SIZE_MAX, defaultSize: 10 });
const keyword = keywordField(50);

/** `arriveAtStoreList`: keyword = performance or OMS number, receiver phone (exact) or part of the name. */
export const arriveAtStoreListBodySchema = z.object({ storeCode: storeCodeSchema, keyword, ...pageFields });
export type ArriveAtStoreListBody = z.infer<typeof arriveAtStoreListBodySchema>;

export const arriveAtStoreRowSchema = z.object({
  performanceOrderNo: z.string(),
  omsOrderNo: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  receiverName: z.string(),
  receiverPhone: z.string(),
  itemsSummary: z.string(),
  itemCount: z.number().int(),
  payCents: z.number().int(),
  takenAt: z.string(),
  /** Whole hours since the store took it. */
  waitingHours: z.number().int(),
  /** What to do at the counter (the code itself is the customer's and is never listed). */
  writeOffHint: z.string(),
  canWriteOff: z.boolean(),
});
export type ArriveAtStoreRow = z.infer<typeof arriveAtStoreRowSchema>;

export const arriveAtStorePageSchema = pageOf(arriveAtStoreRowSchema);
export type ArriveAtStorePage = z.infer<typeof arriveAtStorePageSchema>;

/** `expressInfo`, `keepLevelCheck`, `downloadPrescription`. */
export const specialOrderBodySchema = z.object({
  storeCode: storeCodeSchema,
  performanceOrderNo: performanceOrderNoSchema,
});
export type SpecialOrderBody = z.infer<typeof specialOrderBodySchema>;

const courierFields = {
  courierCode: z.string(),
  /** From delivery_companies (the name recorded at shipping when the courier is no longer listed). */
  courierName: z.string(),
  trackingNo: z.string(),
};

export const expressInfoSchema = z.object({
  performanceOrderNo: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  statusText: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryTypeText: z.string(),
  /** True once the order went out by courier with a tracking number. */
  shipped: z.boolean(),
  shippedAt: z.string().nullable(),
  ...courierFields,
  /** uEnjoy: the shipped cycle-plan periods, each with its tracking number (the order's courier). */
  periods: z.array(
    z.object({
      period: z.number().int(),
      plannedDate: z.string(),
      statusText: z.string(),
      ...courierFields,
    }),
  ),
});
export type ExpressInfo = z.infer<typeof expressInfoSchema>;

export const teaTreeListBodySchema = z.object({
  storeCode: storeCodeSchema,
  status: z.enum(['all', ...FULFILMENT_STATUSES], { error: '订单状态不正确' }).default('all'),
  ...pageFields,
});
export type TeaTreeListBody = z.infer<typeof teaTreeListBodySchema>;

export const teaTreeRowSchema = z.object({
  performanceOrderNo: z.string(),
  omsOrderNo: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  statusText: z.string(),
  customerName: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  /** The adoption item(s): 茶树认养·龙井×1. */
  adoptionItems: z.string(),
  payCents: z.number().int(),
  takenAt: z.string(),
});
export type TeaTreeRow = z.infer<typeof teaTreeRowSchema>;

export const teaTreePageSchema = pageOf(teaTreeRowSchema);
export type TeaTreePage = z.infer<typeof teaTreePageSchema>;

export const keepLevelCheckSchema = z.object({
  keepsLevel: z.boolean(),
  /** null: the order has no member, so no level is at stake. */
  currentLevel: z.number().int().nullable(),
  levelAfter: z.number().int().nullable(),
  /** What the member paid in the window without this order, and what the current level needs. */
  remainingCents: z.number().int(),
  thresholdCents: z.number().int(),
  reason: z.string(),
});
export type KeepLevelCheck = z.infer<typeof keepLevelCheckSchema>;

export const prescriptionSchema = z.object({
  performanceOrderNo: z.string(),
  fileName: z.string(),
  /** `data:<mime>;base64,…` */
  dataUrl: z.string(),
  downloadedAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const specialOrderEndpoints = {
  arriveAtStoreList: endpoint({
    method: 'POST',
    path: SPECIAL_ORDER_PATHS.arriveAtStoreList,
    request: arriveAtStoreListBodySchema,
    response: arriveAtStorePageSchema,
    summary: 'Pickup orders waiting for the customer at the counter, longest waiting first',
  }),
  expressInfo: endpoint({
    method: 'POST',
    path: SPECIAL_ORDER_PATHS.expressInfo,
    request: specialOrderBodySchema,
    response: expressInfoSchema,
    summary: 'Courier and tracking number of an order of the store, and of its shipped cycle-plan periods',
  }),
  teaTreeAdoptionList: endpoint({
    method: 'POST',
    path: SPECIAL_ORDER_PATHS.teaTreeAdoptionList,
    request: teaTreeListBodySchema,
    response: teaTreePageSchema,
    summary: 'Tea-tree adoption orders of the store (item name or SKU label contains 茶树认养), newest first',
  }),
  cancelPerformanceOrder: endpoint({
    method: 'POST',
    path: SPECIAL_ORDER_PATHS.cancelPerformanceOrder,
    request: storeCancelBodySchema,
    response: orderActionResultSchema,
    summary: 'Cancel a uEnjoy order waiting to ship, with a reason (the rules of the received-order cancel)',
  }),
  keepLevelCheck: endpoint({
    method: 'POST',
    path: SPECIAL_ORDER_PATHS.keepLevelCheck,
    request: specialOrderBodySchema,
    response: keepLevelCheckSchema,
    summary: "Whether cancelling a uEnjoy order would drop the member's level",
  }),
  downloadPrescription: endpoint({
    method: 'POST',
    path: SPECIAL_ORDER_PATHS.downloadPrescription,
    request: specialOrderBodySchema,
    response: prescriptionSchema,
    summary: "Download an order's prescription (a data URL); the download is logged",
  }),
};
