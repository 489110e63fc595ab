import { z } from 'zod';
import { storeCodeSchema } from './stores.js';
import {
  BUSINESS_TYPES,
  businessTypeOf,
  messageKindOf,
  type MessageFamily,
  type TargetQuery,
} from './im-catalogue.js';
import { recordId } from './common/fields.js';
import { endpoint, noInput } from './common/endpoint.js';
import { pageOf } from './common/page.js';

/** The instant-messaging calls (spec 7.4), all POST; `publish` is the integration endpoint for upstream systems. */
export const IM_PATHS = {
  supplement: '/api/im/supplementMsg',
  unreadCount: '/api/im/unReadImMessageCountWithBusiness',
  listener: '/api/im/listener',
  operate: '/api/im/operationMsgStatus',
  pageList: '/api/im/pageMsgList',
  businessTypes: '/api/im/getAllBroadcastMessageBusinessType',
  publish: '/api/im/publish',
} as const;

/** Header of the integration endpoint; its value is the server's SERVICE_TOKEN. */
export const SERVICE_TOKEN_HEADER = 'x-service-token';

/**
 * Optional header of `publish`: a key the upstream system chooses per message. A call repeated with the same key
 * (a retry after a lost reply) answers the first call's message ids and creates nothing; the reply then carries
 * `idempotent-replayed: true`. Keys are remembered for a day.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, '幂等键（Idempotency-Key）须为1至128位字母、数字或 . _ : -');

/** Spec 9 constants of the message center. */
export const IM_LIMITS = {
  listenerTimeoutMs: 80_000,
  pageSize: 50,
  broadcastSize: 100,
  cardLifetimeMs: 300_000,
  maxCards: 3,
  pollRetryMs: 60_000,
  pollRetryBusyMs: 120_000,
  /** HTTP status of a listener answer that asks the client to back off for pollRetryBusyMs. */
  busyStatus: 555,
  maxPollErrors: 100,
  errorPromptThrottleMs: 3_600_000,
  errorPromptAfterFailures: 2,
  offlineRecovery: 3,
  badgeMax: 99,
  retries: 3,
  tagCacheMs: 1_800_000,
  historyRetryDelaysMs: [1_000, 2_000],
  /** At most this many ids acknowledged per listener call. */
  maxAckIds: 100,
  /** At most this many ids per state update or publish call. */
  maxIds: 100,
  maxTextLength: 500,
  maxTitleLength: 64,
  maxExpandInfoBytes: 2_048,
} as const;

/** Message status (spec 4.5). */
export const MESSAGE_STATUS = { notPushed: 0, unread: 1, read: 2, handled: 3 } as const;
export const MESSAGE_STATUS_TEXT: Record<number, string> = { 0: '未推送', 1: '未读', 2: '已读', 3: '已处理' };
export type MessageStatus = (typeof MESSAGE_STATUS)[keyof typeof MESSAGE_STATUS];

/** Operate types of the state update call (spec 4.5). */
export const OPERATE_TYPE = { markAllRead: 1, clearAll: 2, markRead: 3, delete: 4 } as const;

const workCode = z
  .string({ error: '缺少接收人工号' })
  .trim()
  .min(1, '缺少接收人工号')
  .max(32, '接收人工号格式不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '接收人工号格式不正确');
const messageId = recordId('消息编号不正确');
const businessTypeCode = z
  .number({ error: '业务类型不正确' })
  .int('业务类型不正确')
  .refine((v) => BUSINESS_TYPES.some((t) => t.code === v), '业务类型不存在');

/** Who and where: the caller's own work code and one of the caller's stores. */
export const imScopeBodySchema = z.object({ receiver: workCode, storeCode: storeCodeSchema });
export type ImScopeBody = z.infer<typeof imScopeBodySchema>;

export const listenerBodySchema = imScopeBodySchema.extend({
  size: z
    .number({ error: '拉取条数不正确' })
    .int('拉取条数不正确')
    .min(1, '拉取条数不正确')
    .max(IM_LIMITS.broadcastSize, `每次最多拉取${IM_LIMITS.broadcastSize}条`)
    .default(IM_LIMITS.broadcastSize),
  /**
   * Ids of the previous answer that the client has taken in. They become "unread" now; everything else not
   * pushed is answered again (at-least-once). Omitted = mark on delivery (spec clients without acknowledgement).
   */
  ackIds: z
    .array(messageId, { error: '确认的消息编号不正确' })
    .max(IM_LIMITS.maxAckIds, `每次最多确认${IM_LIMITS.maxAckIds}条消息`)
    .optional(),
});
export type ListenerBody = z.input<typeof listenerBodySchema>;

/** The spec's own paging (page number required, at most 50 a page), kept rather than `pageRequest`. */
export const pageMessagesBodySchema = imScopeBodySchema.extend({
  pageNum: z.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确'),
  pageSize: z
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(IM_LIMITS.pageSize, `每页最多${IM_LIMITS.pageSize}条`)
    .default(IM_LIMITS.pageSize),
  /** 1 unread (includes not pushed), 2 read (includes handled), absent or null for all. */
  status: z.union([z.literal(1), z.literal(2)], { error: '消息状态只能是1（未读）或2（已读）' }).nullish(),
  businessType: businessTypeCode.nullish(),
});
export type PageMessagesBody = z.input<typeof pageMessagesBodySchema>;

export const operateMessagesBodySchema = imScopeBodySchema
  .extend({
    operateType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: '操作类型只能是1（全部已读）、2（清空）、3（已读）或4（删除）',
    }),
    ids: z
      .array(messageId, { error: '消息编号不正确' })
      .max(IM_LIMITS.maxIds, `每次最多操作${IM_LIMITS.maxIds}条消息`)
      .optional(),
  })
  .refine((b) => (b.operateType !== 3 && b.operateType !== 4) || (b.ids?.length ?? 0) > 0, {
    message: '请指定要操作的消息',
    path: ['ids'],
  });
export type OperateMessagesBody = z.infer<typeof operateMessagesBodySchema>;

const expandValue = z.union([z.string().max(1_024, '扩展信息过长'), z.number(), z.boolean()], {
  error: '扩展信息的值只能是文字或数字',
});
export const expandInfoSchema = z
  .record(z.string().max(64, '扩展信息字段名过长'), expandValue, { error: '扩展信息必须是对象' })
  .refine(
    (v) => utf8Length(JSON.stringify(v)) <= IM_LIMITS.maxExpandInfoBytes,
    `扩展信息不能超过${IM_LIMITS.maxExpandInfoBytes}字节`,
  );
export type ExpandInfo = Record<string, string | number | boolean>;

export const publishBodySchema = z
  .object({
    storeCode: storeCodeSchema,
    receivers: z
      .array(workCode, { error: '接收人必须是工号列表' })
      .min(1, '接收人列表不能为空，不填则发给门店全部员工')
      .max(500, '每次最多发给500人')
      .optional(),
    businessType: businessTypeCode,
    messageType: z.number({ error: '消息类型不正确' }).int('消息类型不正确'),
    title: z.string({ error: '标题不正确' }).trim().max(IM_LIMITS.maxTitleLength, '标题过长').optional(),
    text: z
      .string({ error: '缺少消息内容' })
      .trim()
      .min(1, '缺少消息内容')
      .max(IM_LIMITS.maxTextLength, `消息内容不能超过${IM_LIMITS.maxTextLength}字`),
    expandInfo: expandInfoSchema.optional(),
  })
  .refine((b) => messageKindOf(b.businessType, b.messageType) !== null, {
    message: '消息类型与业务类型不匹配',
    path: ['messageType'],
  });
export type PublishBody = z.input<typeof publishBodySchema>;

export const publishResultSchema = z.object({ messageIds: z.array(z.number().int()) });
export type PublishResult = z.infer<typeof publishResultSchema>;

export const messageContentSchema = z.object({
  messageType: z.number().int(),
  title: z.string(),
  text: z.string(),
  expandInfo: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type MessageContent = z.infer<typeof messageContentSchema>;

/** Message (spec 3). `createTime` is Asia/Shanghai `YYYY-MM-DD HH:mm:ss`; `createTimeMs` the same instant. */
export const messageSchema = z.object({
  messageId: z.number().int(),
  businessType: z.number().int(),
  businessTypeName: z.string(),
  status: z.number().int(),
  statusDesc: z.string(),
  messageContent: messageContentSchema,
  receiver: z.string(),
  storeCode: z.string(),
  createTime: z.string(),
  createTimeMs: z.number().int(),
  distanceMinutes: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = pageOf(messageSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

/** Broadcast response (spec 3). */
export const broadcastSchema = z.object({
  messageCount: z.number().int(),
  messageList: z.array(messageSchema),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** Unread state (spec 3): total and per business type. */
export const unreadCountSchema = z.object({
  messageCount: z.number().int(),
  businessMessageCountList: z.array(
    z.object({ businessType: z.number().int(), businessMessageCount: z.number().int() }),
  ),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const businessTagSchema = z.object({ code: z.number().int(), message: z.string() });
export type BusinessTag = z.infer<typeof businessTagSchema>;

export const supplementResultSchema = z.object({ supplemented: z.number().int() });
export const operateResultSchema = z.object({ affected: z.number().int() });

/** Where opening a message goes (spec 2.15), decided from expandInfo and the catalogue. */
export type ResolvedTarget =
  | { kind: 'url'; url: string }
  | { kind: 'route'; name: string; query: Record<string, string> }
  | { kind: 'none' };

export function resolveMessageTarget(
  businessType: number,
  content: Pick<MessageContent, 'messageType' | 'expandInfo'>,
): ResolvedTarget {
  const info = content.expandInfo;
  if (typeof info.url === 'string' && info.url) return { kind: 'url', url: safeDecode(info.url) };
  if (typeof info.componentName === 'string' && info.componentName) {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(info))
      if (key !== 'componentName' && key !== 'url') query[key] = String(value);
    return { kind: 'route', name: currentRouteName(businessType, info.componentName), query };
  }
  const target = messageKindOf(businessType, content.messageType)?.target;
  if (!target) return { kind: 'none' };
  return { kind: 'route', name: target.name, query: buildQuery(target.query, info) };
}

/**
 * Route names that changed meaning, for messages stored before the change: `ReceivedOrders` was the store's
 * received customer orders and is now the transfer-in receiving list (spec 2.15, issue 21 point 6). A message of
 * another family that names it still opens the page it meant, under the page's new name.
 */
const RENAMED_ROUTES: Readonly<Record<string, { name: string; keptBy: MessageFamily }>> = {
  ReceivedOrders: { name: 'ReceivedCustomerOrders', keptBy: 'inventory' },
};

function currentRouteName(businessType: number, name: string): string {
  const renamed = RENAMED_ROUTES[name];
  if (!renamed) return name;
  return businessTypeOf(businessType)?.family === renamed.keptBy ? name : renamed.name;
}

function buildQuery(spec: TargetQuery, info: MessageContent['expandInfo']): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, source] of Object.entries(spec)) {
    const value = 'value' in source ? source.value : info[source.from];
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  return query;
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** Bytes of a string in UTF-8, without TextEncoder (the contract builds without DOM or Node types). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The message center (spec 7.4) and the integration endpoint for upstream systems. */
export const imEndpoints = {
  supplement: endpoint({
    method: 'POST',
    path: IM_PATHS.supplement,
    request: imScopeBodySchema,
    response: supplementResultSchema,
    summary: 'Not-pushed messages older than a card’s life become unread history (no pop-up)',
  }),
  unreadCount: endpoint({
    method: 'POST',
    path: IM_PATHS.unreadCount,
    request: imScopeBodySchema,
    response: unreadCountSchema,
    summary: 'Unread messages (not pushed or unread) in total and per business type',
  }),
  /** The long poll: answers at once when messages wait, else holds; HTTP `IM_LIMITS.busyStatus` asks to back off. */
  listener: endpoint({
    method: 'POST',
    path: IM_PATHS.listener,
    request: listenerBodySchema,
    response: broadcastSchema,
    summary: 'Long poll: answers at once when messages wait, else holds until one arrives or the hold ends',
  }),
  operate: endpoint({
    method: 'POST',
    path: IM_PATHS.operate,
    request: operateMessagesBodySchema,
    response: operateResultSchema,
    summary: 'Mark all read (1), clear all (2), mark read (3) or delete (4)',
  }),
  pageList: endpoint({
    method: 'POST',
    path: IM_PATHS.pageList,
    request: pageMessagesBodySchema,
    response: messagePageSchema,
    summary: 'Messages newest first, by status (1 unread, 2 read, none all) and business type',
  }),
  businessTypes: endpoint({
    method: 'POST',
    path: IM_PATHS.businessTypes,
    request: noInput,
    response: z.array(businessTagSchema),
    summary: 'Business types of the message tags',
  }),
  publish: endpoint({
    method: 'POST',
    path: IM_PATHS.publish,
    request: publishBodySchema,
    response: publishResultSchema,
    summary: 'Integration endpoint: publish messages to a store’s staff (header X-Service-Token)',
  }),
};
