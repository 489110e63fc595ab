import { z } from 'zod';
import { endpoint, keywordField, listFilters, pageOf } from './common/index.js';
import { recordId, recordIdFromText } from './common/fields.js';
import { dateRangeFields } from './common/date-range.js';
import { MEMBER_PUBLIC_ID_PATTERN } from './orders-valet.js';
import { redeemCodeSentSchema } from './points.js';
import { storeCodeSchema } from './stores.js';

/**
 * Tea-tree adoption (茶树认养, spec 7.6 "Tea-tree adoption"; docs/domain/tea-tree.md): head office's seasonal
 * activities, the price of n trees with the member's level discount, adopting trees for a member at the counter
 * (the member confirms by a code sent to their own phone), and the store's adoptions with their harvest plan.
 */
const BASE = '/tec/market_ms/api/manage/teaTreeAdopt';
export const TEA_TREE_PATHS = {
  currentActivity: `${BASE}/activity/currentIngActivity`,
  calculate: `${BASE}/calculate`,
  detail: `${BASE}/detail`,
  add: `${BASE}/add`,
  pageList: `${BASE}/pageList`,
  /** Designed: texts the member the code that confirms an adoption (trees and price). */
  sendConfirmCode: `${BASE}/sendConfirmCode`,
} as const;

/** The most trees one adoption may take (a counter sale, not a wholesale). */
export const TEA_TREE_MAX_PER_ADOPTION = 50;
export const TEA_TREE_PAGE_SIZE_MAX = 50;
export const TEA_TREE_ADD_PERMISSION = 'teaTree:add';

export const TEA_TREE_ACTIVITY_STATUSES = ['upcoming', 'signing', 'closed'] as const;
export type TeaTreeActivityStatus = (typeof TEA_TREE_ACTIVITY_STATUSES)[number];
export const TEA_TREE_ACTIVITY_STATUS_TEXT: Record<TeaTreeActivityStatus, string> = {
  upcoming: '未开始',
  signing: '认养中',
  closed: '已结束',
};

/** An adoption is `active` until its last harvest delivery date has passed, then `completed`. */
export const TEA_TREE_ADOPTION_STATUSES = ['active', 'completed'] as const;
export type TeaTreeAdoptionStatus = (typeof TEA_TREE_ADOPTION_STATUSES)[number];
export const TEA_TREE_ADOPTION_STATUS_TEXT: Record<TeaTreeAdoptionStatus, string> = {
  active: '认养中',
  completed: '已完成',
};

/** A harvest delivery: its planned day and what every adopted tree yields in it. */
export const teaTreeDeliverySchema = z.object({
  round: z.number().int(),
  plannedDate: z.string(),
  /** What one tree yields in this round: 明前龙井 250g. */
  content: z.string(),
});
export type TeaTreeDelivery = z.infer<typeof teaTreeDeliverySchema>;

export const teaTreeActivitySchema = z.object({
  id: z.number().int(),
  activityNo: z.string(),
  name: z.string(),
  season: z.string(),
  garden: z.string(),
  treeCount: z.number().int(),
  adoptedCount: z.number().int(),
  remainingTrees: z.number().int(),
  /** Price of one tree for the season, in cents. */
  priceCents: z.number().int(),
  /** What an adopter receives (certificate, naming plate, tea). */
  benefits: z.string(),
  signUpStart: z.string(),
  signUpEnd: z.string(),
  status: z.enum(TEA_TREE_ACTIVITY_STATUSES),
  statusText: z.string(),
  deliveries: z.array(teaTreeDeliverySchema),
});
export type TeaTreeActivity = z.infer<typeof teaTreeActivitySchema>;

/** `currentIngActivity`: the activity open for sign-up now (the one closing first), or null. */
export const teaTreeCurrentQuerySchema = z.object({ storeCode: storeCodeSchema });
export const teaTreeCurrentSchema = teaTreeActivitySchema.nullable();

const memberIdField = z
  .string({ error: (issue) => (issue.input === undefined ? '请选择会员' : '会员ID不正确') })
  .trim()
  .min(1, '请选择会员')
  .regex(MEMBER_PUBLIC_ID_PATTERN, '会员ID不正确');
const treesMessage = `认养数量须为1到${TEA_TREE_MAX_PER_ADOPTION}棵`;
const treeCountOf = (base: z.ZodNumber) =>
  base.int(treesMessage).min(1, treesMessage).max(TEA_TREE_MAX_PER_ADOPTION, treesMessage);

/** `calculate` (GET): the price of `trees` trees of the activity for this member. */
export const teaTreeCalculateQuerySchema = z.object({
  storeCode: storeCodeSchema,
  activityId: recordIdFromText('认养活动不正确'),
  memberId: memberIdField,
  trees: treeCountOf(z.coerce.number({ error: treesMessage })),
});
export type TeaTreeCalculateQuery = z.infer<typeof teaTreeCalculateQuerySchema>;

export const teaTreePriceSchema = z.object({
  activityId: z.number().int(),
  trees: z.number().int(),
  unitCents: z.number().int(),
  goodsCents: z.number().int(),
  memberLevel: z.number().int(),
  /** Percent of the price the member pays (95 = 95折); 100 without a discount. */
  discountPercent: z.number().int(),
  discountCents: z.number().int(),
  payCents: z.number().int(),
  remainingTrees: z.number().int(),
});
export type TeaTreePrice = z.infer<typeof teaTreePriceSchema>;

/** `sendConfirmCode` and `add` name the same adoption; the member's code is bound to trees and price. */
export const teaTreeAdoptionRequestSchema = z.object({
  storeCode: storeCodeSchema,
  activityId: recordId('认养活动不正确'),
  memberId: memberIdField,
  trees: treeCountOf(z.number({ error: treesMessage })),
});
export type TeaTreeAdoptionRequest = z.infer<typeof teaTreeAdoptionRequestSchema>;

export const teaTreeMemberCodeSchema = z
  .string({ error: '请填写会员收到的认养确认验证码' })
  .trim()
  .regex(/^\d{6}$/, '认养确认验证码为6位数字');

export const teaTreeAddBodySchema = teaTreeAdoptionRequestSchema.extend({
  /** The price the clerk showed the member (cents): refused when it is no longer the price. */
  payCents: z.number({ error: '缺少认养金额' }).int('认养金额不正确').min(0, '认养金额不正确'),
  memberCode: teaTreeMemberCodeSchema,
  remark: z.string({ error: '备注不正确' }).trim().max(100, '备注不能超过100个字').optional(),
});
export type TeaTreeAddBody = z.infer<typeof teaTreeAddBodySchema>;

export const teaTreeCodeSentSchema = redeemCodeSentSchema.extend({ payCents: z.number().int() });
export type TeaTreeCodeSent = z.infer<typeof teaTreeCodeSentSchema>;

export const teaTreeAddResultSchema = z.object({
  id: z.number().int(),
  adoptionNo: z.string(),
  performanceOrderNo: z.string(),
  trees: z.number().int(),
  payCents: z.number().int(),
});
export type TeaTreeAddResult = z.infer<typeof teaTreeAddResultSchema>;

export const teaTreeListFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    status: z.enum(['all', ...TEA_TREE_ADOPTION_STATUSES], { error: '认养状态不正确' }).default('all'),
    activityId: recordId('认养活动不正确').nullish(),
    /** Adoption number, member name part or whole phone. */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: TEA_TREE_PAGE_SIZE_MAX, defaultSize: 20 },
);
export type TeaTreeListRequest = z.infer<typeof teaTreeListFilters.request>;

export const teaTreeAdoptionRowSchema = z.object({
  id: z.number().int(),
  adoptionNo: z.string(),
  activityName: z.string(),
  season: z.string(),
  memberName: z.string(),
  /** Masked: 139****5678. */
  memberPhone: z.string(),
  memberLevel: z.number().int(),
  trees: z.number().int(),
  payCents: z.number().int(),
  discountPercent: z.number().int(),
  status: z.enum(TEA_TREE_ADOPTION_STATUSES),
  statusText: z.string(),
  /** The next harvest delivery still to come, or null once all are past. */
  nextDeliveryDate: z.string().nullable(),
  clerkName: z.string(),
  adoptedAt: z.string(),
});
export type TeaTreeAdoptionRow = z.infer<typeof teaTreeAdoptionRowSchema>;
export const teaTreeAdoptionPageSchema = pageOf(teaTreeAdoptionRowSchema);
export type TeaTreeAdoptionPage = z.infer<typeof teaTreeAdoptionPageSchema>;

export const teaTreeDetailQuerySchema = z.object({
  storeCode: storeCodeSchema,
  id: recordIdFromText('认养记录编号不正确'),
});

export const teaTreeAdoptionDetailSchema = teaTreeAdoptionRowSchema.extend({
  performanceOrderNo: z.string(),
  unitCents: z.number().int(),
  goodsCents: z.number().int(),
  discountCents: z.number().int(),
  garden: z.string(),
  benefits: z.string(),
  remark: z.string(),
  confirmedBy: z.string(),
  /** The harvest plan of this adoption: each round with the quantity for all the adopted trees. */
  deliveryPlan: z.array(
    z.object({
      round: z.number().int(),
      plannedDate: z.string(),
      content: z.string(),
      /** 明前龙井 250g × 2棵 */
      quantityText: z.string(),
      due: z.boolean(),
    }),
  ),
});
export type TeaTreeAdoptionDetail = z.infer<typeof teaTreeAdoptionDetailSchema>;

export const teaTreeEndpoints = {
  currentActivity: endpoint({
    method: 'GET',
    path: TEA_TREE_PATHS.currentActivity,
    request: teaTreeCurrentQuerySchema,
    response: teaTreeCurrentSchema,
    summary: 'The tea-tree adoption activity open for sign-up now (the one closing first), or null',
  }),
  calculate: endpoint({
    method: 'GET',
    path: TEA_TREE_PATHS.calculate,
    request: teaTreeCalculateQuerySchema,
    response: teaTreePriceSchema,
    summary: 'Price of n trees for a member the store serves, with the discount of the member level',
  }),
  sendConfirmCode: endpoint({
    method: 'POST',
    path: TEA_TREE_PATHS.sendConfirmCode,
    request: teaTreeAdoptionRequestSchema,
    response: teaTreeCodeSentSchema,
    summary: "Texts the member's own phone the code that confirms this adoption (trees and price)",
  }),
  add: endpoint({
    method: 'POST',
    path: TEA_TREE_PATHS.add,
    request: teaTreeAddBodySchema,
    response: teaTreeAddResultSchema,
    summary:
      'Adopts trees for a member with their code: never more than the activity has; creates the adoption order',
  }),
  pageList: endpoint({
    method: 'POST',
    path: TEA_TREE_PATHS.pageList,
    request: teaTreeListFilters.request,
    response: teaTreeAdoptionPageSchema,
    summary: "The store's adoptions, newest first: status, activity, adoption date and keyword",
  }),
  detail: endpoint({
    method: 'GET',
    path: TEA_TREE_PATHS.detail,
    request: teaTreeDetailQuerySchema,
    response: teaTreeAdoptionDetailSchema,
    summary: "One of the store's adoptions with its harvest delivery plan",
  }),
};
