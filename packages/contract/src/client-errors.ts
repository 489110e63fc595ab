import { z } from 'zod';
import { STORE_CODE_PATTERN } from './stores.js';
import { endpoint } from './common/endpoint.js';

export const CLIENT_ERROR_PATHS = {
  report: '/api/client-errors',
} as const;

/** Column sizes of `client_error_reports`; the web truncates to these before sending, the server refuses more. */
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 8000,
  pageUrl: 1000,
  userAgent: 400,
  release: 64,
} as const;

/** What went wrong: a script error, an unhandled rejection, a failed resource, a render crash, a timeout. */
export const CLIENT_ERROR_KINDS = ['error', 'rejection', 'resource', 'render', 'timeout'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

const capped = (max: number, label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `缺少${label}` : `${label}格式不正确`) })
    .max(max, `${label}不能超过${max}个字符`);

/**
 * One browser error report. Identity never comes from here: the server takes the user from the token, and
 * unknown keys (a `userId` meant for a third-party collector) are dropped.
 */
export const clientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS, { error: '错误类型不正确' }),
  message: capped(CLIENT_ERROR_LIMITS.message, '错误信息').trim().min(1, '缺少错误信息'),
  stack: capped(CLIENT_ERROR_LIMITS.stack, '错误堆栈').default(''),
  pageUrl: capped(CLIENT_ERROR_LIMITS.pageUrl, '页面地址').default(''),
  userAgent: capped(CLIENT_ERROR_LIMITS.userAgent, '浏览器信息').optional(),
  release: capped(CLIENT_ERROR_LIMITS.release, '版本号').default(''),
  storeCode: z
    .string({ error: '门店编号格式不正确' })
    .regex(STORE_CODE_PATTERN, '门店编号格式不正确')
    .nullish(),
});
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>;

export const clientErrorEndpoints = {
  /** Also accepts `text/plain` (what `navigator.sendBeacon` posts); the web sends it by beacon or `http`. */
  report: endpoint({
    method: 'POST',
    path: CLIENT_ERROR_PATHS.report,
    request: clientErrorReportSchema,
    response: z.null(),
    summary: 'Store a browser error report (anonymous allowed; the user comes from the token only)',
  }),
};
