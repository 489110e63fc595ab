import { z } from 'zod';
import { recordId, recordIdFromText, requiredText, sortNumber } from './common/fields.js';
import { endpoint, noInput } from './common/endpoint.js';

/** Menu management (菜单管理): the tree of directories, pages and buttons every menu and permission comes from. */
export const MENU_ADMIN_PATHS = {
  tree: '/api/menus/tree',
  menus: '/api/menus',
} as const;

export const MENU_TYPES = { directory: 0, page: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPES)[keyof typeof MENU_TYPES];
export const MENU_TITLE_MAX = 64;
export const MENU_NAME_MAX = 64;
export const MENU_PATH_MAX = 255;
export const MENU_PERMISSION_MAX = 128;
export const MENU_SORT_MAX = 9999;
/** A route name or a component name: a letter, then letters, digits, `_` or `-`. */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** A route path inside the console: segments of letters, digits, `_`, `-` and `.`, never `..`. */
export const MENU_PATH_PATTERN = /^\/?(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
/** A button permission as the console checks it: `order:ship`, `layoutAiAQuiz:entry`. */
export const MENU_PERMISSION_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(?::[A-Za-z][A-Za-z0-9_]*)+$/;

/**
 * An absolute http(s) link with a plain host (no user part, so no look-alike `https://good.com@evil`), no
 * blanks, quotes or angle brackets: the only external links a menu may hold.
 */
export const MENU_EXTERNAL_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$/i;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);
const flag = (message: string) => z.boolean({ error: message }).default(false);

export const MENU_MESSAGES = {
  type: '菜单类型不正确',
  titleRequired: '请填写菜单标题',
  nameRequired: '请填写路由名称',
  name: '路由名称以字母开头，只含字母、数字、_ 或 -',
  pathRequired: '请填写路由地址',
  path: '路由地址只能含字母、数字、_、-、. 和 /，且不能含 ..',
  externalUrl: '外链地址必须以 http:// 或 https:// 开头',
  componentRequired: '请填写组件名称',
  component: '组件名称以字母开头，只含字母、数字、_ 或 -',
  permissionRequired: '请填写权限标识',
  permission: '权限标识形如 order:ship（字母开头，用冒号分段）',
  buttonNoRoute: '按钮没有路由地址、组件或图标',
  directoryNoPermission: '目录没有权限标识',
} as const;
const M = MENU_MESSAGES;

const menuFields = z.object({
  parentId: recordId('上级菜单不正确').nullable(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: M.type }),
  title: requiredText(MENU_TITLE_MAX, M.titleRequired, `菜单标题不能超过${MENU_TITLE_MAX}个字`),
  name: optionalText(MENU_NAME_MAX, `路由名称不能超过${MENU_NAME_MAX}个字符`),
  path: optionalText(MENU_PATH_MAX, `路由地址不能超过${MENU_PATH_MAX}个字符`),
  component: optionalText(MENU_NAME_MAX, `组件名称不能超过${MENU_NAME_MAX}个字符`),
  icon: optionalText(64, '图标不正确'),
  permission: optionalText(MENU_PERMISSION_MAX, `权限标识不能超过${MENU_PERMISSION_MAX}个字符`),
  sort: sortNumber(MENU_SORT_MAX),
  hidden: flag('是否隐藏不正确'),
  noCache: flag('是否缓存不正确'),
  external: flag('是否外链不正确'),
});
type MenuFields = z.output<typeof menuFields>;
type Issue = { path: string; message: string };

/** What each kind of menu needs (a page: name, path, component or an http(s) link; a button: a permission). */
export function menuFieldIssues(menu: MenuFields): Issue[] {
  const issues: Issue[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) issues.push({ path, message });
  };
  const pattern = (value: string | null, regex: RegExp, path: string, message: string) =>
    need(value === null || regex.test(value), path, message);
  if (menu.type === MENU_TYPES.button) {
    need(menu.permission !== null, 'permission', M.permissionRequired);
    need(!menu.path && !menu.component && !menu.icon, 'path', M.buttonNoRoute);
  } else {
    need(menu.path !== null, 'path', M.pathRequired);
    pattern(menu.name, MENU_NAME_PATTERN, 'name', M.name);
    if (menu.external) pattern(menu.path, MENU_EXTERNAL_URL_PATTERN, 'path', M.externalUrl);
    else pattern(menu.path, MENU_PATH_PATTERN, 'path', M.path);
  }
  if (menu.type === MENU_TYPES.page) {
    need(menu.name !== null, 'name', M.nameRequired);
    need(menu.external || menu.component !== null, 'component', M.componentRequired);
    pattern(menu.component, MENU_NAME_PATTERN, 'component', M.component);
  }
  if (menu.type === MENU_TYPES.directory)
    need(menu.permission === null, 'permission', M.directoryNoPermission);
  pattern(menu.permission, MENU_PERMISSION_PATTERN, 'permission', M.permission);
  return issues;
}

const checked = <S extends z.ZodType<MenuFields>>(schema: S) =>
  schema.superRefine((menu, ctx) => {
    for (const issue of menuFieldIssues(menu))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const menuCreateSchema = checked(menuFields);
export type MenuCreate = z.input<typeof menuCreateSchema>;
export const menuUpdateSchema = checked(menuFields.extend({ id: recordId('菜单编号不正确') }));
export type MenuUpdate = z.input<typeof menuUpdateSchema>;
export const menuIdQuerySchema = z.object({ id: recordIdFromText('菜单编号不正确') });

export const menuRowSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.number().int(),
  title: z.string(),
  name: z.string().nullable(),
  path: z.string(),
  component: z.string().nullable(),
  icon: z.string().nullable(),
  permission: z.string().nullable(),
  sort: z.number().int(),
  hidden: z.boolean(),
  noCache: z.boolean(),
  external: z.boolean(),
});
export type MenuRow = z.infer<typeof menuRowSchema>;

/** A menu with its children, sorted by `sort` then id, and how many roles hold it. */
export type MenuAdminNode = MenuRow & { roleCount: number; createdAt: string; children: MenuAdminNode[] };
export const menuAdminNodeSchema: z.ZodType<MenuAdminNode> = z.lazy(() =>
  menuRowSchema.extend({
    roleCount: z.number().int(),
    createdAt: z.string(),
    children: z.array(menuAdminNodeSchema),
  }),
);

export const menuAdminEndpoints = {
  tree: endpoint({
    method: 'GET',
    path: MENU_ADMIN_PATHS.tree,
    request: noInput,
    response: z.object({ tree: z.array(menuAdminNodeSchema) }),
    summary: 'The whole menu tree (directories, pages, buttons) with how many roles hold each',
  }),
  create: endpoint({
    method: 'POST',
    path: MENU_ADMIN_PATHS.menus,
    request: menuCreateSchema,
    response: menuRowSchema,
    summary: 'Create a directory, page or button; shown at each user’s next menu load',
  }),
  update: endpoint({
    method: 'PUT',
    path: MENU_ADMIN_PATHS.menus,
    request: menuUpdateSchema,
    response: menuRowSchema,
    summary: 'Edit or move a menu (never under itself); shown at each user’s next menu load',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: MENU_ADMIN_PATHS.menus,
    request: menuIdQuerySchema,
    response: z.null(),
    summary: 'Delete a menu without children; the roles holding it lose it',
  }),
};
