import { z } from 'zod';
import { dateRangeFields } from './common/date-range.js';
import { endpoint, noInput } from './common/endpoint.js';
import { recordId, recordIdFromText } from './common/fields.js';
import { keywordField, listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { storeCodeSchema } from './stores.js';

/** 系统工具: logs, online users and scheduled jobs (docs/domain/system-tools.md). */
export const SYSTEM_TOOL_PATHS = {
  /** spec 7.6 */
  logQuery: '/tec/sys_log/log/query',
  logDetail: '/api/system/logs/detail',
  /** Queue the head-office Excel export of 操作日志 (`log:export`); the job is exportEndpoints.operationLogs. */
  logExport: '/api/system/logs/export',
  errorLogs: '/api/system/error-logs',
  clientErrorLogs: '/api/system/error-logs/client',
  /** Queue the head-office Excel export of 异常日志's server errors (`errorLog:export`). */
  errorLogExport: '/api/system/error-logs/export',
  /** Queue the head-office Excel export of 异常日志's browser reports (`errorLog:export`). */
  clientErrorLogExport: '/api/system/error-logs/client/export',
  loginLogs: '/api/system/login-logs',
  /** Queue the head-office Excel export of 登录日志 (`loginLog:export`). */
  loginLogExport: '/api/system/login-logs/export',
  online: '/api/system/online',
  kick: '/api/system/online/kick',
  jobs: '/api/system/jobs',
  jobEnabled: '/api/system/jobs/enabled',
  jobRun: '/api/system/jobs/run',
  jobCron: '/api/system/jobs/cron',
  cronPreview: '/api/system/jobs/cron-preview',
  jobRuns: '/api/system/jobs/runs',
} as const;

/** The button permissions of the 系统工具 pages (the admin role holds every one). */
export const SYSTEM_TOOL_PERMISSIONS = {
  logList: 'log:list',
  logExport: 'log:export',
  errorLogList: 'errorLog:list',
  errorLogExport: 'errorLog:export',
  loginLogList: 'loginLog:list',
  loginLogExport: 'loginLog:export',
  onlineList: 'online:list',
  onlineKick: 'online:kick',
  timingList: 'timing:list',
  timingEdit: 'timing:edit',
  timingRun: 'timing:run',
} as const;

export const LOG_PAGE_SIZE_MAX = 100;
const paging = { max: LOG_PAGE_SIZE_MAX, defaultSize: 20, fromQuery: true };

export const LOG_RESULTS = ['ok', 'fail'] as const;
export type LogResult = (typeof LOG_RESULTS)[number];
export const LOG_RESULT_TEXT: Record<LogResult, string> = { ok: '成功', fail: '失败' };

// ── 操作日志 ─────────────────────────────────────────────────────────────────

export const operationLogFilters = listFilters(
  {
    /** Account or name of the user (contains). */
    user: keywordField(32),
    storeCode: storeCodeSchema.nullish(),
    /** An action or its prefix (`user.` finds every user change). */
    action: z
      .string({ error: '操作类型不正确' })
      .trim()
      .max(64, '操作类型不能超过64个字')
      .regex(/^[A-Za-z0-9._-]*$/, '操作类型只含字母、数字、点、横线和下划线')
      .nullish(),
    result: z.enum(LOG_RESULTS, { error: '结果不正确' }).nullish(),
    ...dateRangeFields,
  },
  paging,
);
export type OperationLogQuery = z.input<typeof operationLogFilters.request>;
/** What an export of 操作日志 takes: the list's filters without paging. */
export const operationLogExportBodySchema = operationLogFilters.filters;
export type OperationLogExportBody = z.infer<typeof operationLogExportBodySchema>;

/** The titles of 操作日志's columns, shared by the page and its Excel export (the last five: export only). */
export const OPERATION_LOG_COLUMN_TITLES = {
  createdAt: '时间',
  user: '用户',
  action: '操作',
  target: '对象',
  store: '门店',
  ip: 'IP',
  result: '结果',
  path: '请求',
  userAccount: '账号',
  requestId: '请求编号',
  params: '请求参数（密钥已遮盖）',
  before: '修改前',
  after: '修改后',
} as const;

export const operationLogRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  userName: z.string(),
  userAccount: z.string(),
  storeCode: z.string().nullable(),
  target: z.string(),
  ip: z.string(),
  result: z.enum(LOG_RESULTS),
  method: z.string(),
  path: z.string(),
  createdAt: z.string(),
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;
export const operationLogPageSchema = pageOf(operationLogRowSchema);

export const logIdQuerySchema = z.object({ id: recordIdFromText('日志编号不正确') });
export const operationLogDetailSchema = operationLogRowSchema.extend({
  requestId: z.string(),
  userAgent: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** What the row records besides before and after (a batch size, a refusal's message). */
  detail: z.record(z.string(), z.unknown()),
  /** The call's query and body, secrets masked (`***`). */
  params: z.unknown(),
});
export type OperationLogDetail = z.infer<typeof operationLogDetailSchema>;

// ── 异常日志 ─────────────────────────────────────────────────────────────────

export const errorLogFilters = listFilters({ keyword: keywordField(50), ...dateRangeFields }, paging);
export type ErrorLogQuery = z.input<typeof errorLogFilters.request>;
/** What an export of either 异常日志 list takes: the list's filters without paging. */
export const errorLogExportBodySchema = errorLogFilters.filters;
export type ErrorLogExportBody = z.infer<typeof errorLogExportBodySchema>;

/**
 * The titles of 异常日志's columns (both tabs), shared by the page and its Excel exports. The export carries
 * 堆栈 only when the page would show it to the asker (the administrator).
 */
export const ERROR_LOG_COLUMN_TITLES = {
  createdAt: '时间',
  requestId: '请求编号',
  path: '请求',
  message: '信息',
  stack: '堆栈',
  user: '用户',
  ip: 'IP',
  kind: '类型',
  pageUrl: '页面',
  release: '版本',
  store: '门店',
} as const;

export const serverErrorRowSchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  message: z.string(),
  /** Null for everyone but the administrator. */
  stack: z.string().nullable(),
  userName: z.string(),
  ip: z.string(),
  createdAt: z.string(),
});
export type ServerErrorRow = z.infer<typeof serverErrorRowSchema>;

export const clientErrorRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  pageUrl: z.string(),
  userAgent: z.string(),
  release: z.string(),
  storeCode: z.string().nullable(),
  userName: z.string(),
  createdAt: z.string(),
});
export type ClientErrorRow = z.infer<typeof clientErrorRowSchema>;

// ── 登录日志 ─────────────────────────────────────────────────────────────────

export const loginLogFilters = listFilters(
  {
    /** The account, phone or IP (contains). */
    keyword: keywordField(64),
    result: z.enum(LOG_RESULTS, { error: '结果不正确' }).nullish(),
    ...dateRangeFields,
  },
  paging,
);
export type LoginLogQuery = z.input<typeof loginLogFilters.request>;
export const loginLogExportBodySchema = loginLogFilters.filters;
export type LoginLogExportBody = z.infer<typeof loginLogExportBodySchema>;

/** The titles of 登录日志's columns, shared by the page and its Excel export. */
export const LOGIN_LOG_COLUMN_TITLES = {
  createdAt: '时间',
  account: '账号',
  user: '用户',
  result: '结果',
  method: '方式',
  reason: '原因',
  ip: 'IP',
  userAgent: '浏览器',
} as const;

export const LOGIN_FAILURE_TEXT: Record<string, string> = {
  unknown_user: '账号不存在',
  bad_password: '密码错误',
  disabled: '账号已停用',
  bad_code: '验证码错误',
  no_user_for_phone: '手机号未绑定账号',
};
export const LOGIN_METHOD_TEXT: Record<string, string> = { password: '密码登录', sms: '验证码登录' };

export const loginLogRowSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  result: z.enum(LOG_RESULTS),
  method: z.string(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

// ── 在线用户 ─────────────────────────────────────────────────────────────────

export const onlineFilters = listFilters({ keyword: keywordField(32) }, paging);
export type OnlineQuery = z.input<typeof onlineFilters.request>;

export const onlineRowSchema = z.object({
  sessionId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userAccount: z.string(),
  storeName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string().nullable(),
  /** The caller's own session: it cannot be ended from here. */
  current: z.boolean(),
});
export type OnlineRow = z.infer<typeof onlineRowSchema>;
export const kickBodySchema = z.object({ sessionId: recordId('会话编号不正确') });

// ── 定时任务 ─────────────────────────────────────────────────────────────────

export const JOB_SCOPE_TEXT = { cluster: '集群单实例', instance: '每个实例' } as const;
export const JOB_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
export const JOB_RUN_STATUS_TEXT = { running: '运行中', ok: '成功', failed: '失败' } as const;
export const JOB_TRIGGER_TEXT = { schedule: '定时', manual: '手动' } as const;

export const jobRunSchema = z.object({
  id: z.number().int(),
  jobName: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  instanceId: z.string(),
  status: z.enum(JOB_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type JobRunRow = z.infer<typeof jobRunSchema>;

export const jobRowSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The cron in force, or `每 N 秒` for an interval job nobody gave a cron. */
  schedule: z.string(),
  cron: z.string().nullable(),
  defaultSchedule: z.string(),
  scope: z.enum(['cluster', 'instance']),
  enabled: z.boolean(),
  running: z.boolean(),
  lastRun: jobRunSchema.nullable(),
  nextRunAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

export const jobNameSchema = z
  .string({ error: '请选择任务' })
  .trim()
  .min(1, '请选择任务')
  .max(64, '任务名称不正确');
export const CRON_MAX = 64;
/** Five fields (minute first) or six (second first), as croner reads them. */
export const cronSchema = z
  .string({ error: '请填写定时表达式' })
  .trim()
  .min(1, '请填写定时表达式')
  .max(CRON_MAX, `定时表达式不能超过${CRON_MAX}个字`);

export const jobEnabledBodySchema = z.object({
  name: jobNameSchema,
  enabled: z.boolean({ error: '启用状态不正确' }),
});
export const jobNameBodySchema = z.object({ name: jobNameSchema });
/** `cron` null: back to the code's schedule. */
export const jobCronBodySchema = z.object({ name: jobNameSchema, cron: cronSchema.nullable() });
export const cronPreviewQuerySchema = z.object({ cron: cronSchema });
export const cronPreviewSchema = z.object({ next: z.array(z.string()) });
export const jobRunsQuerySchema = z.object({
  name: jobNameSchema,
  ...listFilters({}, paging).request.shape,
});
export const jobRunPageSchema = pageOf(jobRunSchema);

export const systemToolEndpoints = {
  logQuery: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.logQuery,
    request: operationLogFilters.request,
    response: operationLogPageSchema,
    summary: '操作日志：按用户、门店、操作、时间和结果查询',
  }),
  logDetail: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.logDetail,
    request: logIdQuerySchema,
    response: operationLogDetailSchema,
    summary: '操作日志详情：修改前后与请求参数（密钥已遮盖）',
  }),
  errorLogs: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.errorLogs,
    request: errorLogFilters.request,
    response: pageOf(serverErrorRowSchema),
    summary: '异常日志：服务端错误',
  }),
  clientErrorLogs: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.clientErrorLogs,
    request: errorLogFilters.request,
    response: pageOf(clientErrorRowSchema),
    summary: '异常日志：浏览器上报的错误',
  }),
  loginLogs: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.loginLogs,
    request: loginLogFilters.request,
    response: pageOf(loginLogRowSchema),
    summary: '登录日志：成功与失败的登录',
  }),
  online: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.online,
    request: onlineFilters.request,
    response: pageOf(onlineRowSchema),
    summary: '在线用户：有效的会话',
  }),
  kick: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.kick,
    request: kickBodySchema,
    response: z.null(),
    summary: '强制下线：结束一个会话（所有实例立即生效）',
  }),
  jobs: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.jobs,
    request: noInput,
    response: z.array(jobRowSchema),
    summary: '定时任务列表',
  }),
  setJobEnabled: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.jobEnabled,
    request: jobEnabledBodySchema,
    response: jobRowSchema,
    summary: '暂停或恢复定时任务',
  }),
  runJob: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.jobRun,
    request: jobNameBodySchema,
    response: jobRunSchema,
    summary: '立即执行一次定时任务',
  }),
  setJobCron: endpoint({
    method: 'POST',
    path: SYSTEM_TOOL_PATHS.jobCron,
    request: jobCronBodySchema,
    response: jobRowSchema,
    summary: '修改定时任务的定时表达式',
  }),
  cronPreview: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.cronPreview,
    request: cronPreviewQuerySchema,
    response: cronPreviewSchema,
    summary: '定时表达式接下来五次的运行时间',
  }),
  jobRuns: endpoint({
    method: 'GET',
    path: SYSTEM_TOOL_PATHS.jobRuns,
    request: jobRunsQuerySchema,
    response: jobRunPageSchema,
    summary: '定时任务的运行记录',
  }),
};
