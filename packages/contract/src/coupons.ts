import { z } from 'zod';
import { calendarDateSchema, dateRangeFields } from './common/date-range.js';
import { endpoint } from './common/endpoint.js';
import { recordId, recordIdFromText, requiredText } from './common/fields.js';
import { keywordField, listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { MEMBER_PUBLIC_ID_PATTERN } from './orders-valet.js';
import { memberCodeSchema, redeemCodeSentSchema } from './points.js';
import { storeCodeSchema } from './stores.js';

/**
 * Coupons (docs/domain/coupons.md): templates head office defines, exchanged for a member's points at the
 * counter (with the member's confirmation, docs/domain/points.md), undone within a window, and the exchange
 * records. Money in cents; times Asia/Shanghai `YYYY-MM-DD HH:mm:ss`; window days `YYYY-MM-DD`.
 */

const COUPON_API = '/tec/market_coupon/api/lingjiyun/integral/applet/coupon';

export const COUPON_PATHS = {
  /** Spec 7.6: the coupons a member may exchange at this store now. */
  list: `${COUPON_API}/List`,
  /** Designed: texts the member the code that confirms an exchange's points. */
  sendExchangeCode: `${COUPON_API}/sendExchangeCode`,
  exchange: `${COUPON_API}/exchange`,
  cancelExchange: `${COUPON_API}/cancelExchange`,
  /** Spec 7.6: the store's exchange records. */
  exchangePageList: `${COUPON_API}/exchangePageList`,
  /** Spec 7.6 (GET): one exchange record. */
  exchangePage: `${COUPON_API}/exchangePage`,
  /** Designed: queue an Excel export of the exchange records (`coupon:export`). */
  exchangeExport: `${COUPON_API}/exchangeExport`,
  /** Designed: head office's coupon templates. */
  templatePage: '/tec/market_coupon/api/manege/coupon/pageList',
  templateSave: '/tec/market_coupon/api/manege/coupon/save',
  templateGet: '/tec/market_coupon/api/manege/coupon/get',
} as const;

/** An exchange may be undone this long after it was made, if the coupon is still unused. */
export const COUPON_CANCEL_WINDOW_HOURS = 24;
export const COUPON_MONEY_MAX_CENTS = 1_000_000;
export const COUPON_POINTS_MAX = 100_000;
export const COUPON_STOCK_MAX = 1_000_000;
export const COUPON_PER_MEMBER_MAX = 99;
export const COUPON_VALID_DAYS_MAX = 365;
export const COUPON_PAGE_SIZE_MAX = 50;

export const COUPON_KINDS = ['cash', 'discount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_TEXT: Record<CouponKind, string> = { cash: '满减券', discount: '折扣券' };

export const STORE_SCOPES = ['all', 'listed'] as const;
export type StoreScope = (typeof STORE_SCOPES)[number];
export const STORE_SCOPE_TEXT: Record<StoreScope, string> = { all: '全部门店', listed: '指定门店' };

/** A member coupon's state as shown: `expired` is an unused one past its validity (never stored). */
export const MEMBER_COUPON_STATUSES = ['unused', 'used', 'cancelled', 'expired'] as const;
export type MemberCouponStatus = (typeof MEMBER_COUPON_STATUSES)[number];
export const MEMBER_COUPON_STATUS_TEXT: Record<MemberCouponStatus, string> = {
  unused: '未使用',
  used: '已使用',
  cancelled: '已撤销',
  expired: '已过期',
};

export const COUPON_COLUMN_TITLES = {
  name: '优惠券',
  kindText: '类型',
  valueText: '面额',
  points: '所需积分',
  window: '兑换时间',
  stockLeft: '剩余库存',
  perMemberLimit: '每人限兑',
  enabled: '状态',
} as const;

export const EXCHANGE_COLUMN_TITLES = {
  exchangeNo: '兑换单号',
  couponName: '优惠券',
  valueText: '面额',
  memberName: '会员',
  memberPhone: '手机号',
  points: '消耗积分',
  status: '状态',
  clerkName: '兑换人',
  exchangedAt: '兑换时间',
  validTo: '有效期至',
  cancelledAt: '撤销时间',
  cancelReason: '撤销原因',
} as const;

const cents = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}须为整数（分）`)
    .min(0, `${label}不能小于0`)
    .max(COUPON_MONEY_MAX_CENTS, `${label}不能超过10000元`);

const memberPublicId = z
  .string({ error: (issue) => (issue.input === undefined ? '请选择会员' : '会员ID不正确') })
  .trim()
  .min(1, '请选择会员')
  .regex(MEMBER_PUBLIC_ID_PATTERN, '会员ID不正确');

const couponId = recordId('请选择优惠券');
export const EXCHANGE_NO_PATTERN = /^[A-Za-z0-9]{1,40}$/;
const exchangeNo = z
  .string({ error: '缺少兑换单号' })
  .trim()
  .min(1, '缺少兑换单号')
  .regex(EXCHANGE_NO_PATTERN, '兑换单号不正确');

// ---------------------------------------------------------------------------------------------------------------
// Templates (head office).

export const couponSaveBodySchema = z
  .object({
    /** Absent: a new coupon. */
    id: recordId('优惠券不正确').optional(),
    name: requiredText(64, '请输入优惠券名称', '优惠券名称不能超过64个字'),
    kind: z.enum(COUPON_KINDS, { error: '请选择优惠券类型' }),
    valueCents: cents('面额').default(0),
    thresholdCents: cents('使用门槛').default(0),
    discountRate: z
      .number({ error: '折扣必须是数字' })
      .int('折扣须为整数（如85即8.5折）')
      .min(0, '折扣须在1到99之间')
      .max(99, '折扣须在1到99之间')
      .default(0),
    maxDiscountCents: cents('最高优惠').default(0),
    points: z
      .number({ error: '所需积分必须是数字' })
      .int('所需积分须为整数')
      .min(0, '所需积分不能小于0')
      .max(COUPON_POINTS_MAX, `所需积分不能超过${COUPON_POINTS_MAX}`),
    exchangeFrom: calendarDateSchema,
    exchangeTo: calendarDateSchema,
    validDays: z
      .number({ error: '有效天数必须是数字' })
      .int('有效天数须为整数')
      .min(1, `有效天数须在1到${COUPON_VALID_DAYS_MAX}之间`)
      .max(COUPON_VALID_DAYS_MAX, `有效天数须在1到${COUPON_VALID_DAYS_MAX}之间`),
    stock: z
      .number({ error: '库存必须是数字' })
      .int('库存须为整数')
      .min(1, '库存至少为1')
      .max(COUPON_STOCK_MAX, `库存不能超过${COUPON_STOCK_MAX}`),
    perMemberLimit: z
      .number({ error: '每人限兑必须是数字' })
      .int('每人限兑须为整数')
      .min(1, `每人限兑须在1到${COUPON_PER_MEMBER_MAX}之间`)
      .max(COUPON_PER_MEMBER_MAX, `每人限兑须在1到${COUPON_PER_MEMBER_MAX}之间`),
    storeScope: z.enum(STORE_SCOPES, { error: '请选择适用门店' }).default('all'),
    storeCodes: z.array(storeCodeSchema).max(500, '指定门店不能超过500个').default([]),
    skuCodes: z
      .array(z.string().trim().min(1).max(32, 'SKU编码不能超过32个字'))
      .max(200, '适用商品不能超过200个')
      .default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.exchangeFrom > value.exchangeTo)
      ctx.addIssue({ code: 'custom', path: ['exchangeTo'], message: '兑换开始日期不能晚于结束日期' });
    if (value.kind === 'cash') {
      if (value.valueCents < 1) ctx.addIssue({ code: 'custom', path: ['valueCents'], message: '请输入面额' });
      else if (value.thresholdCents > 0 && value.valueCents >= value.thresholdCents)
        ctx.addIssue({ code: 'custom', path: ['valueCents'], message: '面额须小于使用门槛' });
    } else if (value.discountRate < 1)
      ctx.addIssue({ code: 'custom', path: ['discountRate'], message: '折扣须在1到99之间' });
    if (value.storeScope === 'listed' && value.storeCodes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['storeCodes'], message: '请选择适用门店' });
  });
export type CouponSaveBody = z.input<typeof couponSaveBodySchema>;

export const couponRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  kindText: z.string(),
  valueCents: z.number().int(),
  thresholdCents: z.number().int(),
  discountRate: z.number().int(),
  maxDiscountCents: z.number().int(),
  /** 满100减20 / 8.5折，最高减30元 */
  valueText: z.string(),
  points: z.number().int(),
  exchangeFrom: z.string(),
  exchangeTo: z.string(),
  validDays: z.number().int(),
  stock: z.number().int(),
  exchangedCount: z.number().int(),
  stockLeft: z.number().int(),
  perMemberLimit: z.number().int(),
  storeScope: z.enum(STORE_SCOPES),
  storeCodes: z.array(z.string()),
  skuCodes: z.array(z.string()),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type CouponRow = z.infer<typeof couponRowSchema>;

export const couponTemplateFilters = listFilters(
  {
    keyword: keywordField(64),
    kind: z.enum(COUPON_KINDS, { error: '优惠券类型不正确' }).nullish(),
    enabled: z.boolean({ error: '状态不正确' }).nullish(),
  },
  { max: COUPON_PAGE_SIZE_MAX, defaultSize: 20 },
);

export const couponIdQuerySchema = z.object({ id: recordIdFromText('优惠券不正确') });

// ---------------------------------------------------------------------------------------------------------------
// Exchange at the counter (store).

export const couponListBodySchema = z.object({ storeCode: storeCodeSchema, memberId: memberPublicId });
export const exchangeableCouponSchema = couponRowSchema
  .pick({
    id: true,
    name: true,
    kind: true,
    kindText: true,
    valueText: true,
    points: true,
    validDays: true,
    stockLeft: true,
    perMemberLimit: true,
    exchangeTo: true,
  })
  .extend({ memberExchanged: z.number().int() });
export const exchangeableCouponsSchema = z.object({
  memberPoints: z.number().int(),
  list: z.array(exchangeableCouponSchema),
});
export type ExchangeableCoupons = z.infer<typeof exchangeableCouponsSchema>;

export const sendExchangeCodeBodySchema = z.object({
  storeCode: storeCodeSchema,
  memberId: memberPublicId,
  couponId,
  /** The exchange's number, chosen by the web when the dialog opens: the code is bound to it. */
  exchangeNo,
});
export const couponExchangeBodySchema = sendExchangeCodeBodySchema.extend({ memberCode: memberCodeSchema });
export { redeemCodeSentSchema as exchangeCodeSentSchema };

export const cancelExchangeBodySchema = z.object({
  storeCode: storeCodeSchema,
  exchangeNo,
  reason: requiredText(255, '请填写撤销原因', '撤销原因不能超过255个字'),
});

export const exchangeRowSchema = z.object({
  exchangeNo: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  valueText: z.string(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  points: z.number().int(),
  status: z.enum(MEMBER_COUPON_STATUSES),
  statusText: z.string(),
  clerkName: z.string(),
  exchangedAt: z.string(),
  validTo: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string(),
  actions: z.object({ cancel: z.boolean() }),
});
export type ExchangeRow = z.infer<typeof exchangeRowSchema>;
export const exchangeDetailSchema = exchangeRowSchema.extend({
  balanceAfter: z.number().int().nullable(),
  refundedPoints: z.number().int(),
});
export type ExchangeDetail = z.infer<typeof exchangeDetailSchema>;

export const exchangeFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    status: z.enum(['all', ...MEMBER_COUPON_STATUSES], { error: '状态不正确' }).default('all'),
    couponId: recordId('优惠券不正确').nullish(),
    keyword: keywordField(40),
    ...dateRangeFields,
  },
  { max: COUPON_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const exchangeExportBodySchema = exchangeFilters.filters;
export type ExchangeExportBody = z.infer<typeof exchangeExportBodySchema>;

export const exchangeQuerySchema = z.object({ storeCode: storeCodeSchema, exchangeNo });

export const couponEndpoints = {
  list: endpoint({
    method: 'POST',
    path: COUPON_PATHS.list,
    request: couponListBodySchema,
    response: exchangeableCouponsSchema,
    summary: 'Coupons a member may exchange for points at this store now',
  }),
  sendExchangeCode: endpoint({
    method: 'POST',
    path: COUPON_PATHS.sendExchangeCode,
    request: sendExchangeCodeBodySchema,
    response: redeemCodeSentSchema,
    summary: "Text the member the code confirming an exchange's points",
  }),
  exchange: endpoint({
    method: 'POST',
    path: COUPON_PATHS.exchange,
    request: couponExchangeBodySchema,
    response: exchangeDetailSchema,
    summary: "Exchange a coupon for the member's points (member's code required)",
  }),
  cancelExchange: endpoint({
    method: 'POST',
    path: COUPON_PATHS.cancelExchange,
    request: cancelExchangeBodySchema,
    response: exchangeDetailSchema,
    summary: 'Undo an unused exchange within the window; the points return',
  }),
  exchangePageList: endpoint({
    method: 'POST',
    path: COUPON_PATHS.exchangePageList,
    request: exchangeFilters.request,
    response: pageOf(exchangeRowSchema),
    summary: "The store's coupon exchange records",
  }),
  exchangePage: endpoint({
    method: 'GET',
    path: COUPON_PATHS.exchangePage,
    request: exchangeQuerySchema,
    response: exchangeDetailSchema,
    summary: 'One exchange record',
  }),
  templatePage: endpoint({
    method: 'POST',
    path: COUPON_PATHS.templatePage,
    request: couponTemplateFilters.request,
    response: pageOf(couponRowSchema),
    summary: 'Coupon templates (head office)',
  }),
  templateSave: endpoint({
    method: 'POST',
    path: COUPON_PATHS.templateSave,
    request: couponSaveBodySchema,
    response: couponRowSchema,
    summary: 'Add or edit a coupon template (head office)',
  }),
  templateGet: endpoint({
    method: 'GET',
    path: COUPON_PATHS.templateGet,
    request: couponIdQuerySchema,
    response: couponRowSchema,
    summary: 'One coupon template (head office)',
  }),
};
