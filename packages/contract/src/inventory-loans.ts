import { z } from 'zod';
import { calendarDateSchema, dateRangeFields, keywordField, listFilters, pageOf } from './common/index.js';
import { recordId } from './common/fields.js';
import {
  docEventSchema,
  docLinesSchema,
  INVENTORY_REASON_MAX,
  inventoryPost,
  inventoryReasonSchema,
  TRANSFER_SIDES,
  transferLineSchema,
} from './inventory.js';
import { storeCodeSchema } from './stores.js';

/**
 * 借货管理 (docs/domain/inventory.md "Borrowing"): store A borrows SKUs from store B until a due date and gives
 * them back. The spec names the page (DailySecondment), its detail target (`DailySecondmentDetail` id) and the
 * audit (busiType 2); the paths and states are designed.
 */
export const LOAN_PATHS = {
  list: '/tec/inventory/loan/list',
  detail: '/tec/inventory/loan/detail',
  apply: '/tec/inventory/loan/apply',
  lend: '/tec/inventory/loan/lend',
  return: '/tec/inventory/loan/return',
  cancel: '/tec/inventory/loan/cancel',
  export: '/tec/inventory/loan/export',
} as const;

/** The longest loan: the due date is at most this many days after the day of the application. */
export const LOAN_DAYS_MAX = 30;

export const LOAN_STATUSES = [
  'pending_review',
  'approved',
  'lent',
  'returned',
  'rejected',
  'cancelled',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_TEXT: Record<LoanStatus, string> = {
  pending_review: '待审核',
  approved: '待借出',
  lent: '已借出',
  returned: '已归还',
  rejected: '已驳回',
  cancelled: '已取消',
};
/** Not a state: a lent loan past its due date (computed on every read). */
export const LOAN_OVERDUE_TEXT = '已逾期';

export const LOAN_ACTIONS = ['lend', 'return', 'cancel'] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];

/** in: the caller's store borrows (借入); out: it lends (借出). */
export type LoanSide = (typeof TRANSFER_SIDES)[number];
export const LOAN_SIDE_TEXT: Record<LoanSide, string> = { in: '借入', out: '借出' };

export const LOAN_PERMISSIONS = {
  /** The borrowing store applies and withdraws. */
  apply: 'borrow:apply',
  /** The lending store hands the goods over (or declines before it does). */
  lend: 'borrow:lend',
  /** The borrowing store gives the goods back. */
  return: 'borrow:return',
  /** Either store exports its list (借入 and 借出). */
  export: 'borrow:export',
} as const;

export const loanFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    /** A state, or `overdue`: lent and past the due date. */
    status: z.enum(['all', ...LOAN_STATUSES, 'overdue'], { error: '借货单状态不正确' }).default('all'),
    side: z.enum(['all', ...TRANSFER_SIDES], { error: '请选择借入或借出' }).default('all'),
    /** Loan number (exact) or the other store's name. */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: 50 },
);
export const loanListBodySchema = loanFilters.request;
export type LoanListBody = z.input<typeof loanListBodySchema>;
/** The list's filters without paging: what an Excel export of 借货管理 takes. */
export const loanExportBodySchema = loanFilters.filters;
export type LoanExportBody = z.infer<typeof loanExportBodySchema>;

export const LOAN_COLUMN_TITLES = {
  loanNo: '借货单号',
  status: '状态',
  side: '方向',
  borrowerStoreName: '借入门店',
  lenderStoreName: '借出门店',
  dueDate: '归还日期',
  lineCount: '商品种数',
  totalQuantity: '借货数量',
  requestedByName: '申请人',
  createdAt: '申请时间',
  updatedAt: '更新时间',
} as const;

export const loanRowSchema = z.object({
  id: z.number().int(),
  loanNo: z.string(),
  status: z.enum(LOAN_STATUSES),
  statusText: z.string(),
  /** Lent and past the due date (Asia/Shanghai). */
  overdue: z.boolean(),
  /** Which side the caller's store is on. */
  side: z.enum(TRANSFER_SIDES),
  borrowerStoreCode: z.string(),
  borrowerStoreName: z.string(),
  lenderStoreCode: z.string(),
  lenderStoreName: z.string(),
  dueDate: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  requestedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LoanRow = z.infer<typeof loanRowSchema>;
export const loanPageSchema = pageOf(loanRowSchema);
export type LoanPage = z.infer<typeof loanPageSchema>;

export const loanLineSchema = transferLineSchema
  .pick({ id: true, skuId: true, skuCode: true, skuName: true, spec: true, quantity: true })
  .extend({
    /** The lender's batches the line went out in (`批次×数量`, empty before it is lent). */
    batches: z.string(),
  });
export type LoanLine = z.infer<typeof loanLineSchema>;

export const loanDetailSchema = loanRowSchema.extend({
  remark: z.string(),
  /** Why it was rejected or cancelled. */
  closeReason: z.string(),
  lines: z.array(loanLineSchema),
  timeline: z.array(docEventSchema),
  /** What the caller may do now (its side, its buttons and the state). */
  actions: z.array(z.enum(LOAN_ACTIONS)),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;

export const loanDetailBodySchema = z.object({ storeCode: storeCodeSchema, id: recordId('缺少借货单编号') });
export const loanReasonBodySchema = loanDetailBodySchema.extend({ reason: inventoryReasonSchema });
export type LoanReasonBody = z.input<typeof loanReasonBodySchema>;

export const loanApplyBodySchema = z.object({
  storeCode: storeCodeSchema,
  /** The lending store. */
  lenderStoreCode: storeCodeSchema,
  /** The day the goods are due back: after today, at most LOAN_DAYS_MAX days ahead (checked by the server). */
  dueDate: calendarDateSchema,
  remark: z
    .string({ error: '备注不正确' })
    .trim()
    .max(INVENTORY_REASON_MAX, `备注不能超过${INVENTORY_REASON_MAX}个字`)
    .default(''),
  lines: docLinesSchema('借货'),
});
export type LoanApplyBody = z.input<typeof loanApplyBodySchema>;

const post = inventoryPost;

export const loanEndpoints = {
  list: post(LOAN_PATHS.list, loanListBodySchema, loanPageSchema, 'Loans the store borrows or lends'),
  detail: post(
    LOAN_PATHS.detail,
    loanDetailBodySchema,
    loanDetailSchema,
    'A loan with lines, timeline and actions',
  ),
  apply: post(
    LOAN_PATHS.apply,
    loanApplyBodySchema,
    loanDetailSchema,
    'Apply to borrow goods (goes to the audit)',
  ),
  lend: post(
    LOAN_PATHS.lend,
    loanDetailBodySchema,
    loanDetailSchema,
    'The lending store hands the goods over',
  ),
  return: post(
    LOAN_PATHS.return,
    loanDetailBodySchema,
    loanDetailSchema,
    'The borrowing store gives them back',
  ),
  cancel: post(LOAN_PATHS.cancel, loanReasonBodySchema, loanDetailSchema, 'Cancel a loan before it is lent'),
};
