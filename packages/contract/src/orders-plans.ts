import { z } from 'zod';
import { dateRangeFields, endpoint, keywordField, listFilters, pageOf, pageRequest } from './common/index.js';
import {
  DELIVERY_TYPES,
  ORDER_CHANNELS,
  ORDER_INTEGRATION_PATHS,
  ORDER_PATHS,
  PLAN_STATUSES,
} from './orders.js';
import { coordinateFields, mobileNumber, orderItemSchema, skuQuantitiesSchema } from './order-parts.js';
import { requiredText } from './common/fields.js';
import { storeCodeSchema } from './stores.js';

/**
 * Offers, grabbing and the upstream push (docs/domain/orders.md "Offers and grabbing"). Times are Asia/Shanghai
 * `YYYY-MM-DD HH:mm:ss`; `…Ms` fields are the same instants as epoch milliseconds. Money is in cents (fen).
 */

export const ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const OFFER_PAGE_SIZE_MAX = 50;
export const PUSH_ITEMS_MAX = 50;
export const CANDIDATE_STORES_MAX = 100;
/** Stores an order is offered to when the platform names none: the nearest located ones. */
export const NEAREST_CANDIDATES = 5;
/** ... and no farther than this from the delivery address. */
export const CANDIDATE_RADIUS_KM = 30;

const orderNo = (missing: string, invalid: string) =>
  z.string({ error: missing }).trim().min(1, missing).regex(ORDER_NO_PATTERN, invalid);
const optionalOrderNo = (invalid: string) =>
  z.string({ error: invalid }).trim().regex(ORDER_NO_PATTERN, invalid).optional();
const text = requiredText;
const mobile = mobileNumber;

export const omsOrderNoSchema = orderNo('缺少平台订单号', '平台订单号格式不正确');
export const performancePlanOrderNoSchema = orderNo('缺少履约计划单号', '履约计划单号格式不正确');

const customerSchema = z.object(
  {
    name: text(64, '缺少顾客姓名', '顾客姓名不能超过64个字符'),
    phone: mobile('缺少顾客手机号'),
    memberNo: z.string({ error: '会员编号格式不正确' }).trim().max(32, '会员编号格式不正确').optional(),
  },
  { error: '缺少顾客信息' },
);

const addressSchema = z.object(
  {
    receiverName: text(64, '缺少收货人', '收货人不能超过64个字符'),
    receiverPhone: mobile('缺少收货人手机号'),
    countyCode: z
      .string({ error: '区县编码格式不正确' })
      .trim()
      .regex(/^\d{6}$/, '区县编码格式不正确')
      .optional(),
    regionName: z.string({ error: '省市区格式不正确' }).trim().max(96, '省市区不能超过96个字符').optional(),
    detail: text(255, '缺少详细地址', '详细地址不能超过255个字符'),
    ...coordinateFields,
  },
  { error: '缺少收货地址' },
);

const invoiceSchema = z
  .object(
    {
      type: z.enum(['personal', 'company'], { error: '发票类型只能是个人或单位' }),
      title: text(128, '缺少发票抬头', '发票抬头不能超过128个字符'),
      taxNo: z
        .string({ error: '纳税人识别号格式不正确' })
        .trim()
        .regex(/^[0-9A-Z]{15,20}$/, '纳税人识别号格式不正确')
        .optional(),
    },
    { error: '发票信息格式不正确' },
  )
  .refine((v) => v.type !== 'company' || Boolean(v.taxNo), {
    message: '单位发票需要纳税人识别号',
    path: ['taxNo'],
  });

const cents = (invalid: string) =>
  z.number({ error: invalid }).int(invalid).min(0, invalid).max(100_000_000, invalid);

/** A prescription file the platform attaches to an order: at most 1 MiB once decoded. */
export const PRESCRIPTION_MAX_BYTES = 1024 * 1024;
/** The push route's own body limit (the global JSON limit is 64 KiB): room for a prescription and the order. */
export const PUSH_ORDER_BODY_LIMIT = 2 * 1024 * 1024;
/** Allowed prescription file extensions and the data-URL type each must carry. */
export const PRESCRIPTION_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
const PRESCRIPTION_DATA_URL =
  /^data:(application\/pdf|image\/png|image\/jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;
const PRESCRIPTION_TOO_LARGE = `处方文件不能超过${PRESCRIPTION_MAX_BYTES / 1024 / 1024}MB`;
/** Longest data URL a file of PRESCRIPTION_MAX_BYTES can give (checked before the pattern runs). */
const PRESCRIPTION_DATA_URL_MAX =
  'data:application/pdf;base64,'.length + Math.ceil(PRESCRIPTION_MAX_BYTES / 3) * 4;

/** Bytes of a base64 text once decoded. */
export const base64Bytes = (base64: string) =>
  (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** `{ mime, base64 }` of a prescription data URL, or null when it is not one. */
export function parsePrescriptionDataUrl(dataUrl: string): { mime: string; base64: string } | null {
  if (dataUrl.length > PRESCRIPTION_DATA_URL_MAX) return null;
  const match = PRESCRIPTION_DATA_URL.exec(dataUrl);
  return match ? { mime: match[1]!, base64: match[2]! } : null;
}

const prescriptionSchema = z.object(
  {
    fileName: z
      .string({ error: '缺少处方文件名' })
      .trim()
      .min(1, '缺少处方文件名')
      .max(100, '处方文件名不能超过100个字符')
      .regex(/\.(pdf|png|jpe?g)$/i, '处方文件只能是 PDF、PNG 或 JPG'),
    dataUrl: z.string({ error: '缺少处方文件内容' }).superRefine((value, ctx) => {
      if (value.length > PRESCRIPTION_DATA_URL_MAX) return void ctx.addIssue(PRESCRIPTION_TOO_LARGE);
      const parsed = parsePrescriptionDataUrl(value);
      if (!parsed) return void ctx.addIssue('处方文件内容必须是 PDF、PNG 或 JPG 的 base64 data URL');
      if (parsed.base64.length === 0 || parsed.base64.length % 4 !== 0)
        return void ctx.addIssue('处方文件内容不是有效的 base64');
      if (base64Bytes(parsed.base64) > PRESCRIPTION_MAX_BYTES) ctx.addIssue(PRESCRIPTION_TOO_LARGE);
    }),
  },
  { error: '处方格式不正确' },
);
export type PushPrescription = z.infer<typeof prescriptionSchema>;

/** `POST /api/integration/orders` (X-Service-Token). Names and prices come from the SKU table. */
export const pushOrderBodySchema = z.object({
  omsOrderNo: omsOrderNoSchema,
  channel: z.enum(ORDER_CHANNELS, { error: '订单渠道只能是 online、valet_integral 或 valet_uenjoy' }),
  customer: customerSchema,
  items: skuQuantitiesSchema({ maxQuantity: 999, maxLines: PUSH_ITEMS_MAX, empty: '缺少商品' }),
  deliveryType: z.enum(DELIVERY_TYPES, { error: '配送方式只能是 express、store_delivery 或 pickup' }),
  address: addressSchema,
  freightCents: cents('运费不正确').optional(),
  discountCents: cents('优惠金额不正确').optional(),
  buyerRemark: z
    .string({ error: '买家备注格式不正确' })
    .trim()
    .max(255, '买家备注不能超过255个字符')
    .optional(),
  invoice: invoiceSchema.optional(),
  orderedAt: z.iso.datetime({ offset: true, error: '下单时间格式不正确' }).optional(),
  sourceOrderNo: optionalOrderNo('代客订单号格式不正确'),
  placedStoreCode: storeCodeSchema.optional(),
  candidateStoreCodes: z
    .array(storeCodeSchema, { error: '候选门店必须是门店编号列表' })
    .min(1, '候选门店列表不能为空，不填则派给最近的门店')
    .max(CANDIDATE_STORES_MAX, `最多派给${CANDIDATE_STORES_MAX}家门店`)
    .optional(),
  /** The customer's prescription, kept as the order's `prescription_attached` log row. */
  prescription: prescriptionSchema.optional(),
});
export type PushOrderBody = z.input<typeof pushOrderBodySchema>;

export const pushOrderResultSchema = z.object({
  omsOrderNo: z.string(),
  performancePlanOrderNo: z.string(),
  status: z.enum(PLAN_STATUSES),
  expiresAt: z.string(),
  candidateStoreCodes: z.array(z.string()),
  /** false when the order was pushed before (nothing new was written). */
  created: z.boolean(),
});
export type PushOrderResult = z.infer<typeof pushOrderResultSchema>;

/** `POST /api/integration/orders/cancel` (X-Service-Token): the customer cancelled upstream. */
export const cancelOrderBodySchema = z.object({
  omsOrderNo: omsOrderNoSchema,
  reason: text(255, '缺少取消原因', '取消原因不能超过255个字符'),
});
export type CancelOrderBody = z.input<typeof cancelOrderBodySchema>;

export const cancelOrderResultSchema = z.object({
  omsOrderNo: z.string(),
  planStatus: z.enum(PLAN_STATUSES),
  /** The taking store's order, when the plan had been taken. */
  performanceOrderNo: z.string().nullable(),
  /** false when it was cancelled before (nothing changed). */
  changed: z.boolean(),
});
export type CancelOrderResult = z.infer<typeof cancelOrderResultSchema>;

/** `POST /api/integration/intentions` (X-Service-Token). */
export const pushIntentionBodySchema = z.object({
  omsConsultantsNo: orderNo('缺少客户意向单号', '客户意向单号格式不正确'),
  storeCode: storeCodeSchema,
  customer: customerSchema,
  interest: text(255, '缺少意向内容', '意向内容不能超过255个字符'),
});
export type PushIntentionBody = z.input<typeof pushIntentionBodySchema>;

export const pushIntentionResultSchema = z.object({ omsConsultantsNo: z.string(), created: z.boolean() });
export type PushIntentionResult = z.infer<typeof pushIntentionResultSchema>;

// ------------------------------------------------------------------------------------------------------------
// Store side

/** `ORDER_PATHS.offers` and `ORDER_PATHS.untaken`. */
export const offerListBodySchema = z.object({
  storeCode: storeCodeSchema,
  ...pageRequest({ max: OFFER_PAGE_SIZE_MAX, defaultSize: 10, tooLarge: `每页最多${OFFER_PAGE_SIZE_MAX}条` }),
});
export type OfferListBody = z.input<typeof offerListBodySchema>;

/**
 * `ORDER_PATHS.untaken`: the lapsed offers by delivery type, by order number (the plan's or the upstream one,
 * exact) and by the Asia/Shanghai days they ran out on.
 */
export const untakenFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    deliveryType: z.enum(DELIVERY_TYPES, { error: '配送方式不正确' }).nullish(),
    keyword: keywordField(40),
    ...dateRangeFields,
  },
  { max: OFFER_PAGE_SIZE_MAX, defaultSize: 10, tooLarge: `每页最多${OFFER_PAGE_SIZE_MAX}条` },
);
export const untakenListBodySchema = untakenFilters.request;
export type UntakenListBody = z.input<typeof untakenListBodySchema>;

/** `ORDER_PATHS.grab`, `ORDER_PATHS.takeUntaken` and `ORDER_PATHS.offerDetail`. */
export const planActionBodySchema = z.object({
  storeCode: storeCodeSchema,
  performancePlanOrderNo: performancePlanOrderNoSchema,
});
export type PlanActionBody = z.input<typeof planActionBodySchema>;

export const offerItemSchema = orderItemSchema;
export type OfferItem = z.infer<typeof offerItemSchema>;

export const offerSummarySchema = z.object({
  performancePlanOrderNo: z.string(),
  omsOrderNo: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  channelText: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryTypeText: z.string(),
  status: z.enum(PLAN_STATUSES),
  statusText: z.string(),
  /** The customer's name with the given name masked (王**), and the receiver's region. */
  customerName: z.string(),
  regionName: z.string(),
  /** e.g. `鲜肉月饼×2，蛋黄酥×1`. */
  itemsSummary: z.string(),
  itemCount: z.number().int(),
  goodsCents: z.number().int(),
  payCents: z.number().int(),
  pointsUsed: z.number().int(),
  /** From this store to the delivery address. */
  distanceMeters: z.number().int(),
  offeredAt: z.string(),
  expiresAt: z.string(),
  expiresAtMs: z.number().int(),
  /** 0 once expired. */
  secondsLeft: z.number().int(),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

export const offerPageSchema = pageOf(offerSummarySchema);
export type OfferPage = z.infer<typeof offerPageSchema>;

/** `ORDER_PATHS.offerDetail` (robOrderDetail): any candidate store sees the plan in every state. */
export const offerDetailSchema = offerSummarySchema.extend({
  customerPhone: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  addressDetail: z.string(),
  freightCents: z.number().int(),
  discountCents: z.number().int(),
  buyerRemark: z.string(),
  invoiceType: z.string(),
  invoiceTitle: z.string(),
  sourceOrderNo: z.string(),
  items: z.array(offerItemSchema),
  /** Set once taken; the order number only when this store took it. */
  takenByThisStore: z.boolean(),
  performanceOrderNo: z.string().nullable(),
  takenAt: z.string().nullable(),
  /** What the caller may do now (their permissions and the plan's state). */
  canGrab: z.boolean(),
  canTake: z.boolean(),
});
export type OfferDetail = z.infer<typeof offerDetailSchema>;

export const grabResultSchema = z.object({
  performancePlanOrderNo: z.string(),
  omsOrderNo: z.string(),
  performanceOrderNo: z.string(),
  status: z.literal('wait_ship'),
  /** Pickup orders only, else empty. */
  writeOffCode: z.string(),
});
export type GrabResult = z.infer<typeof grabResultSchema>;

/** The store side of offers: what the 抢单 and 未接订单 pages call. */
export const planEndpoints = {
  offers: endpoint({
    method: 'POST',
    path: ORDER_PATHS.offers,
    request: offerListBodySchema,
    response: offerPageSchema,
    summary: 'Offers the store can grab now (抢单), nearest first, with the seconds left',
  }),
  untaken: endpoint({
    method: 'POST',
    path: ORDER_PATHS.untaken,
    request: untakenListBodySchema,
    response: offerPageSchema,
    summary: 'Offers nobody took in time (未接订单), still open to the candidate stores',
  }),
  offerDetail: endpoint({
    method: 'POST',
    path: ORDER_PATHS.offerDetail,
    request: planActionBodySchema,
    response: offerDetailSchema,
    summary: 'One plan order as a candidate store sees it (robOrderDetail); 404 for other stores',
  }),
  grab: endpoint({
    method: 'POST',
    path: ORDER_PATHS.grab,
    request: planActionBodySchema,
    response: grabResultSchema,
    summary: 'Grab an offered plan order (order:rob): exactly one store wins, the others get 409',
  }),
  takeUntaken: endpoint({
    method: 'POST',
    path: ORDER_PATHS.takeUntaken,
    request: planActionBodySchema,
    response: grabResultSchema,
    summary: 'Take an untaken (expired) plan order (order:take); 409 while it is still offered',
  }),
};

/** The upstream platform's pushes (X-Service-Token). */
export const integrationEndpoints = {
  pushOrder: endpoint({
    method: 'POST',
    path: ORDER_INTEGRATION_PATHS.pushOrder,
    request: pushOrderBodySchema,
    response: pushOrderResultSchema,
    summary: 'Push an upstream order: offered to the candidate stores (idempotent on omsOrderNo)',
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: ORDER_INTEGRATION_PATHS.cancelOrder,
    request: cancelOrderBodySchema,
    response: cancelOrderResultSchema,
    summary: 'The customer cancelled upstream (409 once shipped; cancelling again answers success)',
  }),
  pushIntention: endpoint({
    method: 'POST',
    path: ORDER_INTEGRATION_PATHS.pushIntention,
    request: pushIntentionBodySchema,
    response: pushIntentionResultSchema,
    summary: 'Push a customer intention for a store to follow up (idempotent on omsConsultantsNo)',
  }),
};
