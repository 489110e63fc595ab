import { z } from 'zod';
import { dateRangeFields, endpoint, listFilters, pageOf, pageRequest } from './common/index.js';
import { DELIVERY_TYPES, PLAN_STATUSES } from './orders.js';
import {
  coordinateFields,
  mobileNumber,
  orderLineSchema,
  receiverAddressSchema,
  skuQuantitiesSchema,
} from './order-parts.js';
import { requiredText } from './common/fields.js';
import { memberCodeSchema, redeemCodeSentSchema } from './points.js';
import { storeCodeSchema } from './stores.js';

/**
 * Valet orders (代客下单) for the points mall and uEnjoy, and the member / SKU / address / shop lookups they
 * need (docs/domain/orders.md "Valet orders"). Money in cents, times Asia/Shanghai `YYYY-MM-DD HH:mm:ss`.
 */

/** Spec 7.6 calls (under `/tec/`) of both valet flows; `detail` and the points-mall `cancel` are designed. */
export const VALET_PATHS = {
  integralCreate: '/tec/trade_order/integralMall/manager/valetOrder/create',
  integralList: '/tec/trade_order/integralMall/manager/valetOrder/list',
  integralConfirm: '/tec/trade_order/integralMall/manager/valetOrder/confirm',
  integralCancel: '/tec/trade_order/integralMall/manager/valetOrder/cancel',
  /** Designed: sends the member the code that confirms a points order's redemption. */
  integralSendRedeemCode: '/tec/trade_order/integralMall/manager/valetOrder/sendRedeemCode',
  trialChange: '/tec/trade_order/api/uEnjoy/valet/trial/change',
  trialPersonalization: '/tec/trade_order/api/uEnjoy/valet/trial/personalization',
  trialExpress: '/tec/trade_order/api/uEnjoy/valet/trial/expressTrial',
  trialResult: '/tec/trade_order/api/uEnjoy/getTrialResult',
  changePlan: '/tec/trade_order/api/uEnjoy/changePlan',
  uenjoyCreate: '/tec/trade_order/manager/uEnjoy/valetOrder/create',
  uenjoyConfirm: '/tec/trade_order/manager/uEnjoy/valetOrder/confirm',
  uenjoyList: '/tec/trade_order/manager/uEnjoy/valetOrder/list',
  uenjoyCancel: '/tec/trade_order/manager/uEnjoy/valetOrder/cancel',
  /** One valet order of either kind (valetOrderManagerDetail; messages open it by `id` = valetOrderNo). */
  detail: '/tec/trade_order/manager/valetOrder/detail',
} as const;

/**
 * Lookups of the valet flows; `temporaryMemberAdd` and `addressAdd` are designed (the spec names no writes), and
 * so is `uenjoySkuAppPage` (the spec names no uEnjoy SKU list).
 */
export const LOOKUP_PATHS = {
  memberByKeywords: '/tec/member_ms/member/getPlatformMemberByKeywords',
  temporaryMemberByKeywords: '/tec/member_ms/member/getPlatformMemberTemporaryByKeywords',
  temporaryMemberAdd: '/tec/member_ms/member/addPlatformMemberTemporary',
  integralLabels: '/tec/market_ms/IntegralLabel/getAppLabelList',
  integralSkuAppPage: '/tec/market_ms/integralSku/queryAppPage',
  integralSkuPage: '/tec/market_ms/integralSku/queryPage',
  /** Designed: the uEnjoy SKUs on sale (the valet flow's uEnjoy shelf). */
  uenjoySkuAppPage: '/tec/market_ms/uEnjoySku/queryAppPage',
  shopById: '/tec/store_ms/shopInfo/getById',
  addressByKeywords: '/tec/member_ms/ws/getAddressByKeywords',
  lastValetAddress: '/tec/member_ms/address/lastTime/daikeOrderAddress',
  addressList: '/tec/member_ms/address/list',
  addressAdd: '/tec/member_ms/address/add',
  uenjoyShops: '/tec/store_ms/api/uEnjoy/queryShop',
  bikeDistance: '/tec/store_ms/shopDeliverySet/selectShopBikeDistance',
  skuById: '/tec/product_ms/api/pmsProductSku/getById',
} as const;

/** A store delivers by bike this far unless configured otherwise (there is no per-store setting yet). */
export const DEFAULT_BIKE_DISTANCE_METERS = 5_000;
export const MEMBER_SEARCH_LIMIT = 20;
export const VALET_PAGE_SIZE_MAX = 50;
export const VALET_ITEMS_MAX = 20;
/** A price trial can be turned into an order for this long. */
export const TRIAL_VALID_MINUTES = 30;

/** Freight of a valet uEnjoy order, in cents (the points mall ships free). */
export const VALET_FREIGHT = {
  express: 1200,
  /** Store delivery is free up to this distance, `storeDeliveryFarCents` beyond it (up to the bike distance). */
  storeDeliveryFreeMeters: 3_000,
  storeDeliveryFarCents: 600,
  pickup: 0,
} as const;

/** Member-level discount of the standard uEnjoy trial, in percent. */
export const UENJOY_LEVEL_DISCOUNT_PERCENT: Record<number, number> = { 1: 0, 2: 2, 3: 5, 4: 8 };
/** A personalised trial may take at most this share of the goods off. */
export const PERSONAL_DISCOUNT_MAX_PERCENT = 10;

export const VALET_KINDS = ['integral', 'uenjoy'] as const;
export type ValetKind = (typeof VALET_KINDS)[number];
export const VALET_KIND_TEXT: Record<ValetKind, string> = { integral: '积分商城', uenjoy: '优享' };

export const VALET_STATUSES = ['pending_confirm', 'confirmed', 'cancelled'] as const;
export type ValetStatus = (typeof VALET_STATUSES)[number];
export const VALET_STATUS_TEXT: Record<ValetStatus, string> = {
  pending_confirm: '待确认',
  confirmed: '已确认',
  cancelled: '已取消',
};

export const VALET_ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** A member's public id: random, url-safe; the serial id never leaves the server. */
export const MEMBER_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Member look-ups (registered and temporary, together) one user may run per minute. */
export const MEMBER_LOOKUPS_PER_MINUTE = 30;

const memberPublicId = (missing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : '会员ID不正确') })
    .trim()
    .min(1, missing)
    .regex(MEMBER_PUBLIC_ID_PATTERN, '会员ID不正确');
const positiveId = (missing: string, invalid: string) =>
  z.coerce.number({ error: missing }).int(invalid).min(1, invalid).max(2_147_483_647, invalid);
const keywordsSchema = z
  .string({ error: '请输入搜索关键字' })
  .trim()
  .min(1, '请输入搜索关键字')
  .max(32, '搜索关键字不能超过32个字符');
const mobile = mobileNumber;
const text = requiredText;
const dateSchema = (invalid: string) =>
  z
    .string({ error: invalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), invalid);
const valetPaging = {
  max: VALET_PAGE_SIZE_MAX,
  defaultSize: 10,
  tooLarge: `每页最多${VALET_PAGE_SIZE_MAX}条`,
};

export const valetOrderNoSchema = z
  .string({ error: '缺少代客订单号' })
  .trim()
  .min(1, '缺少代客订单号')
  .regex(VALET_ORDER_NO_PATTERN, '代客订单号格式不正确');

// ---- lookups -------------------------------------------------------------------------------------------

export const memberKeywordsQuerySchema = z.object({ storeCode: storeCodeSchema, keywords: keywordsSchema });

export const memberSummarySchema = z.object({
  /** The member's public id (not guessable). */
  memberId: z.string(),
  memberNo: z.string(),
  name: z.string(),
  /** 139****5678: the counter sees who it is without reading out a list of numbers. */
  phoneMasked: z.string(),
  level: z.number().int(),
  points: z.number().int(),
  temporary: z.boolean(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const temporaryMemberAddBodySchema = z.object({
  storeCode: storeCodeSchema,
  name: text(64, '缺少会员姓名', '会员姓名不能超过64个字符'),
  phone: mobile('缺少会员手机号'),
});
export type TemporaryMemberAddBody = z.input<typeof temporaryMemberAddBodySchema>;
export const temporaryMemberResultSchema = memberSummarySchema.extend({
  /** false when a member with that phone existed already (it is answered instead). */
  created: z.boolean(),
});

export const storeCodeQuerySchema = z.object({ storeCode: storeCodeSchema });
export const integralLabelSchema = z.object({ labelName: z.string(), skuCount: z.number().int() });

export const integralSkuPageBodySchema = z.object({
  storeCode: storeCodeSchema,
  labelName: z.string({ error: '标签格式不正确' }).trim().max(32, '标签格式不正确').optional(),
  keyword: z.string({ error: '关键字格式不正确' }).trim().max(32, '关键字不能超过32个字符').optional(),
  ...pageRequest(valetPaging),
});
export type IntegralSkuPageBody = z.input<typeof integralSkuPageBodySchema>;

/** The uEnjoy shelf: keyword on the name (part) or the code (exact, any case), cheapest first. */
export const uenjoySkuPageBodySchema = z.object({
  storeCode: storeCodeSchema,
  keyword: z.string({ error: '关键字格式不正确' }).trim().max(32, '关键字不能超过32个字符').optional(),
  ...pageRequest(valetPaging),
});
export type UenjoySkuPageBody = z.input<typeof uenjoySkuPageBodySchema>;

export const skuSchema = z.object({
  id: z.number().int(),
  skuCode: z.string(),
  name: z.string(),
  spec: z.string(),
  kind: z.string(),
  priceCents: z.number().int(),
  points: z.number().int(),
  labelName: z.string(),
  cyclePeriods: z.number().int(),
  cycleIntervalDays: z.number().int(),
  enabled: z.boolean(),
});
export type SkuInfo = z.infer<typeof skuSchema>;
export const skuPageSchema = pageOf(skuSchema);

export const shopByIdQuerySchema = z.object({ id: positiveId('缺少门店ID', '门店ID不正确') });
export const shopInfoSchema = z.object({
  id: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  shopPhone: z.string(),
  shopAddress: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  bikeDistanceMeters: z.number().int(),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

export const addressKeywordsBodySchema = z.object({ storeCode: storeCodeSchema, keywords: keywordsSchema });
export const placeSuggestionSchema = z.object({
  regionName: z.string(),
  countyCode: z.string(),
  detail: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distanceMeters: z.number().int(),
});

export const memberIdQuerySchema = z.object({
  storeCode: storeCodeSchema,
  memberId: memberPublicId('缺少会员ID'),
});
export const memberAddressListBodySchema = memberIdQuerySchema;
export const memberAddressSchema = z.object({
  addressId: z.number().int(),
  receiverName: z.string(),
  /** 139****5678: a list of addresses never carries whole phone numbers. */
  receiverPhoneMasked: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  countyCode: z.string(),
  regionName: z.string(),
  detail: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  isDefault: z.boolean(),
  lastUsedAt: z.string().nullable(),
  /** From the caller's store; null when the address has no location. */
  distanceMeters: z.number().int().nullable(),
  withinBikeDistance: z.boolean(),
});
export type MemberAddress = z.infer<typeof memberAddressSchema>;

export const addressAddBodySchema = z.object({
  storeCode: storeCodeSchema,
  memberId: memberPublicId('缺少会员ID'),
  receiverName: text(64, '缺少收货人', '收货人不能超过64个字符'),
  receiverPhone: mobile('缺少收货人手机号'),
  countyCode: z
    .string({ error: '缺少区县' })
    .trim()
    .regex(/^\d{6}$/, '区县编码格式不正确'),
  detail: text(255, '缺少详细地址', '详细地址不能超过255个字符'),
  ...coordinateFields,
  isDefault: z.boolean({ error: '是否默认地址格式不正确' }).optional(),
});
export type AddressAddBody = z.input<typeof addressAddBodySchema>;

export const uenjoyShopBodySchema = z.object({
  storeCode: storeCodeSchema,
  latitude: coordinateFields.latitude.optional(),
  longitude: coordinateFields.longitude.optional(),
  keyword: z.string({ error: '关键字格式不正确' }).trim().max(32, '关键字不能超过32个字符').optional(),
});
export const uenjoyShopSchema = z.object({
  shopCode: z.string(),
  shopName: z.string(),
  shopAddress: z.string(),
  distanceMeters: z.number().int(),
  bikeDistanceMeters: z.number().int(),
});
export const bikeDistanceBodySchema = z.object({ storeCode: storeCodeSchema });
export const bikeDistanceSchema = z.object({ shopCode: z.string(), bikeDistanceMeters: z.number().int() });

export const skuByIdQuerySchema = z.object({
  storeCode: storeCodeSchema,
  id: positiveId('缺少商品ID', '商品ID不正确'),
});

// ---- valet orders --------------------------------------------------------------------------------------

const itemsSchema = skuQuantitiesSchema({
  maxQuantity: 99,
  maxLines: VALET_ITEMS_MAX,
  empty: '请选择商品',
}).refine((items) => new Set(items.map((i) => i.skuCode)).size === items.length, '同一商品请合并数量');

const remarkSchema = z
  .string({ error: '备注格式不正确' })
  .trim()
  .max(255, '备注不能超过255个字符')
  .optional();
const memberIdSchema = memberPublicId('请选择会员');
const addressIdSchema = z.number({ error: '收货地址不正确' }).int('收货地址不正确').min(1, '收货地址不正确');

/** The address is needed unless the customer picks the goods up at the store. */
const needsAddress = <T extends { deliveryType: string; addressId?: number | undefined }>(v: T) =>
  v.deliveryType === 'pickup' || v.addressId !== undefined;
const ADDRESS_REQUIRED = { message: '请选择收货地址', path: ['addressId'] };
/** Who orders what, delivered how: the fields every valet order and its price trial start from. */
const valetOrderFields = {
  storeCode: storeCodeSchema,
  memberId: memberIdSchema,
  deliveryType: z.enum(DELIVERY_TYPES, { error: '配送方式只能是 express、store_delivery 或 pickup' }),
  addressId: addressIdSchema.optional(),
  items: itemsSchema,
};

export const integralCreateBodySchema = z
  .object({
    ...valetOrderFields,
    remark: remarkSchema,
  })
  .refine(needsAddress, ADDRESS_REQUIRED);
export type IntegralCreateBody = z.input<typeof integralCreateBodySchema>;

export const trialBodySchema = z
  .object({
    ...valetOrderFields,
  })
  .refine(needsAddress, ADDRESS_REQUIRED);
export type TrialBody = z.input<typeof trialBodySchema>;

export const personalTrialBodySchema = z
  .object({
    ...valetOrderFields,
    /** The discount the staff member grants instead of the member-level one. */
    discountCents: z
      .number({ error: '优惠金额不正确' })
      .int('优惠金额不正确')
      .min(0, '优惠金额不正确')
      .max(100_000_000, '优惠金额不正确'),
  })
  .refine(needsAddress, ADDRESS_REQUIRED);
export type PersonalTrialBody = z.input<typeof personalTrialBodySchema>;

export const TRIAL_MODES = ['standard', 'personalization', 'express'] as const;
export const trialResultSchema = z.object({
  trialId: z.string(),
  mode: z.enum(TRIAL_MODES),
  storeCode: z.string(),
  memberId: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  addressId: z.number().int().nullable(),
  distanceMeters: z.number().int().nullable(),
  items: z.array(orderLineSchema),
  goodsCents: z.number().int(),
  freightCents: z.number().int(),
  discountCents: z.number().int(),
  payCents: z.number().int(),
  /** Why the discount is what it is, e.g. 会员等级2：98折. */
  discountText: z.string(),
  trialAt: z.string(),
  validUntil: z.string(),
});
export type TrialResult = z.infer<typeof trialResultSchema>;

export const TRIAL_ID_MAX = 2_000;
export const trialIdQuerySchema = z.object({
  storeCode: storeCodeSchema,
  trialId: z
    .string({ error: '缺少试算编号' })
    .trim()
    .min(1, '缺少试算编号')
    .max(TRIAL_ID_MAX, '试算编号不正确'),
});

export const changePlanBodySchema = z.object({
  storeCode: storeCodeSchema,
  skuCode: text(32, '缺少商品编码', '商品编码格式不正确'),
  /** First delivery, Asia/Shanghai; tomorrow when absent. */
  firstDeliveryDate: dateSchema('首次配送日期格式不正确').optional(),
});
export const cyclePlanProposalSchema = z.object({
  skuCode: z.string(),
  periods: z.number().int(),
  intervalDays: z.number().int(),
  plans: z.array(z.object({ period: z.number().int(), date: z.string() })),
});
export type CyclePlanProposal = z.infer<typeof cyclePlanProposalSchema>;
export const FIRST_DELIVERY_MAX_DAYS = 60;

export const uenjoyCreateBodySchema = z.object({
  storeCode: storeCodeSchema,
  trialId: z
    .string({ error: '请先试算价格' })
    .trim()
    .min(1, '请先试算价格')
    .max(TRIAL_ID_MAX, '试算编号不正确'),
  firstDeliveryDate: dateSchema('首次配送日期格式不正确').optional(),
  remark: remarkSchema,
});
export type UenjoyCreateBody = z.input<typeof uenjoyCreateBodySchema>;

export const valetActionBodySchema = z.object({
  storeCode: storeCodeSchema,
  valetOrderNo: valetOrderNoSchema,
});
/**
 * Confirming an order that spends points needs `memberCode`, the code the member received (sendRedeemCode);
 * an order without points ignores it.
 */
export const valetConfirmBodySchema = valetActionBodySchema.extend({
  memberCode: memberCodeSchema.optional(),
});
export type ValetConfirmBody = z.input<typeof valetConfirmBodySchema>;
export const valetCancelBodySchema = valetActionBodySchema.extend({
  reason: text(200, '请填写取消原因', '取消原因不能超过200个字符'),
});

/** The list's filters; dateFrom/dateTo bound the day the valet order was created (Asia/Shanghai). */
export const valetFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    status: z.enum(['all', ...VALET_STATUSES], { error: '订单状态不正确' }).default('all'),
    keyword: z.string({ error: '关键字格式不正确' }).trim().max(40, '关键字不能超过40个字符').optional(),
    ...dateRangeFields,
  },
  valetPaging,
);
export const valetListBodySchema = valetFilters.request;
export type ValetListBody = z.input<typeof valetListBodySchema>;

export const valetOrderSummarySchema = z.object({
  valetOrderNo: z.string(),
  kind: z.enum(VALET_KINDS),
  kindText: z.string(),
  status: z.enum(VALET_STATUSES),
  statusText: z.string(),
  memberName: z.string(),
  memberPhoneMasked: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryTypeText: z.string(),
  itemsSummary: z.string(),
  goodsCents: z.number().int(),
  freightCents: z.number().int(),
  payCents: z.number().int(),
  points: z.number().int(),
  omsOrderNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type ValetOrderSummary = z.infer<typeof valetOrderSummarySchema>;
export const valetOrderPageSchema = pageOf(valetOrderSummarySchema);

export const valetOrderDetailSchema = valetOrderSummarySchema.extend({
  memberId: z.string(),
  memberNo: z.string(),
  memberPoints: z.number().int(),
  address: receiverAddressSchema.nullable(),
  items: z.array(
    z.object({
      skuCode: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      points: z.number().int(),
    }),
  ),
  discountCents: z.number().int(),
  trial: z.record(z.string(), z.unknown()),
  remark: z.string(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string(),
  /** The upstream order once confirmed: its offer and, once taken, the taking store's order. */
  performancePlanOrderNo: z.string().nullable(),
  planStatus: z.enum(PLAN_STATUSES).nullable(),
  planStatusText: z.string().nullable(),
  takenStoreName: z.string().nullable(),
  actions: z.object({ confirm: z.boolean(), cancel: z.boolean() }),
});
export type ValetOrderDetail = z.infer<typeof valetOrderDetailSchema>;

export const valetActionResultSchema = z.object({
  valetOrderNo: z.string(),
  status: z.enum(VALET_STATUSES),
  omsOrderNo: z.string(),
  performancePlanOrderNo: z.string().nullable(),
  candidateStoreCodes: z.array(z.string()),
});
export type ValetActionResult = z.infer<typeof valetActionResultSchema>;
export type ValetOrderPage = z.infer<typeof valetOrderPageSchema>;

const valetKindEndpoints = (kind: ValetKind, paths: { list: string; confirm: string; cancel: string }) => ({
  list: endpoint({
    method: 'POST',
    path: paths.list,
    request: valetListBodySchema,
    response: valetOrderPageSchema,
    summary: `The store’s ${kind} valet orders, newest first (status, keyword, created date range)`,
  }),
  confirm: endpoint({
    method: 'POST',
    path: paths.confirm,
    request: valetConfirmBodySchema,
    response: valetActionResultSchema,
    summary:
      `Confirms a ${kind} valet order: the upstream order is created and offered in one transaction; ` +
      'an order with points needs the member’s code (422 MEMBER_CONFIRMATION_REQUIRED) and the daily caps',
  }),
  cancel: endpoint({
    method: 'POST',
    path: paths.cancel,
    request: valetCancelBodySchema,
    response: valetActionResultSchema,
    summary: `Cancels a ${kind} valet order that is still pending_confirm`,
  }),
});

export const valetEndpoints = {
  integralCreate: endpoint({
    method: 'POST',
    path: VALET_PATHS.integralCreate,
    request: integralCreateBodySchema,
    response: valetActionResultSchema,
    summary: 'Points-mall valet order (pending_confirm); the member must have the points (422 会员积分不足)',
  }),
  integralSendRedeemCode: endpoint({
    method: 'POST',
    path: VALET_PATHS.integralSendRedeemCode,
    request: valetActionBodySchema,
    response: redeemCodeSentSchema,
    summary:
      'Texts the member of a pending points order a code naming the store and the points; the member reads ' +
      'it to the clerk, who confirms with it (60 s between sends, audited)',
  }),
  trialChange: endpoint({
    method: 'POST',
    path: VALET_PATHS.trialChange,
    request: trialBodySchema,
    response: trialResultSchema,
    summary: 'uEnjoy price trial: goods, freight, member-level discount',
  }),
  trialExpress: endpoint({
    method: 'POST',
    path: VALET_PATHS.trialExpress,
    request: trialBodySchema,
    response: trialResultSchema,
    summary: 'uEnjoy price trial for courier delivery',
  }),
  trialPersonalization: endpoint({
    method: 'POST',
    path: VALET_PATHS.trialPersonalization,
    request: personalTrialBodySchema,
    response: trialResultSchema,
    summary: 'uEnjoy price trial with a discount the store grants (at most 10% of the goods)',
  }),
  trialResult: endpoint({
    method: 'GET',
    path: VALET_PATHS.trialResult,
    request: trialIdQuerySchema,
    response: trialResultSchema,
    summary: 'A price trial back by its id (valid 30 minutes, this store only)',
  }),
  changePlan: endpoint({
    method: 'POST',
    path: VALET_PATHS.changePlan,
    request: changePlanBodySchema,
    response: cyclePlanProposalSchema,
    summary: 'The cycle plan of a uEnjoy SKU from a first delivery day (tomorrow by default)',
  }),
  uenjoyCreate: endpoint({
    method: 'POST',
    path: VALET_PATHS.uenjoyCreate,
    request: uenjoyCreateBodySchema,
    response: valetActionResultSchema,
    summary: 'uEnjoy valet order from a price trial (pending_confirm); 409 when prices changed since',
  }),
  detail: endpoint({
    method: 'POST',
    path: VALET_PATHS.detail,
    request: valetActionBodySchema,
    response: valetOrderDetailSchema,
    summary: 'One valet order of the store (valetOrderManagerDetail) with its upstream offer and actions',
  }),
  /** List, confirm and cancel of each kind. */
  integral: valetKindEndpoints('integral', {
    list: VALET_PATHS.integralList,
    confirm: VALET_PATHS.integralConfirm,
    cancel: VALET_PATHS.integralCancel,
  }),
  uenjoy: valetKindEndpoints('uenjoy', {
    list: VALET_PATHS.uenjoyList,
    confirm: VALET_PATHS.uenjoyConfirm,
    cancel: VALET_PATHS.uenjoyCancel,
  }),
};

export const lookupEndpoints = {
  memberByKeywords: endpoint({
    method: 'GET',
    path: LOOKUP_PATHS.memberByKeywords,
    request: memberKeywordsQuerySchema,
    response: z.array(memberSummarySchema),
    summary:
      'Registered members: any by full phone or member number (the session may then serve them here), else ' +
      'the store’s own by phone prefix or name part; at most 20, 30 look-ups a minute per user, audited',
  }),
  temporaryMemberByKeywords: endpoint({
    method: 'GET',
    path: LOOKUP_PATHS.temporaryMemberByKeywords,
    request: memberKeywordsQuerySchema,
    response: z.array(memberSummarySchema),
    summary: 'Temporary members (created at the counter), by the rules of memberByKeywords; at most 20',
  }),
  temporaryMemberAdd: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.temporaryMemberAdd,
    request: temporaryMemberAddBodySchema,
    response: temporaryMemberResultSchema,
    summary:
      'Creates a temporary member (name + phone) homed at the store, or answers the member of that phone',
  }),
  integralLabels: endpoint({
    method: 'GET',
    path: LOOKUP_PATHS.integralLabels,
    request: storeCodeQuerySchema,
    response: z.array(integralLabelSchema),
    summary: 'Labels of the points-mall SKUs on sale, with their SKU counts',
  }),
  integralSkuAppPage: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.integralSkuAppPage,
    request: integralSkuPageBodySchema,
    response: skuPageSchema,
    summary: 'Points-mall SKUs on sale by label and keyword, cheapest first, paged',
  }),
  integralSkuPage: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.integralSkuPage,
    request: integralSkuPageBodySchema,
    response: skuPageSchema,
    summary: 'Every points-mall SKU (off sale too) by label and keyword, paged',
  }),
  uenjoySkuAppPage: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.uenjoySkuAppPage,
    request: uenjoySkuPageBodySchema,
    response: skuPageSchema,
    summary: 'uEnjoy subscription SKUs on sale by keyword (name or code), cheapest first, paged',
  }),
  shopById: endpoint({
    method: 'GET',
    path: LOOKUP_PATHS.shopById,
    request: shopByIdQuerySchema,
    response: shopInfoSchema,
    summary: 'A store the caller is authorised for, with its bike-delivery distance',
  }),
  addressByKeywords: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.addressByKeywords,
    request: addressKeywordsBodySchema,
    response: z.array(placeSuggestionSchema),
    summary: 'Known places (customer and store addresses) matching the keywords, nearest to the store first',
  }),
  lastValetAddress: endpoint({
    method: 'GET',
    path: LOOKUP_PATHS.lastValetAddress,
    request: memberIdQuerySchema,
    response: memberAddressSchema.nullable(),
    summary: 'The member’s address last used for a valet order, else the default one; null when none',
  }),
  addressList: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.addressList,
    request: memberAddressListBodySchema,
    response: z.array(memberAddressSchema),
    summary:
      'The addresses of a member the store serves (404 otherwise), default first, phones masked, with the ' +
      'distance from the store',
  }),
  addressAdd: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.addressAdd,
    request: addressAddBodySchema,
    response: memberAddressSchema,
    summary:
      'Adds an address to a member the store serves (404 otherwise); the first one, or isDefault, becomes ' +
      'that member’s default',
  }),
  uenjoyShops: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.uenjoyShops,
    request: uenjoyShopBodySchema,
    response: z.array(uenjoyShopSchema),
    summary: 'Stores serving uEnjoy around a point (default: the caller’s store), nearest first',
  }),
  bikeDistance: endpoint({
    method: 'POST',
    path: LOOKUP_PATHS.bikeDistance,
    request: bikeDistanceBodySchema,
    response: bikeDistanceSchema,
    summary: 'How far the store delivers by bike (store delivery), in metres',
  }),
  skuById: endpoint({
    method: 'GET',
    path: LOOKUP_PATHS.skuById,
    request: skuByIdQuerySchema,
    response: skuSchema,
    summary: 'One product SKU by id (any kind, on sale or not)',
  }),
};
