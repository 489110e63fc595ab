import type { Database } from '../../db/client.js';
import {
  MENU_ICONS,
  MENU_TYPES,
  type MenuAdminNode,
  type MenuRow,
  type menuCreateSchema,
  type menuUpdateSchema,
} from '@console/contract';
import type { z } from 'zod';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AdminActor } from '../audit/admin-actor.js';
import type { AuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import type { AuthCache } from '../auth/auth-cache.js';
import { subtreeIds } from '../departments/dept-tree.js';
import type { MenuAdminRepository, MenuRecord, MenuValues } from './menu-admin.repository.js';
import { SUPER_ROLE } from './menu.service.js';
import { nestRows } from './nest-rows.js';

type Create = z.output<typeof menuCreateSchema>;
type Update = z.output<typeof menuUpdateSchema>;

const unprocessable = (message: string, code: string) => new AppError(422, code, message);
const TYPE_TEXT: Record<number, string> = { 0: '目录', 1: '页面', 2: '按钮' };

export const MENU_ADMIN_MESSAGES = {
  notFound: '菜单不存在或已被删除',
  parentMissing: '上级菜单不存在或已被删除',
  parentKind: (type: number) =>
    type === MENU_TYPES.button ? '按钮只能放在页面下或顶层' : '目录和页面只能放在目录下或顶层',
  childrenKind: (type: number) => `该菜单下有不能放在${TYPE_TEXT[type]}下的子菜单，请先移走它们`,
  cycle: '不能把菜单移到它自己或它的下级之下',
  nameTaken: (name: string) => `路由名称「${name}」已被其他菜单使用`,
  icon: '请从图标列表中选择图标',
  containerComponent: '页面的组件不能是 Layout 或 ParentView',
  permissionNotHeld: '不能设置自己没有的权限标识',
  hasChildren: (title: string, n: number) => `菜单「${title}」下还有${n}个子菜单，请先删除子菜单`,
  raced: '菜单已被他人修改，请刷新后重试',
} as const;
const M = MENU_ADMIN_MESSAGES;

/** Which kinds may sit under which: directories and pages under a directory, buttons under a page. */
function fitsUnder(type: number, parent: Pick<MenuRecord, 'type'> | null): boolean {
  if (parent === null) return true;
  return type === MENU_TYPES.button ? parent.type === MENU_TYPES.page : parent.type === MENU_TYPES.directory;
}

/** The stored values of a checked input: a directory is a Layout (top) or ParentView, a button only a permission. */
function valuesOf(input: Create): MenuValues {
  const base = { ...input, path: input.path ?? '' };
  if (input.type === MENU_TYPES.directory)
    return { ...base, component: input.parentId === null ? 'Layout' : 'ParentView', external: false };
  if (input.type === MENU_TYPES.button)
    return { ...base, name: null, path: '', component: null, icon: null, noCache: false, external: false };
  return { ...base, component: input.external ? null : input.component };
}

const rowOf = ({ createdAt: _createdAt, ...row }: MenuRecord): MenuRow => row;

/**
 * Menu management (菜单管理, docs/ARCHITECTURE.md "Menus management and the component registry"). Each change
 * locks the tree, writes its audit row in the same transaction and then drops the auth cache on every instance
 * (a caller's roles carry the menus' permissions), so users see it at their next menu load and request.
 */
export function createMenuAdminService(deps: {
  db: Database;
  repo: MenuAdminRepository;
  audit: AuditLog;
  authCache: Pick<AuthCache, 'forgetAll'>;
}) {
  const { db, repo, audit, authCache } = deps;

  const change = auditedChanges(db, audit, {
    prepare: async (tx) => {
      await repo.lockTree(tx);
      return repo.all(tx);
    },
    raced: () => conflict(M.raced, 'MENU_RACED'),
    committed: () => authCache.forgetAll(),
  });

  /** The rules a menu's place and fields must keep; `current` is the menu being edited. */
  function assertValid(actor: AdminActor, all: MenuRecord[], values: MenuValues, current?: MenuRecord) {
    let parent: MenuRecord | null = null;
    if (values.parentId !== null) {
      parent = all.find((m) => m.id === values.parentId) ?? null;
      if (!parent) throw unprocessable(M.parentMissing, 'MENU_PARENT_MISSING');
      if (current && subtreeIds(all, current.id).has(parent.id)) throw unprocessable(M.cycle, 'MENU_CYCLE');
    }
    if (!fitsUnder(values.type, parent)) throw unprocessable(M.parentKind(values.type), 'MENU_PARENT_KIND');
    if (current && all.some((m) => m.parentId === current.id && !fitsUnder(m.type, values)))
      throw unprocessable(M.childrenKind(values.type), 'MENU_CHILDREN_KIND');
    if (values.type === MENU_TYPES.page && ['Layout', 'ParentView'].includes(values.component ?? ''))
      throw unprocessable(M.containerComponent, 'MENU_COMPONENT');
    // An icon from the app's list; a menu keeps the icon it has (the seed names some the sidebar does not draw).
    const icons: readonly string[] = MENU_ICONS;
    if (values.icon !== null && !icons.includes(values.icon) && values.icon !== current?.icon)
      throw unprocessable(M.icon, 'MENU_ICON');
    if (values.name !== null && all.some((m) => m.name === values.name && m.id !== current?.id))
      throw conflict(M.nameTaken(values.name), 'MENU_NAME_TAKEN');
    // A permission string is what the server checks: nobody hands out one they do not hold.
    const caller = actor.caller;
    if (
      values.permission !== null &&
      values.permission !== current?.permission &&
      !caller.roles.includes(SUPER_ROLE) &&
      !caller.roles.includes(values.permission)
    )
      throw forbidden(M.permissionNotHeld, 'PERMISSION_NOT_HELD');
  }

  return {
    async tree(): Promise<{ tree: MenuAdminNode[] }> {
      const [all, roleCounts] = await Promise.all([repo.all(), repo.roleCounts()]);
      return {
        tree: nestRows(all, (m) => ({
          ...rowOf(m),
          roleCount: roleCounts.get(m.id) ?? 0,
          createdAt: m.createdAt.toISOString(),
          children: [],
        })),
      };
    },

    create(actor: AdminActor, input: Create): Promise<MenuRow> {
      return change(actor, 'menu.create', input.title, async (tx, all) => {
        const values = valuesOf(input);
        assertValid(actor, all, values);
        const after = await repo.insert(tx, values);
        // The super role holds every menu, as the seed gives it.
        await repo.grant(tx, SUPER_ROLE, after.id);
        return { result: after, before: null, after };
      });
    },

    update(actor: AdminActor, input: Update): Promise<MenuRow> {
      return change(actor, 'menu.update', String(input.id), async (tx, all) => {
        const current = all.find((m) => m.id === input.id);
        if (!current) throw notFound(M.notFound, 'MENU_NOT_FOUND');
        const { id, ...fields } = input;
        const values = valuesOf(fields);
        assertValid(actor, all, values, current);
        const after = await repo.update(tx, id, values);
        return { result: after, before: rowOf(current), after };
      });
    },

    /** A menu with children stays; one that roles hold goes, and they lose it (its audit row names them). */
    delete(actor: AdminActor, id: number): Promise<null> {
      return change(actor, 'menu.delete', String(id), async (tx, all) => {
        const current = all.find((m) => m.id === id);
        if (!current) throw notFound(M.notFound, 'MENU_NOT_FOUND');
        const children = all.filter((m) => m.parentId === id).length;
        if (children > 0) throw conflict(M.hasChildren(current.title, children), 'MENU_HAS_CHILDREN');
        const heldBy = await repo.rolesHolding(tx, id);
        await repo.delete(tx, id);
        return { result: null, before: { ...rowOf(current), heldBy }, after: null };
      });
    },
  };
}
