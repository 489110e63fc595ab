import { z } from 'zod';
import { calendarDateSchema } from './common/date-range.js';
import { endpoint } from './common/endpoint.js';
import { recordId, recordIdFromText, requiredText } from './common/fields.js';
import { keywordField, listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { COUPON_PER_MEMBER_MAX, STORE_SCOPES } from './coupons.js';
import { MEMBER_PUBLIC_ID_PATTERN } from './orders-valet.js';
import { storeCodeSchema } from './stores.js';

/**
 * Issue schemes (发放方案, docs/domain/coupons.md "Issue schemes"): a scheme gives its coupons through channels,
 * at most `quantity` issues in all and `perMemberLimit` per member, within a window, to an audience.
 */

export const ISSUE_SCHEME_PATHS = {
  add: '/tec/market_coupon/integral/skuConfig/issueScheme/add',
  get: '/tec/market_coupon/issueScheme/get',
  delete: '/tec/market_coupon/issueScheme/delete',
  update: '/tec/market_coupon/issueScheme/update',
  /** Head office: every scheme. */
  platformPageList: '/tec/market_coupon/platformIssueScheme/pageList',
  getChannelAndCouponById: '/tec/market_coupon/platformIssueScheme/getChannelAndCouponById',
  detail: '/tec/market_coupon/platformIssueScheme/detail',
  showOrHide: '/tec/market_coupon/api/manege/integral/skuConfig/issueScheme/showOrHide',
  /** A store: the schemes that issue at it. */
  storePageList: '/tec/market_coupon/api/manege/integral/skuConfig/issueScheme/pageList',
  /** Designed: issue a scheme's coupons to a member at the counter (channel store_counter). */
  issue: '/tec/market_coupon/api/manege/integral/skuConfig/issueScheme/issue',
} as const;

export const ISSUE_CHANNELS = ['mini_program', 'store_counter', 'activity', 'order_gift'] as const;
export type IssueChannel = (typeof ISSUE_CHANNELS)[number];
export const ISSUE_CHANNEL_TEXT: Record<IssueChannel, string> = {
  mini_program: '小程序领取',
  store_counter: '门店发放',
  activity: '活动发放',
  order_gift: '下单赠送',
};

export const ISSUE_AUDIENCES = ['all', 'new_members', 'min_level'] as const;
export type IssueAudience = (typeof ISSUE_AUDIENCES)[number];
export const ISSUE_AUDIENCE_TEXT: Record<IssueAudience, string> = {
  all: '全部会员',
  new_members: '新会员（注册30天内）',
  min_level: '指定等级及以上',
};
/** A member is new for `new_members` this many days after joining. */
export const NEW_MEMBER_DAYS = 30;

export const ISSUE_SCHEME_STATES = ['not_started', 'running', 'ended'] as const;
export type IssueSchemeState = (typeof ISSUE_SCHEME_STATES)[number];
export const ISSUE_SCHEME_STATE_TEXT: Record<IssueSchemeState, string> = {
  not_started: '未开始',
  running: '进行中',
  ended: '已结束',
};

export const ISSUE_QUANTITY_MAX = 1_000_000;
export const ISSUE_SCHEME_PAGE_SIZE_MAX = 50;

const schemeId = recordId('发放方案不正确');

export const issueSchemeBodySchema = z
  .object({
    name: requiredText(64, '请输入方案名称', '方案名称不能超过64个字'),
    channels: z
      .array(z.enum(ISSUE_CHANNELS, { error: '发放渠道不正确' }), { error: '请选择发放渠道' })
      .min(1, '请选择发放渠道'),
    coupons: z
      .array(
        z.object({
          couponId: recordId('请选择优惠券'),
          count: z
            .number({ error: '每次发放张数必须是数字' })
            .int('每次发放张数须为整数')
            .min(1, '每次发放张数须在1到10之间')
            .max(10, '每次发放张数须在1到10之间'),
        }),
        { error: '请选择优惠券' },
      )
      .min(1, '请选择优惠券')
      .max(10, '一个方案最多10种优惠券'),
    quantity: z
      .number({ error: '发放总量必须是数字' })
      .int('发放总量须为整数')
      .min(1, '发放总量至少为1')
      .max(ISSUE_QUANTITY_MAX, `发放总量不能超过${ISSUE_QUANTITY_MAX}`),
    perMemberLimit: z
      .number({ error: '每人限领必须是数字' })
      .int('每人限领须为整数')
      .min(1, `每人限领须在1到${COUPON_PER_MEMBER_MAX}之间`)
      .max(COUPON_PER_MEMBER_MAX, `每人限领须在1到${COUPON_PER_MEMBER_MAX}之间`),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
    audience: z.enum(ISSUE_AUDIENCES, { error: '发放对象不正确' }).default('all'),
    minLevel: z.number({ error: '会员等级不正确' }).int('会员等级不正确').min(0).max(10).default(0),
    storeScope: z.enum(STORE_SCOPES, { error: '请选择发放门店' }).default('all'),
    storeCodes: z.array(storeCodeSchema).max(500, '指定门店不能超过500个').default([]),
    remark: z.string().trim().max(255, '备注不能超过255个字').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '开始日期不能晚于结束日期' });
    if (value.storeScope === 'listed' && value.storeCodes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['storeCodes'], message: '请选择发放门店' });
    if (value.audience === 'min_level' && value.minLevel < 1)
      ctx.addIssue({ code: 'custom', path: ['minLevel'], message: '请选择会员等级' });
    if (new Set(value.coupons.map((c) => c.couponId)).size !== value.coupons.length)
      ctx.addIssue({ code: 'custom', path: ['coupons'], message: '优惠券不能重复' });
  });
export type IssueSchemeBody = z.input<typeof issueSchemeBodySchema>;
export const issueSchemeUpdateSchema = z.intersection(z.object({ id: schemeId }), issueSchemeBodySchema);

export const schemeIdQuerySchema = z.object({ id: recordIdFromText('发放方案不正确') });
export const showOrHideBodySchema = z.object({
  id: schemeId,
  visible: z.boolean({ error: '请选择显示或隐藏' }),
});

export const schemeCouponSchema = z.object({
  couponId: z.number().int(),
  name: z.string(),
  valueText: z.string(),
  count: z.number().int(),
});
export const issueSchemeRowSchema = z.object({
  id: z.number().int(),
  schemeNo: z.string(),
  name: z.string(),
  channels: z.array(z.enum(ISSUE_CHANNELS)),
  channelsText: z.string(),
  quantity: z.number().int(),
  issuedCount: z.number().int(),
  perMemberLimit: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(ISSUE_SCHEME_STATES),
  stateText: z.string(),
  visible: z.boolean(),
  audience: z.enum(ISSUE_AUDIENCES),
  audienceText: z.string(),
  minLevel: z.number().int(),
  storeScope: z.enum(STORE_SCOPES),
  updatedAt: z.string(),
  actions: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type IssueSchemeRow = z.infer<typeof issueSchemeRowSchema>;
export const issueSchemeDetailSchema = issueSchemeRowSchema.extend({
  coupons: z.array(schemeCouponSchema),
  storeCodes: z.array(z.string()),
  remark: z.string(),
  /** Members who received it. */
  memberCount: z.number().int(),
});
export type IssueSchemeDetail = z.infer<typeof issueSchemeDetailSchema>;
export const channelAndCouponSchema = z.object({
  id: z.number().int(),
  channels: z.array(z.object({ value: z.enum(ISSUE_CHANNELS), label: z.string() })),
  coupons: z.array(schemeCouponSchema),
});

export const platformSchemeFilters = listFilters(
  {
    keyword: keywordField(64),
    state: z.enum(['all', ...ISSUE_SCHEME_STATES], { error: '状态不正确' }).default('all'),
    channel: z.enum(ISSUE_CHANNELS, { error: '发放渠道不正确' }).nullish(),
    visible: z.boolean({ error: '显示状态不正确' }).nullish(),
  },
  { max: ISSUE_SCHEME_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const storeSchemeFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    keyword: keywordField(64),
    state: z.enum(['all', ...ISSUE_SCHEME_STATES], { error: '状态不正确' }).default('all'),
  },
  { max: ISSUE_SCHEME_PAGE_SIZE_MAX, defaultSize: 20 },
);

export const issueBodySchema = z.object({
  storeCode: storeCodeSchema,
  id: schemeId,
  memberId: z
    .string({ error: '请选择会员' })
    .trim()
    .min(1, '请选择会员')
    .regex(MEMBER_PUBLIC_ID_PATTERN, '会员ID不正确'),
});
export const issueResultSchema = z.object({
  couponNos: z.array(z.string()),
  issuedCount: z.number().int(),
});

export const issueSchemeEndpoints = {
  add: endpoint({
    method: 'POST',
    path: ISSUE_SCHEME_PATHS.add,
    request: issueSchemeBodySchema,
    response: issueSchemeDetailSchema,
    summary: 'Add an issue scheme (head office)',
  }),
  get: endpoint({
    method: 'GET',
    path: ISSUE_SCHEME_PATHS.get,
    request: schemeIdQuerySchema,
    response: issueSchemeDetailSchema,
    summary: 'One issue scheme, for editing (head office)',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: ISSUE_SCHEME_PATHS.delete,
    request: schemeIdQuerySchema,
    response: z.object({ id: z.number().int() }),
    summary: 'Delete a scheme that is not running and never issued (head office)',
  }),
  update: endpoint({
    method: 'PUT',
    path: ISSUE_SCHEME_PATHS.update,
    request: issueSchemeUpdateSchema,
    response: issueSchemeDetailSchema,
    summary: 'Edit a scheme that has not ended (head office)',
  }),
  platformPageList: endpoint({
    method: 'POST',
    path: ISSUE_SCHEME_PATHS.platformPageList,
    request: platformSchemeFilters.request,
    response: pageOf(issueSchemeRowSchema),
    summary: 'Every issue scheme (head office)',
  }),
  getChannelAndCouponById: endpoint({
    method: 'GET',
    path: ISSUE_SCHEME_PATHS.getChannelAndCouponById,
    request: schemeIdQuerySchema,
    response: channelAndCouponSchema,
    summary: "A scheme's channels and coupons",
  }),
  detail: endpoint({
    method: 'GET',
    path: ISSUE_SCHEME_PATHS.detail,
    request: schemeIdQuerySchema,
    response: issueSchemeDetailSchema,
    summary: 'A scheme with its coupons, stores and how many it issued (head office)',
  }),
  showOrHide: endpoint({
    method: 'PUT',
    path: ISSUE_SCHEME_PATHS.showOrHide,
    request: showOrHideBodySchema,
    response: issueSchemeRowSchema,
    summary: 'Show or hide a scheme in the channels (head office)',
  }),
  storePageList: endpoint({
    method: 'POST',
    path: ISSUE_SCHEME_PATHS.storePageList,
    request: storeSchemeFilters.request,
    response: pageOf(issueSchemeRowSchema),
    summary: 'The visible schemes that issue at this store',
  }),
  issue: endpoint({
    method: 'POST',
    path: ISSUE_SCHEME_PATHS.issue,
    request: issueBodySchema,
    response: issueResultSchema,
    summary: "Issue a running scheme's coupons to a member at the counter, within its quantity and limit",
  }),
};
