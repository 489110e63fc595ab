import { z } from 'zod';
import { WORK_CODE_PATTERN } from './auth-open.js';
import { recordId, recordIdFromText } from './common/fields.js';
import { endpoint, noInput } from './common/endpoint.js';
import { keywordField, listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { storeCodeSchema } from './stores.js';
import { MOBILE_PATTERN } from './validation.js';

/** 用户管理 (head office): the paged query is spec 7.6's `portal/user/getUserPage`; the rest sit beside it. */
export const USER_ADMIN_PATHS = {
  page: '/tec/portal/user/getUserPage',
  detail: '/tec/portal/user/detail',
  create: '/tec/portal/user/create',
  update: '/tec/portal/user/update',
  setEnabled: '/tec/portal/user/setEnabled',
  resetPassword: '/tec/portal/user/resetPassword',
  formOptions: '/tec/portal/user/formOptions',
  storeOptions: '/tec/portal/user/storeOptions',
} as const;

/** The button permissions of the 用户管理 page (menu seed, routes and the page's row actions). */
export const USER_ADMIN_PERMISSIONS = {
  add: 'user:add',
  edit: 'user:edit',
  enable: 'user:enable',
  resetPassword: 'user:resetPwd',
} as const;

export const USER_PAGE_SIZE_MAX = 100;
export const USER_STORES_MAX = 500;
export const USER_ROLES_MAX = 20;
export const USER_STORE_OPTIONS_MAX = 50;
/** Account names: letters, digits, `_`, `.`, `-`, 2 to 32 characters, starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$/;

export const userFilters = listFilters(
  {
    /** Name, account, phone or work code. */
    keyword: keywordField(50),
    deptId: recordId('部门不正确').nullish(),
    roleId: recordId('角色不正确').nullish(),
    shopCode: storeCodeSchema.nullish(),
    enabled: z.boolean({ error: '状态不正确' }).nullish(),
  },
  { max: USER_PAGE_SIZE_MAX, defaultSize: 20 },
);
export type UserFilters = z.input<typeof userFilters.filters>;
export type UserListBody = z.input<typeof userFilters.request>;

const roleRefSchema = z.object({ id: z.number().int(), name: z.string(), permission: z.string() });
const storeRefSchema = z.object({ shopCode: z.string(), shopName: z.string() });
export type UserStoreRef = z.infer<typeof storeRefSchema>;

export const userRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  workCode: z.string(),
  /** `138****0001`: whole phones are in the detail only. */
  phoneMasked: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  roles: z.array(roleRefSchema),
  storeCount: z.number().int(),
  /** The first few store names, for the list. */
  storeNames: z.array(z.string()),
  enabled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  /** Whether the caller may edit, disable or reset this user (holds every role the user holds, never oneself). */
  manageable: z.boolean(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userPageSchema = pageOf(userRowSchema);
export type UserPage = z.infer<typeof userPageSchema>;

/** Column titles, once for the page (and any later export). */
export const USER_COLUMN_TITLES = {
  nickName: '姓名',
  username: '账号',
  workCode: '工号',
  phoneMasked: '手机号',
  deptName: '部门',
  roles: '角色',
  storeCount: '门店',
  enabled: '状态',
  createdAt: '创建时间',
} as const;

export const userIdBodySchema = z.object({ id: recordId('用户编号不正确') });
export const userIdQuerySchema = z.object({
  id: recordIdFromText('用户编号不正确'),
});

export const userDetailSchema = userRowSchema.omit({ storeNames: true, storeCount: true }).extend({
  phone: z.string(),
  stores: z.array(storeRefSchema),
  updatedAt: z.string(),
  passwordChangedAt: z.string(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

const nickName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字');
const workCode = z
  .string({ error: '请输入工号' })
  .trim()
  .min(1, '请输入工号')
  .regex(WORK_CODE_PATTERN, '工号只能包含字母、数字、-和_，最多32位');
const phone = z.string({ error: '请输入手机号' }).trim().regex(MOBILE_PATTERN, '请输入正确的手机号');
const roleIds = z
  .array(recordId('角色不正确'), { error: '请选择角色' })
  .min(1, '请至少选择一个角色')
  .max(USER_ROLES_MAX, `最多选择${USER_ROLES_MAX}个角色`);
const storeCodes = z
  .array(storeCodeSchema, { error: '门店不正确' })
  .max(USER_STORES_MAX, `最多选择${USER_STORES_MAX}家门店`);

/** What the create and edit forms share. */
const userFields = {
  nickName,
  workCode,
  phone,
  deptId: recordId('部门不正确').nullish(),
  roleIds,
  storeCodes,
};

export const createUserBodySchema = z.object({
  username: z
    .string({ error: '请输入账号' })
    .trim()
    .min(1, '请输入账号')
    .regex(USERNAME_PATTERN, '账号为2至32位字母、数字或 _ . -，以字母或数字开头'),
  ...userFields,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({ id: recordId('用户编号不正确'), ...userFields });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const setUserEnabledBodySchema = z.object({
  id: recordId('用户编号不正确'),
  enabled: z.boolean({ error: '请选择启用或停用' }),
});
export type SetUserEnabledBody = z.infer<typeof setUserEnabledBodySchema>;

/** A password made by the server, shown once to the administrator; the user must change it at sign-in. */
export const oneTimePasswordSchema = z.object({ id: z.number().int(), oneTimePassword: z.string() });
export type OneTimePassword = z.infer<typeof oneTimePasswordSchema>;

export const userFormOptionsSchema = z.object({
  /** The roles the caller may grant (nobody grants a role they do not hold). */
  roles: z.array(roleRefSchema),
  departments: z.array(
    z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() }),
  ),
});
export type UserFormOptions = z.infer<typeof userFormOptionsSchema>;

export const storeOptionsQuerySchema = z.object({ keyword: keywordField(32) });
export const storeOptionsSchema = z.array(storeRefSchema);

export const userAdminEndpoints = {
  page: endpoint({
    method: 'POST',
    path: USER_ADMIN_PATHS.page,
    request: userFilters.request,
    response: userPageSchema,
    summary:
      'Head office: users by keyword (name, account, phone, work code), department, role, store, state',
  }),
  detail: endpoint({
    method: 'GET',
    path: USER_ADMIN_PATHS.detail,
    request: userIdQuerySchema,
    response: userDetailSchema,
    summary: 'Head office: one user with whole phone, roles and stores (the view is audited)',
  }),
  create: endpoint({
    method: 'POST',
    path: USER_ADMIN_PATHS.create,
    request: createUserBodySchema,
    response: oneTimePasswordSchema,
    summary: 'Head office: a new user with roles, department and stores; answers a one-time password',
  }),
  update: endpoint({
    method: 'POST',
    path: USER_ADMIN_PATHS.update,
    request: updateUserBodySchema,
    response: userDetailSchema,
    summary: "Head office: a user's name, work code, phone, department, roles and stores",
  }),
  setEnabled: endpoint({
    method: 'POST',
    path: USER_ADMIN_PATHS.setEnabled,
    request: setUserEnabledBodySchema,
    response: userDetailSchema,
    summary: 'Head office: enable or disable a user (disabling ends their sessions everywhere)',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: USER_ADMIN_PATHS.resetPassword,
    request: userIdBodySchema,
    response: oneTimePasswordSchema,
    summary: 'Head office: a new one-time password the user must change at sign-in; ends their sessions',
  }),
  formOptions: endpoint({
    method: 'GET',
    path: USER_ADMIN_PATHS.formOptions,
    request: noInput,
    response: userFormOptionsSchema,
    summary: 'Head office: the grantable roles and the departments of the user form',
  }),
  storeOptions: endpoint({
    method: 'GET',
    path: USER_ADMIN_PATHS.storeOptions,
    request: storeOptionsQuerySchema,
    response: storeOptionsSchema,
    summary: 'Head office: stores by shop code or name, for the user form',
  }),
};
