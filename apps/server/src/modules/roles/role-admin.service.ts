import type {
  PermissionNode,
  RoleRow,
  roleBodySchema,
  roleListQuerySchema,
  roleShopGroupQuerySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { ClientInfo } from '../../http/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { HEAD_OFFICE_ROLES } from '../../http/route.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuthCache } from '../auth/auth-cache.js';
import { shanghaiDateTime } from '../im/message-format.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import { nestRows } from '../menus/nest-rows.js';
import { coversRole, groupsOutside, type DataScope } from './data-scope.js';
import type { RoleAdminRepository, RoleGrants, RoleRecord, RoleValues } from './role-admin.repository.js';

type RoleBody = z.output<typeof roleBodySchema>;
type RoleListQuery = z.output<typeof roleListQuerySchema>;

export const ROLE_MESSAGES = {
  notFound: '角色不存在',
  duplicate: '角色标识已存在',
  menuNotFound: '菜单不存在',
  notHeld: '不能授予自己没有的菜单或按钮权限',
  notGrantable: '不能创建或修改总部、系统管理员角色，或超出自己权限的角色',
  superBuiltIn: '系统管理员角色不能删除',
  superKey: '系统管理员角色的标识不能修改',
  inUse: (users: number) => `该角色已分配给${users}名用户，不能删除`,
  scopeAllNotHeld: '不能授予“全部门店”数据权限：您本人的数据权限不是全部门店',
  groupsNotHeld: (names: string[]) => `不能授予本人数据权限以外的门店分组：${names.join('、')}`,
  groupNotFound: '门店分组不存在或已被删除',
  superScope: '系统管理员角色的数据权限固定为全部门店，不能修改',
};

/**
 * Role management (角色管理). Nobody grants what they do not hold: a caller other than `admin` creates or edits
 * only roles whose every menu and button they hold through their own roles and whose data scope their own
 * covers, never a head-office or the super role (the rule of `grantable-roles.ts`). `admin` cannot be deleted
 * or renamed and keeps the scope `all`; a role someone holds cannot be deleted. A change reaches the role's
 * holders at their next request: the auth cache is dropped on every instance (docs/adr/0003-auth-cache.md).
 * Every change is audited with its before and after.
 */
export function createRoleAdminService(deps: {
  repo: RoleAdminRepository;
  audit: AuditLog;
  authCache: Pick<AuthCache, 'forgetAll'>;
  grantableRoles: (caller: AuthContext) => Promise<Set<number>>;
  dataScopes: (caller: AuthContext) => Promise<DataScope>;
}) {
  const { repo, audit, authCache, grantableRoles, dataScopes } = deps;
  const isSuper = (caller: AuthContext) => caller.roles.includes(SUPER_ROLE);

  async function rowsOf(caller: AuthContext, records: RoleRecord[]): Promise<RoleRow[]> {
    const ids = records.map((r) => r.id);
    const [menuIds, groups, users, grantable] = await Promise.all([
      repo.menuIdsOf(ids),
      repo.shopGroupsOf(ids),
      repo.userCounts(ids),
      isSuper(caller) ? null : grantableRoles(caller),
    ]);
    return records.map((r) => ({
      id: r.id,
      name: r.name,
      permission: r.permission,
      description: r.description,
      cloudPlatform: r.cloudPlatform,
      menuIds: menuIds.get(r.id) ?? [],
      dataScope: r.dataScope as RoleRow['dataScope'],
      shopGroups: groups.get(r.id) ?? [],
      userCount: users.get(r.id) ?? 0,
      createdAt: shanghaiDateTime(r.createdAt),
      editable: grantable === null || grantable.has(r.id),
    }));
  }

  async function rowOf(caller: AuthContext, id: number): Promise<RoleRow> {
    const record = await repo.find(id);
    if (!record) throw notFound(ROLE_MESSAGES.notFound, 'ROLE_NOT_FOUND');
    return (await rowsOf(caller, [record]))[0]!;
  }

  /** The body's role is one the caller could hand out: its menus and scope held, no head-office or super key. */
  async function assertMayGrant(caller: AuthContext, body: RoleBody): Promise<void> {
    const existing = await repo.existingMenuIds(body.menuIds);
    if (body.menuIds.some((id) => !existing.has(id)))
      throw badRequest(ROLE_MESSAGES.menuNotFound, 'MENU_NOT_FOUND');
    await assertScopeHeld(caller, body);
    if (isSuper(caller)) return;
    if ([...HEAD_OFFICE_ROLES, SUPER_ROLE].includes(body.permission))
      throw forbidden(ROLE_MESSAGES.notGrantable, 'ROLE_NOT_GRANTABLE');
    const held = await repo.menuIdsHeldBy(caller.user.id);
    if (body.menuIds.some((id) => !held.has(id)))
      throw forbidden(ROLE_MESSAGES.notHeld, 'PERMISSION_NOT_HELD');
  }

  /** Nobody grants a scope they do not hold: `all` needs `all`; `groups` only the caller's own groups. */
  async function assertScopeHeld(caller: AuthContext, body: RoleBody): Promise<void> {
    const names = await repo.shopGroupNames(body.shopGroupIds);
    if (body.shopGroupIds.some((id) => !names.has(id)))
      throw new AppError(422, 'SHOP_GROUP_NOT_FOUND', ROLE_MESSAGES.groupNotFound);
    const scope = await dataScopes(caller);
    if (coversRole(scope, { dataScope: body.dataScope, groupIds: body.shopGroupIds })) return;
    const outside = groupsOutside(scope, body.shopGroupIds).map((id) => names.get(id)!);
    throw forbidden(
      body.dataScope === 'all' ? ROLE_MESSAGES.scopeAllNotHeld : ROLE_MESSAGES.groupsNotHeld(outside),
      'SCOPE_NOT_HELD',
    );
  }

  /** An existing role the caller may change: `admin` may change any; others only roles they could grant. */
  async function assertMayChange(caller: AuthContext, role: RoleRecord): Promise<void> {
    if (isSuper(caller)) return;
    if (!(await grantableRoles(caller)).has(role.id))
      throw forbidden(ROLE_MESSAGES.notGrantable, 'ROLE_NOT_GRANTABLE');
  }

  const valuesOf = (body: RoleValues): RoleValues => ({
    name: body.name,
    permission: body.permission,
    description: body.description,
    cloudPlatform: body.cloudPlatform,
    dataScope: body.dataScope,
  });
  const distinct = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  /** The body with its ids de-duplicated, and no groups unless its scope is `groups`. */
  const normalised = (body: RoleBody): RoleBody & RoleGrants => ({
    ...body,
    menuIds: distinct(body.menuIds),
    shopGroupIds: body.dataScope === 'groups' ? distinct(body.shopGroupIds) : [],
  });
  const grantsOf = (input: RoleGrants): RoleGrants => ({
    menuIds: input.menuIds,
    shopGroupIds: input.shopGroupIds,
  });
  async function grantsBefore(id: number, tx: Database): Promise<RoleGrants> {
    // One after the other: both run on the transaction's one connection.
    const menuIds = await repo.menuIdsOf([id], tx);
    const groups = await repo.shopGroupsOf([id], tx);
    return { menuIds: menuIds.get(id) ?? [], shopGroupIds: (groups.get(id) ?? []).map((g) => g.id) };
  }
  const duplicate = (error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(ROLE_MESSAGES.duplicate, 'ROLE_DUPLICATE');
    throw error;
  };

  return {
    async list(caller: AuthContext, query: RoleListQuery) {
      const page = await repo.page(query);
      return { ...page, list: await rowsOf(caller, page.list) };
    },

    /** The groups the caller may put in a `groups` scope (`assertScopeHeld` accepts exactly these). */
    async shopGroupOptions(caller: AuthContext, query: z.output<typeof roleShopGroupQuerySchema>) {
      const { rows, total } = await repo.grantableShopGroups(query, await dataScopes(caller));
      return { list: rows, total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async menuTree(caller: AuthContext): Promise<PermissionNode[]> {
      const [all, held] = await Promise.all([
        repo.allMenus(),
        isSuper(caller) ? null : repo.menuIdsHeldBy(caller.user.id),
      ]);
      return nestRows(all, (m): PermissionNode => ({
        id: m.id,
        title: m.title,
        type: m.type,
        permission: m.permission,
        held: held === null || held.has(m.id),
        children: [],
      }));
    },

    async create(caller: AuthContext, body: RoleBody, client: ClientInfo): Promise<RoleRow> {
      const input = normalised(body);
      await assertMayGrant(caller, input);
      const id = await repo
        .transaction(async (tx) => {
          const created = await repo.insert(valuesOf(input), grantsOf(input), tx);
          await audit.change(
            {
              action: 'role.create',
              actor: caller,
              client,
              target: input.permission,
              before: null,
              after: { ...valuesOf(input), ...grantsOf(input) },
            },
            tx,
          );
          return created;
        })
        .catch(duplicate);
      return rowOf(caller, id);
    },

    async edit(caller: AuthContext, id: number, body: RoleBody, client: ClientInfo): Promise<RoleRow> {
      const role = await repo.find(id);
      if (!role) throw notFound(ROLE_MESSAGES.notFound, 'ROLE_NOT_FOUND');
      if (role.permission === SUPER_ROLE && body.permission !== SUPER_ROLE)
        throw conflict(ROLE_MESSAGES.superKey, 'ROLE_BUILT_IN');
      const input = normalised(body);
      if (role.permission === SUPER_ROLE && input.dataScope !== 'all')
        throw conflict(ROLE_MESSAGES.superScope, 'ROLE_BUILT_IN');
      await assertMayChange(caller, role);
      await assertMayGrant(caller, input);
      await repo
        .transaction(async (tx) => {
          const before = await grantsBefore(id, tx);
          await repo.update(id, valuesOf(input), grantsOf(input), tx);
          await audit.change(
            {
              action: 'role.edit',
              actor: caller,
              client,
              target: role.permission,
              before: { ...valuesOf(role), ...before },
              after: { ...valuesOf(input), ...grantsOf(input) },
            },
            tx,
          );
        })
        .catch(duplicate);
      // The role's holders see the change at their next request, on every instance.
      authCache.forgetAll();
      return rowOf(caller, id);
    },

    async remove(caller: AuthContext, id: number, client: ClientInfo): Promise<null> {
      const role = await repo.find(id);
      if (!role) throw notFound(ROLE_MESSAGES.notFound, 'ROLE_NOT_FOUND');
      if (role.permission === SUPER_ROLE) throw conflict(ROLE_MESSAGES.superBuiltIn, 'ROLE_BUILT_IN');
      await assertMayChange(caller, role);
      await repo.transaction(async (tx) => {
        // Counted inside the transaction that deletes: a grant racing the delete fails on its foreign key.
        const users = (await repo.userCounts([id], tx)).get(id) ?? 0;
        if (users > 0) throw conflict(ROLE_MESSAGES.inUse(users), 'ROLE_IN_USE');
        const grants = await grantsBefore(id, tx);
        await repo.remove(id, tx);
        await audit.change(
          {
            action: 'role.delete',
            actor: caller,
            client,
            target: role.permission,
            before: { ...valuesOf(role), ...grants },
            after: null,
          },
          tx,
        );
      });
      authCache.forgetAll();
      return null;
    },
  };
}
