import { z } from 'zod';
import { recordId, recordIdFromText } from './common/fields.js';
import { endpoint, noInput } from './common/endpoint.js';
import { keywordField } from './common/list-request.js';
import { pageOf, pageRequest } from './common/page.js';

/** Role management (角色管理): roles and the menus and buttons each grants. */
export const ROLE_PATHS = {
  list: '/api/roles',
  menuTree: '/api/roles/menuTree',
  create: '/api/roles',
  edit: '/api/roles/:id',
  remove: '/api/roles/:id',
  shopGroups: '/api/roles/shopGroups',
} as const;

export const ROLE_PAGE_SIZE_MAX = 50;
export const ROLE_MENUS_MAX = 1000;
/** A role's key, sent to the console as a role string: lower-case letters, digits and `_`. */
export const ROLE_PERMISSION_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

/**
 * Which stores a role's holders see and change in head-office administration: all stores, the stores of the
 * chosen shop groups, or the user's own authorised stores (the default). A user holds the union of their roles'.
 */
export const DATA_SCOPES = ['all', 'groups', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const DATA_SCOPE_TEXT: Record<DataScope, string> = {
  all: '全部门店',
  groups: '指定门店分组',
  own: '本人授权门店',
};
export const ROLE_SHOP_GROUPS_MAX = 200;
export const ROLE_SCOPE_MESSAGES = {
  scope: '数据权限不正确',
  groups: '请选择门店分组',
  group: '门店分组不正确',
  tooMany: `门店分组不能超过${ROLE_SHOP_GROUPS_MAX}个`,
} as const;

export const roleShopGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleShopGroup = z.infer<typeof roleShopGroupSchema>;

export const roleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permission: z.string(),
  description: z.string(),
  cloudPlatform: z.boolean(),
  /** The menus, pages and buttons the role grants. */
  menuIds: z.array(z.number().int()),
  dataScope: z.enum(DATA_SCOPES),
  /** The shop groups of a `groups` scope (empty otherwise), with their names for the list. */
  shopGroups: z.array(roleShopGroupSchema),
  /** Users holding the role. */
  userCount: z.number().int(),
  createdAt: z.string(),
  /** Whether the caller may edit or delete it (the administrator any; others only what they could grant). */
  editable: z.boolean(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

export const roleListQuerySchema = z.object({
  keyword: keywordField(),
  ...pageRequest({ max: ROLE_PAGE_SIZE_MAX, fromQuery: true }),
});

/** The shop groups a `groups` scope may name, searched by name: a page of them (a chain has hundreds). */
export const ROLE_GROUP_OPTIONS_PAGE_MAX = 50;
export const roleShopGroupQuerySchema = z.object({
  keyword: keywordField(32),
  ...pageRequest({ max: ROLE_GROUP_OPTIONS_PAGE_MAX, fromQuery: true }),
});
export type RoleShopGroupQuery = z.input<typeof roleShopGroupQuerySchema>;
export const roleBodySchema = z
  .object({
    name: z
      .string({ error: '请输入角色名称' })
      .trim()
      .min(1, '请输入角色名称')
      .max(64, '角色名称不能超过64个字'),
    permission: z
      .string({ error: '请输入角色标识' })
      .trim()
      .regex(ROLE_PERMISSION_PATTERN, '角色标识为2-32位小写字母、数字或下划线，以字母开头'),
    description: z.string({ error: '描述不正确' }).trim().max(255, '描述不能超过255个字').default(''),
    cloudPlatform: z.boolean({ error: '云平台角色不正确' }).default(true),
    menuIds: z
      .array(recordId('菜单不正确'), {
        error: '菜单不正确',
      })
      .max(ROLE_MENUS_MAX, '菜单过多')
      .default([]),
    dataScope: z.enum(DATA_SCOPES, { error: ROLE_SCOPE_MESSAGES.scope }).default('own'),
    /** Only with `groups` (ignored, and saved empty, otherwise). */
    shopGroupIds: z
      .array(recordId(ROLE_SCOPE_MESSAGES.group), { error: ROLE_SCOPE_MESSAGES.group })
      .max(ROLE_SHOP_GROUPS_MAX, ROLE_SCOPE_MESSAGES.tooMany)
      .default([]),
  })
  .refine((role) => role.dataScope !== 'groups' || role.shopGroupIds.length > 0, {
    message: ROLE_SCOPE_MESSAGES.groups,
    path: ['shopGroupIds'],
  });
export type RoleBody = z.input<typeof roleBodySchema>;

export const roleParamsSchema = z.object({
  id: recordIdFromText('角色编号不正确'),
});

/**
 * One node of the permission tree: a directory (0), a page (1) or a button (2, with its permission); `held`:
 * whether the caller holds it (only what one holds can be granted).
 */
export type PermissionNode = {
  id: number;
  title: string;
  type: number;
  permission: string | null;
  held: boolean;
  children: PermissionNode[];
};
export const permissionNodeSchema: z.ZodType<PermissionNode> = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  permission: z.string().nullable(),
  held: z.boolean(),
  get children() {
    return z.array(permissionNodeSchema);
  },
});

export const roleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: ROLE_PATHS.list,
    request: roleListQuerySchema,
    response: pageOf(roleRowSchema),
    summary: 'Roles with their menus and how many users hold each',
  }),
  menuTree: endpoint({
    method: 'GET',
    path: ROLE_PATHS.menuTree,
    request: noInput,
    response: z.array(permissionNodeSchema),
    summary: 'The menu and button tree a role is granted from',
  }),
  create: endpoint({
    method: 'POST',
    path: ROLE_PATHS.create,
    request: roleBodySchema,
    response: roleRowSchema,
    summary: 'Create a role (only menus the caller holds)',
  }),
  edit: endpoint({
    method: 'PUT',
    path: ROLE_PATHS.edit,
    params: roleParamsSchema,
    request: roleBodySchema,
    response: roleRowSchema,
    summary: 'Edit a role; its holders get the change at their next request',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: ROLE_PATHS.remove,
    params: roleParamsSchema,
    request: noInput,
    response: z.null(),
    summary: 'Delete a role no user holds (never admin)',
  }),
  shopGroups: endpoint({
    method: 'GET',
    path: ROLE_PATHS.shopGroups,
    request: roleShopGroupQuerySchema,
    response: pageOf(roleShopGroupSchema),
    summary: 'The shop groups the caller may put in a role’s data scope, by name, a page at a time',
  }),
};
