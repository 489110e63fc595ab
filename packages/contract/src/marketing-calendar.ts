import { z } from 'zod';
import { calendarDateSchema } from './common/date-range.js';
import { endpoint } from './common/endpoint.js';
import { recordId } from './common/fields.js';
import { storeCodeSchema } from './stores.js';

/**
 * 营销日历 (spec 1 "marketing and the marketing calendar"; docs/domain/marketing-calendar.md): one calendar of
 * the year's promotions, festivals and activities — head office's manual events with a colour and the stores
 * they concern, and the events of other programmes (tea-tree activities now; coupon schemes and points-mall
 * campaigns add a source). The spec shows no calls: these paths are designed.
 */
const BASE = '/tec/market_ms/api/manage/marketingCalendar';
export const MARKETING_CALENDAR_PATHS = {
  /** The events concerning the caller's store in a range of days. */
  list: `${BASE}/list`,
  /** Head office: the events of the stores in its data scope, by shop group. */
  manageList: `${BASE}/manage/list`,
  add: `${BASE}/add`,
  delete: `${BASE}/delete`,
} as const;

export const MARKETING_CALENDAR_EDIT = 'marketingCalendar:edit';
/** The longest range one read covers (a month view with its spill-over weeks fits). */
export const MARKETING_CALENDAR_MAX_DAYS = 62;
/** The dashboard's look-ahead. */
export const MARKETING_CALENDAR_UPCOMING_DAYS = 7;

export const MARKETING_EVENT_TYPES = [
  'promotion',
  'festival',
  'activity',
  'tea_tree',
  'coupon',
  'points',
] as const;
export type MarketingEventType = (typeof MARKETING_EVENT_TYPES)[number];
export const MARKETING_EVENT_TYPE_TEXT: Record<MarketingEventType, string> = {
  promotion: '促销',
  festival: '节日',
  activity: '活动',
  tea_tree: '茶树认养',
  coupon: '优惠券',
  points: '积分商城',
};
/** What head office may add by hand; the others come from their programmes. */
export const MANUAL_EVENT_TYPES = ['promotion', 'festival', 'activity'] as const;
export type ManualEventType = (typeof MANUAL_EVENT_TYPES)[number];
export const MARKETING_EVENT_TYPE_COLOR: Record<MarketingEventType, string> = {
  promotion: '#ff2f28',
  festival: '#fa8c16',
  activity: '#1677ff',
  tea_tree: '#52c41a',
  coupon: '#eb2f96',
  points: '#722ed1',
};

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const rangeFields = {
  from: calendarDateSchema,
  to: calendarDateSchema,
  type: z.enum(MARKETING_EVENT_TYPES, { error: '活动类型不正确' }).nullish(),
};
const rangeCheck = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((v) => v.from <= v.to, { message: '开始日期不能晚于结束日期', path: ['to'] })
    .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= (MARKETING_CALENDAR_MAX_DAYS - 1) * 86_400_000, {
      message: `一次最多查询${MARKETING_CALENDAR_MAX_DAYS}天`,
      path: ['to'],
    });

export const calendarListQuerySchema = rangeCheck(z.object({ storeCode: storeCodeSchema, ...rangeFields }));
export type CalendarListQuery = z.infer<typeof calendarListQuerySchema>;

export const calendarManageQuerySchema = rangeCheck(
  z.object({ ...rangeFields, shopGroupId: z.coerce.number().int().positive().max(2_147_483_647).nullish() }),
);
export type CalendarManageQuery = z.infer<typeof calendarManageQuerySchema>;

export const marketingEventSchema = z.object({
  /** `manual:12`, `tea_tree:3:signup`, …: unique per event and stable (the reminder remembers it). */
  key: z.string(),
  /** The manual event's id (deletable), null for a programme's event. */
  id: z.number().int().nullable(),
  type: z.enum(MARKETING_EVENT_TYPES),
  typeText: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  color: z.string(),
  /** 全部门店, or the names of the stores it concerns (the first few). */
  storesText: z.string(),
  remark: z.string(),
});
export type MarketingEvent = z.infer<typeof marketingEventSchema>;
export const marketingEventListSchema = z.array(marketingEventSchema);

export const calendarAddBodySchema = z
  .object({
    title: z
      .string({ error: '请填写活动名称' })
      .trim()
      .min(1, '请填写活动名称')
      .max(40, '活动名称不能超过40个字'),
    type: z.enum(MANUAL_EVENT_TYPES, { error: '请选择活动类型' }),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
    color: z.string({ error: '请选择颜色' }).regex(HEX_COLOR_PATTERN, '颜色格式不正确'),
    allStores: z.boolean().default(false),
    storeIds: z.array(recordId('门店不正确')).max(500, '一次最多选择500家门店').default([]),
    remark: z.string().trim().max(200, '备注不能超过200个字').default(''),
  })
  .refine((v) => v.startDate <= v.endDate, { message: '开始日期不能晚于结束日期', path: ['endDate'] });

export type CalendarAddBody = z.infer<typeof calendarAddBodySchema>;

export const calendarDeleteBodySchema = z.object({ id: recordId('活动编号不正确') });

export const marketingCalendarEndpoints = {
  list: endpoint({
    method: 'GET',
    path: MARKETING_CALENDAR_PATHS.list,
    request: calendarListQuerySchema,
    response: marketingEventListSchema,
    summary: 'Events concerning the store between two days (at most 62), every source, by start day',
  }),
  manageList: endpoint({
    method: 'GET',
    path: MARKETING_CALENDAR_PATHS.manageList,
    request: calendarManageQuerySchema,
    response: marketingEventListSchema,
    summary: "Head office: events of the stores in the caller's data scope, optionally one shop group's",
  }),
  add: endpoint({
    method: 'POST',
    path: MARKETING_CALENDAR_PATHS.add,
    request: calendarAddBodySchema,
    response: marketingEventSchema,
    summary: 'Head office adds a manual event (type, days, colour, all stores or the chosen ones); audited',
  }),
  delete: endpoint({
    method: 'POST',
    path: MARKETING_CALENDAR_PATHS.delete,
    request: calendarDeleteBodySchema,
    response: z.object({ id: z.number().int() }),
    summary: 'Head office deletes a manual event of its data scope; audited',
  }),
};
