import { z } from 'zod';
import { FULFILMENT_STATUSES } from './orders.js';
import { dateRangeFields, endpoint, keywordField, listFilters, pageOf } from './common/index.js';
import { storeCodeSchema } from './stores.js';

/**
 * Customer intentions (客户意向) and cancel-check help (取消核查) of a store, docs/domain/orders.md sections
 * "Customer intentions" and "Cancel-check help": paths, states and the request/response schemas.
 */

/** Designed paths: the spec names the page `CustomerIntentionDetail` (query omsConsultantsNo) but no calls. */
export const INTENTION_PATHS = {
  list: '/tec/trade_order/manager/customerIntention/list',
  detail: '/tec/trade_order/manager/customerIntention/detail',
  follow: '/tec/trade_order/manager/customerIntention/follow',
} as const;

/** Spec 7.6 "Cancel-check help", all five. */
export const CANCEL_CHECK_PATHS = {
  queryShopAuth: '/tec/trade_order/api/performanceOrderCancelCheckHelp/queryShopAuth',
  pageQuery: '/tec/trade_order/api/manage/performanceOrderCancelCheckHelp/pageQuery',
  add: '/tec/trade_order/api/manage/performanceOrderCancelCheckHelp/add',
  detail: '/tec/trade_order/api/manage/performanceOrderCancelCheckHelp/detail',
  setState: '/tec/trade_order/api/manage/performanceOrderCancelCheckHelp/setState',
} as const;

export const INTENTION_STATUSES = ['new', 'following', 'closed'] as const;
export type IntentionStatus = (typeof INTENTION_STATUSES)[number];
export const INTENTION_STATUS_TEXT: Record<IntentionStatus, string> = {
  new: '待跟进',
  following: '跟进中',
  closed: '已关闭',
};

export const CANCEL_CHECK_STATES = ['pending', 'approved', 'rejected'] as const;
export type CancelCheckState = (typeof CANCEL_CHECK_STATES)[number];
export const CANCEL_CHECK_STATE_TEXT: Record<CancelCheckState, string> = {
  pending: '待处理',
  approved: '已同意取消',
  rejected: '已驳回',
};

export const FOLLOW_NOTE_MAX = 200;
export const CANCEL_CHECK_REASON_MAX = 200;
export const CANCEL_CHECK_REMARK_MAX = 200;
const PAGE_SIZE_MAX = 50;
const CONSULTANTS_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const omsConsultantsNoSchema = z
  .string({ error: '缺少客户意向单号' })
  .trim()
  .min(1, '缺少客户意向单号')
  .regex(CONSULTANTS_NO_PATTERN, '客户意向单号格式不正确');

// ------------------------------------------------------------------------------------------------------------
// Customer intentions

/** The list's filters; dateFrom/dateTo bound the day the intention was pushed (Asia/Shanghai). */
export const intentionFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    status: z.enum(['all', ...INTENTION_STATUSES], { error: '意向状态不正确' }).default('all'),
    /** Intention number or phone (exact), or part of the customer's name or of the interest. */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: PAGE_SIZE_MAX },
);
export const intentionListBodySchema = intentionFilters.request;
export type IntentionListBody = z.input<typeof intentionListBodySchema>;

export const intentionRowSchema = z.object({
  omsConsultantsNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  memberNo: z.string().nullable(),
  interest: z.string(),
  status: z.enum(INTENTION_STATUSES),
  statusText: z.string(),
  followUpCount: z.number().int(),
  lastFollowUpAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IntentionRow = z.infer<typeof intentionRowSchema>;

export const intentionPageSchema = pageOf(intentionRowSchema);
export type IntentionPage = z.infer<typeof intentionPageSchema>;

export const intentionDetailQuerySchema = z.object({
  storeCode: storeCodeSchema,
  omsConsultantsNo: omsConsultantsNoSchema,
});

export const followUpSchema = z.object({ at: z.string(), userName: z.string(), note: z.string() });
export type FollowUp = z.infer<typeof followUpSchema>;

export const intentionDetailSchema = intentionRowSchema.extend({
  memberName: z.string().nullable(),
  /** Oldest first. */
  followUps: z.array(followUpSchema),
  /** The caller holds `customerIntention:follow` and the intention is not closed. */
  canFollow: z.boolean(),
});
export type IntentionDetail = z.infer<typeof intentionDetailSchema>;

/** A follow-up: a note, a status change, or both; closing needs a note. */
export const followIntentionBodySchema = z
  .object({
    storeCode: storeCodeSchema,
    omsConsultantsNo: omsConsultantsNoSchema,
    note: z
      .string({ error: '跟进内容不正确' })
      .trim()
      .max(FOLLOW_NOTE_MAX, `跟进内容不能超过${FOLLOW_NOTE_MAX}个字`)
      .default(''),
    status: z.enum(['following', 'closed'], { error: '意向状态不正确' }).optional(),
  })
  .refine((body) => body.note.length > 0 || body.status !== undefined, {
    message: '请填写跟进内容',
    path: ['note'],
  })
  .refine((body) => body.status !== 'closed' || body.note.length > 0, {
    message: '关闭意向需填写跟进说明',
    path: ['note'],
  });
export type FollowIntentionBody = z.input<typeof followIntentionBodySchema>;

// ------------------------------------------------------------------------------------------------------------
// Cancel-check help

export const cancelCheckAuthQuerySchema = z.object({ storeCode: storeCodeSchema });

/** What the caller may do on the cancel-check page of this store (from the caller's buttons). */
export const cancelCheckAuthSchema = z.object({ canAdd: z.boolean(), canDecide: z.boolean() });
export type CancelCheckAuth = z.infer<typeof cancelCheckAuthSchema>;

/** The list's filters; dateFrom/dateTo bound the day the check was asked for (Asia/Shanghai). */
export const cancelCheckFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    state: z.enum(['all', ...CANCEL_CHECK_STATES], { error: '核查状态不正确' }).default('all'),
    /** Check number, performance order number or OMS order number (exact). */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: PAGE_SIZE_MAX },
);
export const cancelCheckPageBodySchema = cancelCheckFilters.request;
export type CancelCheckPageBody = z.input<typeof cancelCheckPageBodySchema>;

export const cancelCheckRowSchema = z.object({
  id: z.number().int(),
  checkNo: z.string(),
  performanceOrderNo: z.string(),
  omsOrderNo: z.string(),
  orderStatus: z.enum(FULFILMENT_STATUSES),
  orderStatusText: z.string(),
  reason: z.string(),
  state: z.enum(CANCEL_CHECK_STATES),
  stateText: z.string(),
  requestedByName: z.string(),
  createdAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionRemark: z.string(),
});
export type CancelCheckRow = z.infer<typeof cancelCheckRowSchema>;

export const cancelCheckPageSchema = pageOf(cancelCheckRowSchema);
export type CancelCheckPage = z.infer<typeof cancelCheckPageSchema>;

export const addCancelCheckBodySchema = z.object({
  storeCode: storeCodeSchema,
  performanceOrderNo: z
    .string({ error: '缺少履约单号' })
    .trim()
    .min(1, '缺少履约单号')
    .regex(ORDER_NO_PATTERN, '履约单号格式不正确'),
  reason: z
    .string({ error: '请填写核查原因' })
    .trim()
    .min(1, '请填写核查原因')
    .max(CANCEL_CHECK_REASON_MAX, `核查原因不能超过${CANCEL_CHECK_REASON_MAX}个字`),
});
export type AddCancelCheckBody = z.input<typeof addCancelCheckBodySchema>;

const checkId = z
  .number({ error: '缺少核查编号' })
  .int('核查编号不正确')
  .min(1, '核查编号不正确')
  .max(Number.MAX_SAFE_INTEGER, '核查编号不正确');

export const cancelCheckDetailBodySchema = z.object({ storeCode: storeCodeSchema, id: checkId });

export const cancelCheckDetailSchema = cancelCheckRowSchema.extend({
  deliveryTypeText: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  itemsSummary: z.string(),
  payCents: z.number().int(),
  takenAt: z.string(),
  /** The caller holds `cancelCheck:setState` and the check is pending. */
  canDecide: z.boolean(),
});
export type CancelCheckDetail = z.infer<typeof cancelCheckDetailSchema>;

/** Rejecting needs a remark; approving cancels the performance order. */
export const setCancelCheckStateBodySchema = z
  .object({
    storeCode: storeCodeSchema,
    id: checkId,
    state: z.enum(['approved', 'rejected'], { error: '处理结果不正确' }),
    remark: z
      .string({ error: '处理意见不正确' })
      .trim()
      .max(CANCEL_CHECK_REMARK_MAX, `处理意见不能超过${CANCEL_CHECK_REMARK_MAX}个字`)
      .default(''),
  })
  .refine((body) => body.state !== 'rejected' || body.remark.length > 0, {
    message: '驳回需填写处理意见',
    path: ['remark'],
  });
export type SetCancelCheckStateBody = z.input<typeof setCancelCheckStateBodySchema>;

export const intentionEndpoints = {
  list: endpoint({
    method: 'POST',
    path: INTENTION_PATHS.list,
    request: intentionListBodySchema,
    response: intentionPageSchema,
    summary: "The store's customer intentions, newest first (status, keyword, pushed-date range)",
  }),
  detail: endpoint({
    method: 'GET',
    path: INTENTION_PATHS.detail,
    request: intentionDetailQuerySchema,
    response: intentionDetailSchema,
    summary: 'One intention of the store with its follow-ups (CustomerIntentionDetail)',
  }),
  follow: endpoint({
    method: 'POST',
    path: INTENTION_PATHS.follow,
    request: followIntentionBodySchema,
    response: intentionDetailSchema,
    summary: 'Follow an intention up: a note and/or new status (new → following, or closed with a note)',
  }),
};

export const cancelCheckEndpoints = {
  queryShopAuth: endpoint({
    method: 'GET',
    path: CANCEL_CHECK_PATHS.queryShopAuth,
    request: cancelCheckAuthQuerySchema,
    response: cancelCheckAuthSchema,
    summary: 'Whether the caller may ask for (canAdd) and decide (canDecide) cancel checks in this store',
  }),
  pageQuery: endpoint({
    method: 'POST',
    path: CANCEL_CHECK_PATHS.pageQuery,
    request: cancelCheckPageBodySchema,
    response: cancelCheckPageSchema,
    summary: "The store's cancel checks, newest first (state, keyword, date range)",
  }),
  add: endpoint({
    method: 'POST',
    path: CANCEL_CHECK_PATHS.add,
    request: addCancelCheckBodySchema,
    response: cancelCheckDetailSchema,
    summary: 'Ask head office to check the cancellation of a wait-ship or shipped order (one pending each)',
  }),
  detail: endpoint({
    method: 'POST',
    path: CANCEL_CHECK_PATHS.detail,
    request: cancelCheckDetailBodySchema,
    response: cancelCheckDetailSchema,
    summary: 'One cancel check of the store with its order summary',
  }),
  setState: endpoint({
    method: 'POST',
    path: CANCEL_CHECK_PATHS.setState,
    request: setCancelCheckStateBodySchema,
    response: cancelCheckDetailSchema,
    summary: 'Decide a pending check: approved cancels the order as the customer asked, rejected keeps it',
  }),
};
