import { z } from 'zod';
import { STORE_CODE_PATTERN, storeCodeSchema } from './stores.js';
import { MOBILE_PATTERN } from './validation.js';
import { recordId } from './common/fields.js';
import { endpoint, fileResponse, noInput } from './common/endpoint.js';
import { pageRequest } from './common/page.js';

/** Authorisation opening (spec 7.3): head office opens store access, the staff member confirms or refuses. */
export const AUTH_OPEN_PATHS = {
  queryByUser: '/ljYun/authOpen/queryAuthOpenInfoByUser',
  confirmOrRefuse: '/ljYun/authOpen/confirmOrRefuse',
  checkUserInfo: '/ljYun/authOpen/checkUserInfo',
  confirmOpen: '/ljYun/authOpen/confirmOpen',
  batchImport: '/ljYun/authOpen/userInfoBatchImport',
  importTemplate: '/ljYun/authOpen/downUserInfoImportTemplate',
} as const;

/** Work code (工号): letters, digits, `-` and `_`, at most 32 characters. */
export const WORK_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const AUTH_OPEN_PAGE_SIZE_MAX = 50;
export const AUTH_OPEN_STORES_MAX = 200;
export const AUTH_OPEN_IMPORT_MAX_ROWS = 2000;
export const AUTH_OPEN_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The template's column headers, in order (the parser finds columns by these names). */
export const AUTH_OPEN_IMPORT_COLUMNS = {
  workCode: '工号',
  name: '姓名',
  phone: '手机号',
  storeCodes: '门店编号',
  role: '角色',
} as const;
export type AuthOpenImportField = keyof typeof AUTH_OPEN_IMPORT_COLUMNS | 'file';

/** Store codes typed into one cell or box: separated by 、 , ， ; ； or whitespace; blanks and repeats dropped. */
export function splitStoreCodes(text: string): string[] {
  const codes = text
    .split(/[、,，;；\s]+/)
    .map((code) => code.trim())
    .filter(Boolean);
  return [...new Set(codes)];
}

export function isStoreCode(value: string): boolean {
  return STORE_CODE_PATTERN.test(value);
}

export const AUTH_OPEN_STATUSES = ['pending', 'confirmed', 'refused'] as const;
export const authOpenStatusSchema = z.enum(AUTH_OPEN_STATUSES, { error: '授权状态不正确' });
export type AuthOpenStatus = z.infer<typeof authOpenStatusSchema>;

export const authOpenRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  workCode: z.string(),
  shopCode: z.string(),
  shopName: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  status: authOpenStatusSchema,
  openedByName: z.string().nullable(),
  batchId: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AuthOpenRecord = z.infer<typeof authOpenRecordSchema>;

export const authOpenQueryBodySchema = z.object({
  ...pageRequest({ max: AUTH_OPEN_PAGE_SIZE_MAX, defaultSize: 10 }),
  /** Head office only: another user's records. */
  userId: recordId('用户编号不正确').optional(),
  status: authOpenStatusSchema.optional(),
});
export type AuthOpenQueryBody = z.input<typeof authOpenQueryBodySchema>;
export type AuthOpenQuery = z.infer<typeof authOpenQueryBodySchema>;

/** Answers `list` and `total` only, as before the kit (the web and the API tests read that shape), not `pageOf`. */
export const authOpenPageSchema = z.object({ list: z.array(authOpenRecordSchema), total: z.number().int() });
export type AuthOpenPage = z.infer<typeof authOpenPageSchema>;

export const AUTH_OPEN_DECISIONS = ['confirm', 'refuse'] as const;
export const confirmOrRefuseBodySchema = z.object({
  id: recordId('授权记录编号不正确'),
  action: z.enum(AUTH_OPEN_DECISIONS, { error: '请选择确认或拒绝' }),
});
export type ConfirmOrRefuseBody = z.infer<typeof confirmOrRefuseBodySchema>;

/** Look a user up by work code or phone (exactly one). */
export const checkUserInfoBodySchema = z
  .object({
    workCode: z
      .string({ error: '工号格式不正确' })
      .trim()
      .regex(WORK_CODE_PATTERN, '工号格式不正确')
      .optional(),
    phone: z
      .string({ error: '手机号格式不正确' })
      .trim()
      .regex(MOBILE_PATTERN, '手机号格式不正确')
      .optional(),
  })
  .refine((body) => Boolean(body.workCode) !== Boolean(body.phone), {
    message: '请输入工号或手机号（二选一）',
  });
export type CheckUserInfoBody = z.infer<typeof checkUserInfoBodySchema>;

export const authOpenUserInfoSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  workCode: z.string(),
  phone: z.string(),
  enabled: z.boolean(),
  stores: z.array(z.object({ shopCode: z.string(), shopName: z.string() })),
  roles: z.array(z.object({ roleId: z.number().int(), roleName: z.string(), permission: z.string() })),
  pending: z.array(authOpenRecordSchema),
});
export type AuthOpenUserInfo = z.infer<typeof authOpenUserInfoSchema>;

export const confirmOpenBodySchema = z.object({
  userId: recordId('用户编号不正确'),
  storeCodes: z
    .array(storeCodeSchema, { error: '请选择门店' })
    .min(1, '请选择门店')
    .max(AUTH_OPEN_STORES_MAX, `一次最多开通${AUTH_OPEN_STORES_MAX}家门店`),
  roleId: recordId('角色不正确').nullish(),
  remark: z.string({ error: '备注格式不正确' }).trim().max(200, '备注不能超过200个字').optional(),
});
export type ConfirmOpenBody = z.infer<typeof confirmOpenBodySchema>;

export const confirmOpenResultSchema = z.object({
  created: z.array(authOpenRecordSchema),
  /** Store codes the user already works in: nothing was opened for them. */
  alreadyAuthorised: z.array(z.string()),
  /** Store codes with a pending record already: not duplicated. */
  alreadyPending: z.array(z.string()),
});
export type ConfirmOpenResult = z.infer<typeof confirmOpenResultSchema>;

export const importRowErrorSchema = z.object({
  /** The Excel row number (the header is row 1); 0 for a problem with the file itself. */
  row: z.number().int(),
  field: z.enum(['workCode', 'name', 'phone', 'storeCodes', 'role', 'file']),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** `data` of a rejected import (HTTP 422): nothing was written. */
export const importRejectionSchema = z.object({
  errors: z.array(importRowErrorSchema),
  /** All errors found; `errors` holds at most the first 500. */
  errorCount: z.number().int(),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const importResultSchema = z.object({
  batchId: z.string(),
  rowCount: z.number().int(),
  usersCreated: z.number().int(),
  recordsCreated: z.number().int(),
  alreadyAuthorised: z.number().int(),
  alreadyPending: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Authorisation opening: the staff member's records and decisions, head office's look-up, opening and import. */
export const authOpenEndpoints = {
  queryByUser: endpoint({
    method: 'POST',
    path: AUTH_OPEN_PATHS.queryByUser,
    request: authOpenQueryBodySchema,
    response: authOpenPageSchema,
    summary: "The caller's authorisation records, pending first (head office: any user's)",
  }),
  confirmOrRefuse: endpoint({
    method: 'POST',
    path: AUTH_OPEN_PATHS.confirmOrRefuse,
    request: confirmOrRefuseBodySchema,
    response: authOpenRecordSchema,
    summary: 'Confirm (grants the store and role) or refuse one of the caller’s pending records',
  }),
  checkUserInfo: endpoint({
    method: 'POST',
    path: AUTH_OPEN_PATHS.checkUserInfo,
    request: checkUserInfoBodySchema,
    response: authOpenUserInfoSchema,
    summary: 'Head office: look a user up by work code or phone',
  }),
  confirmOpen: endpoint({
    method: 'POST',
    path: AUTH_OPEN_PATHS.confirmOpen,
    request: confirmOpenBodySchema,
    response: confirmOpenResultSchema,
    summary: 'Head office: open stores (and an optional role) for a user as pending records',
  }),
  /** A multipart form with one .xlsx file (the web posts it through `http`, not `call()`). */
  batchImport: endpoint({
    method: 'POST',
    path: AUTH_OPEN_PATHS.batchImport,
    request: noInput,
    response: importResultSchema,
    summary: 'Head office: import users and store openings from the Excel template (all or nothing)',
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: AUTH_OPEN_PATHS.importTemplate,
    request: noInput,
    response: fileResponse,
    summary: 'Head office: the Excel import template (.xlsx)',
  }),
};
