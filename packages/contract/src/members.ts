import { z } from 'zod';
import { endpoint, keysetListFilters, keysetPageOf, keywordField, labelledCodes } from './common/index.js';
import { calendarDateSchema } from './common/date-range.js';
import { recordId } from './common/fields.js';
import { MEMBER_PUBLIC_ID_PATTERN } from './orders-valet.js';
import { storeCodeSchema } from './stores.js';

/**
 * Members (会员查询 memberInquiry, 会员跟进 memberStore), docs/domain/members.md: paths, texts and schemas. A
 * member is named by its public id (`memberId`, 32 hex characters); phones are masked except in the profile.
 */

/** `wx/createActivityQr` is spec 7.6; the others are designed (the spec names no member calls beyond it). */
export const MEMBER_PATHS = {
  inquiry: '/tec/member_ms/member/inquiry',
  profile: '/tec/member_ms/member/profile',
  tagOptions: '/tec/member_ms/memberTag/options',
  setTags: '/tec/member_ms/member/setTags',
  guideOptions: '/tec/member_ms/guide/options',
  assignGuide: '/tec/member_ms/member/assignGuide',
  followUp: '/tec/member_ms/followUp/add',
  activateEquity: '/tec/member_ms/equity/activate',
  activityQr: '/tec/member_ms/wx/createActivityQr',
  storeList: '/tec/member_ms/memberStore/list',
  storeCounts: '/tec/member_ms/memberStore/counts',
} as const;

/** A member's public id, as the browser names them (messages carry it as `memberId`). */
export const memberPublicIdSchema = z
  .string({ error: '缺少会员' })
  .trim()
  .min(1, '缺少会员')
  .regex(MEMBER_PUBLIC_ID_PATTERN, '会员ID不正确');

/** What the member's code encodes when scanned: `member:<publicId>` (then `:<store code>` on an activity QR). */
export const MEMBER_CODE_PREFIX = 'member:';

export const { codes: MEMBER_CHANNELS, text: MEMBER_CHANNEL_TEXT } = labelledCodes({
  store: '门店注册',
  mini_program: '小程序',
  online: '线上商城',
  valet: '代客下单',
});
export type MemberChannel = (typeof MEMBER_CHANNELS)[number];

export const { codes: FOLLOW_UP_CHANNELS, text: FOLLOW_UP_CHANNEL_TEXT } = labelledCodes({
  phone: '电话',
  wechat: '企业微信',
  visit: '到店',
  sms: '短信',
});
export type FollowUpChannel = (typeof FOLLOW_UP_CHANNELS)[number];

export const { codes: FOLLOW_UP_RESULTS, text: FOLLOW_UP_RESULT_TEXT } = labelledCodes({
  reached: '已联系',
  no_answer: '未接通',
  declined: '无意向',
  purchased: '已复购',
});
export type FollowUpResult = (typeof FOLLOW_UP_RESULTS)[number];

/** The tabs of 会员跟进; `equity` is the message target's `activateUser=1`, `repurchase` its `permissionUser=1`. */
export const { codes: MEMBER_STORE_TABS, text: MEMBER_STORE_TAB_TEXT } = labelledCodes({
  toAssign: '待分配',
  mine: '我的跟进',
  overdue: '跟进逾期',
  equity: '权益待激活',
  repurchase: '复购到期',
});
export type MemberStoreTab = (typeof MEMBER_STORE_TABS)[number];

/** Longest follow-up text, the most members one batch assigns, and how far ahead a next date may be. */
export const FOLLOW_UP_CONTENT_MAX = 500;
export const ASSIGN_BATCH_MAX = 200;
export const FOLLOW_UP_NEXT_DAYS_MAX = 366;
/**
 * 会员跟进 counts each tab (and a list its rows) up to this many, then says `99+` (a to-do badge): a bounded
 * count that reads at most 100 rows of an index range, whatever the store's size.
 */
export const MEMBER_STORE_COUNT_CAP = 99;

export const MEMBER_TEXT = {
  notFound: '会员不存在',
  keywordsMissing: '请输入手机号、会员号或扫描会员码',
  tagForeign: '不能使用其他门店的标签',
  tagUnknown: '标签不存在或已停用',
  guideForeign: '导购不是本门店的员工',
  memberNotHome: '只能为本门店的会员分配导购',
  nextDatePast: '下次跟进日期不能早于今天',
  nextDateFar: `下次跟进日期不能晚于${FOLLOW_UP_NEXT_DAYS_MAX}天后`,
  equityNotFound: '该会员没有这项权益',
  equityActivated: '该权益已激活',
  badCursor: '分页游标不正确，请从第一页重新查询',
} as const;

export const memberInquiryQuerySchema = z.object({
  storeCode: storeCodeSchema,
  keywords: z
    .string({ error: MEMBER_TEXT.keywordsMissing })
    .trim()
    .min(1, MEMBER_TEXT.keywordsMissing)
    .max(80, '搜索内容不能超过80个字符'),
});

/** Who a member is in a list: a search hit and a row of 会员跟进 both start with it. */
const memberSummarySchema = z.object({
  memberId: z.string(),
  memberNo: z.string(),
  name: z.string(),
  phoneMasked: z.string(),
  level: z.number().int(),
  levelName: z.string(),
});

export const memberHitSchema = memberSummarySchema.extend({
  points: z.number().int(),
  homeStoreName: z.string().nullable(),
});
export type MemberHit = z.infer<typeof memberHitSchema>;

/** A member the store serves: the query of a profile and the start of every body that acts on one member. */
export const memberRefQuerySchema = z.object({ storeCode: storeCodeSchema, memberId: memberPublicIdSchema });

const tagSchema = z.object({
  tagId: z.number().int(),
  name: z.string(),
  groupCode: z.string(),
  groupName: z.string(),
  kind: z.enum(['manual', 'rule']),
  /** A store's own tag (false: a chain tag). */
  ownStore: z.boolean(),
});
export type MemberTag = z.infer<typeof tagSchema>;

export const memberProfileSchema = z.object({
  memberId: z.string(),
  memberNo: z.string(),
  name: z.string(),
  /** In full: reading a profile is audited (`member.view`). */
  phone: z.string(),
  phoneMasked: z.string(),
  temporary: z.boolean(),
  channel: z.string(),
  channelText: z.string(),
  birthday: z.string().nullable(),
  contactConsent: z.boolean(),
  registeredAt: z.string(),
  homeStoreName: z.string().nullable(),
  /** The caller's store is the member's home store (guide assignment is only there). */
  homeStore: z.boolean(),
  level: z.number().int(),
  levelName: z.string(),
  growth: z.number().int(),
  nextLevelName: z.string().nullable(),
  /** Growth still missing to the next level; null at the top. */
  growthToNext: z.number().int().nullable(),
  levelChangedAt: z.string().nullable(),
  points: z.number().int(),
  guide: z.object({ userId: z.number().int(), nickName: z.string() }).nullable(),
  nextFollowUpOn: z.string().nullable(),
  equities: z.array(
    z.object({
      equityId: z.number().int(),
      name: z.string(),
      level: z.number().int(),
      needsActivation: z.boolean(),
      activatedAt: z.string().nullable(),
    }),
  ),
  tags: z.array(tagSchema),
  ledger: z.array(
    z.object({
      at: z.string(),
      delta: z.number().int(),
      balanceAfter: z.number().int(),
      reason: z.string(),
      reasonText: z.string(),
      refNo: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      omsOrderNo: z.string(),
      orderedAt: z.string(),
      channelText: z.string(),
      payCents: z.number().int(),
      items: z.string(),
      storeName: z.string().nullable(),
      status: z.string(),
    }),
  ),
  addresses: z.array(
    z.object({
      receiverName: z.string(),
      receiverPhoneMasked: z.string(),
      /** Region and the detail with its middle hidden. */
      addressMasked: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  followUps: z.array(
    z.object({
      at: z.string(),
      userName: z.string(),
      storeName: z.string(),
      channelText: z.string(),
      resultText: z.string(),
      content: z.string(),
      nextOn: z.string().nullable(),
    }),
  ),
  actions: z.object({ tag: z.boolean(), assign: z.boolean(), follow: z.boolean() }),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const tagGroupSchema = z.object({
  groupCode: z.string(),
  groupName: z.string(),
  tags: z.array(tagSchema),
});
export type MemberTagGroup = z.infer<typeof tagGroupSchema>;

export const setTagsBodySchema = memberRefQuerySchema.extend({
  tagIds: z.array(recordId('标签不正确'), { error: '缺少标签' }).max(30, '一次最多设置30个标签'),
});
export type SetTagsBody = z.input<typeof setTagsBodySchema>;

export const guideOptionSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  members: z.number(),
});
export type GuideOption = z.infer<typeof guideOptionSchema>;

export const assignGuideBodySchema = z.object({
  storeCode: storeCodeSchema,
  memberIds: z
    .array(memberPublicIdSchema, { error: '请选择会员' })
    .min(1, '请选择会员')
    .max(ASSIGN_BATCH_MAX, `一次最多分配${ASSIGN_BATCH_MAX}位会员`),
  guideUserId: recordId('请选择导购'),
});
export type AssignGuideBody = z.input<typeof assignGuideBodySchema>;

export const followUpBodySchema = memberRefQuerySchema.extend({
  channel: z.enum(FOLLOW_UP_CHANNELS, { error: '请选择跟进方式' }),
  result: z.enum(FOLLOW_UP_RESULTS, { error: '请选择跟进结果' }),
  content: z
    .string({ error: '请填写跟进内容' })
    .trim()
    .min(1, '请填写跟进内容')
    .max(FOLLOW_UP_CONTENT_MAX, `跟进内容不能超过${FOLLOW_UP_CONTENT_MAX}个字`),
  nextOn: calendarDateSchema.nullish(),
});
export type FollowUpBody = z.input<typeof followUpBodySchema>;

export const activateEquityBodySchema = memberRefQuerySchema.extend({
  equityId: recordId('权益不正确'),
});

export const activityQrSchema = z.object({
  /** A PNG as a data URL, shown as an image to scan. */
  image: z.string(),
  content: z.string(),
});

export const memberStoreFilters = keysetListFilters(
  {
    storeCode: storeCodeSchema,
    tab: z.enum(MEMBER_STORE_TABS, { error: '列表类型不正确' }).default('toAssign'),
    keyword: keywordField(32),
    memberId: memberPublicIdSchema.nullish(),
  },
  { max: 100, defaultSize: 20 },
);
export type MemberStoreListBody = z.input<typeof memberStoreFilters.request>;

export const memberStoreRowSchema = memberSummarySchema.extend({
  guideName: z.string().nullable(),
  levelChangedAt: z.string().nullable(),
  nextFollowUpOn: z.string().nullable(),
  lastFollowUpAt: z.string().nullable(),
  /** The tab's own column: the equity to activate, or the category due and its date. */
  detail: z.string(),
  equityId: z.number().int().nullable(),
});
export type MemberStoreRow = z.infer<typeof memberStoreRowSchema>;
/** Keyset pages: `total` exact up to MEMBER_STORE_COUNT_CAP (`totalExact` false beyond). */
export const memberStorePageSchema = keysetPageOf(memberStoreRowSchema);
export type MemberStorePage = z.infer<typeof memberStorePageSchema>;

const tabCountSchema = z.object({ total: z.number().int(), totalExact: z.boolean() });
/** Each tab's rows, counted up to MEMBER_STORE_COUNT_CAP. */
export const memberStoreCountsSchema = z.object(
  Object.fromEntries(MEMBER_STORE_TABS.map((tab) => [tab, tabCountSchema])) as Record<
    MemberStoreTab,
    typeof tabCountSchema
  >,
);
export type MemberStoreCounts = z.infer<typeof memberStoreCountsSchema>;

const okSchema = z.object({ ok: z.literal(true) });

export const memberEndpoints = {
  inquiry: endpoint({
    method: 'GET',
    path: MEMBER_PATHS.inquiry,
    request: memberInquiryQuerySchema,
    response: z.array(memberHitSchema),
    summary:
      'Finds members by full phone, member number or scanned member code (anyone; the session may then serve ' +
      'them here) or the store’s own by phone prefix or name; audited',
  }),
  profile: endpoint({
    method: 'GET',
    path: MEMBER_PATHS.profile,
    request: memberRefQuerySchema,
    response: memberProfileSchema,
    summary:
      'A member the store serves, with the full phone (audited member.view), levels, points, tags, orders',
  }),
  tagOptions: endpoint({
    method: 'GET',
    path: MEMBER_PATHS.tagOptions,
    request: z.object({ storeCode: storeCodeSchema }),
    response: z.array(tagGroupSchema),
    summary:
      'The tags the store may set (chain tags and its own), by group of the member_tag_group dictionary',
  }),
  setTags: endpoint({
    method: 'POST',
    path: MEMBER_PATHS.setTags,
    request: setTagsBodySchema,
    response: z.array(tagSchema),
    summary: 'Sets the member’s manual tags (rule tags stay); another store’s tag is refused; audited',
  }),
  guideOptions: endpoint({
    method: 'GET',
    path: MEMBER_PATHS.guideOptions,
    request: z.object({ storeCode: storeCodeSchema }),
    response: z.array(guideOptionSchema),
    summary: 'The store’s enabled staff a member may be assigned to, with how many members each guides',
  }),
  assignGuide: endpoint({
    method: 'POST',
    path: MEMBER_PATHS.assignGuide,
    request: assignGuideBodySchema,
    response: z.object({ assigned: z.number().int() }),
    summary: 'Assigns the store’s members (all or none) to a guide of the store; audited',
  }),
  followUp: endpoint({
    method: 'POST',
    path: MEMBER_PATHS.followUp,
    request: followUpBodySchema,
    response: okSchema,
    summary: 'Records a follow-up of a member the store serves and its next date; audited',
  }),
  activateEquity: endpoint({
    method: 'POST',
    path: MEMBER_PATHS.activateEquity,
    request: activateEquityBodySchema,
    response: okSchema,
    summary: 'Activates an equity the member holds; audited',
  }),
  activityQr: endpoint({
    method: 'POST',
    path: MEMBER_PATHS.activityQr,
    request: memberRefQuerySchema,
    response: activityQrSchema,
    summary: 'An activity QR code (PNG data URL) for the member to scan at this store; audited',
  }),
  storeList: endpoint({
    method: 'POST',
    path: MEMBER_PATHS.storeList,
    request: memberStoreFilters.request,
    response: memberStorePageSchema,
    summary:
      'One tab of 会员跟进 for the store (to assign, mine, overdue, equity to activate, repurchase due)',
  }),
  storeCounts: endpoint({
    method: 'GET',
    path: MEMBER_PATHS.storeCounts,
    request: z.object({ storeCode: storeCodeSchema }),
    response: memberStoreCountsSchema,
    summary: 'The row count of each tab of 会员跟进, bounded (99+)',
  }),
};
