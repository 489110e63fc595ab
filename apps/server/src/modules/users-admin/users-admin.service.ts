import {
  maskPhone,
  USER_STORE_OPTIONS_MAX,
  type CreateUserBody,
  type OneTimePassword,
  type SetUserEnabledBody,
  type UpdateUserBody,
  type UserDetail,
  type UserFormOptions,
  type UserPage,
  type UserRow,
  type UserStoreRef,
} from '@console/contract';
import type { z } from 'zod';
import type { userFilters } from '@console/contract';
import type { ClientInfo } from '../../http/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuthCache } from '../auth/auth-cache.js';
import { hashPassword } from '../auth/password.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import type { DataScope } from '../roles/data-scope.js';
import { newOneTimePassword } from './one-time-password.js';
import {
  duplicateFieldOf,
  type DuplicateField,
  type RoleRef,
  type StoreRef,
  type UserListRecord,
  type UsersAdminRepository,
} from './users-admin.repository.js';

export const USER_ADMIN_MESSAGES = {
  notFound: '用户不存在',
  duplicate: {
    username: '账号已存在，请换一个账号',
    workCode: '工号已被其他用户使用',
    phone: '手机号已被其他用户使用',
  } satisfies Record<DuplicateField, string>,
  roleNotFound: '角色不存在，请重新选择',
  roleNotGrantable: '不能授予或收回超出本人权限的角色，请联系系统管理员',
  storeNotGrantable: '不能分配或收回本人数据权限以外的门店',
  departmentNotFound: '部门不存在或已停用，请重新选择',
  notManageable: '不能管理拥有超出本人权限角色的用户',
  notSelf: '不能对自己的账号执行此操作，请到个人中心修改',
  lastAdmin: '系统至少需要保留一位启用的系统管理员',
} as const;

/** How many store names a list row shows. */
const ROW_STORE_NAMES = 3;

export type UsersAdminServiceDeps = {
  repo: UsersAdminRepository;
  /** The roles the caller may hand out (modules/roles/grantable-roles.ts). */
  grantableRoles: (caller: AuthContext) => Promise<Set<number>>;
  /** The caller's data scope (modules/roles/data-scope.ts): which users they see, which stores they grant. */
  dataScopes: (caller: AuthContext) => Promise<DataScope>;
  audit: AuditLog;
  clock: Clock;
  /** A changed user takes effect at their next request, on every instance. */
  authCache: Pick<AuthCache, 'forgetUser'>;
};

type ListInput = z.output<typeof userFilters.request>;

const iso = (date: Date) => date.toISOString();

/** The user as an audit row shows it: whole phones and passwords never. */
function auditView(user: UserListRecord, roles: RoleRef[], stores: StoreRef[]) {
  return {
    username: user.username,
    nickName: user.nickName,
    workCode: user.workCode,
    phone: maskPhone(user.phone),
    deptId: user.deptId,
    enabled: user.enabled,
    roles: roles.map((r) => r.permission),
    stores: stores.map((s) => s.shopCode),
  };
}

export function createUsersAdminService({
  repo,
  grantableRoles,
  dataScopes,
  audit,
  clock,
  authCache,
}: UsersAdminServiceDeps) {
  /** The caller may edit, disable or reset a user only when they could grant every role the user holds. */
  const isManageable = (caller: AuthContext, userId: number, roles: RoleRef[], grantable: Set<number>) =>
    userId !== caller.user.id && roles.every((role) => grantable.has(role.id));

  /** A user inside the caller's data scope (404 outside, as if absent), with roles and stores. */
  async function load(caller: AuthContext, id: number) {
    const user = await repo.findById(id, undefined, await dataScopes(caller));
    if (!user) throw notFound(USER_ADMIN_MESSAGES.notFound, 'USER_NOT_FOUND');
    const [roles, stores] = await Promise.all([repo.rolesOf([id]), repo.storesOf([id])]);
    return { user, roles: roles.get(id) ?? [], stores: stores.get(id) ?? [] };
  }

  async function detailOf(caller: AuthContext, id: number): Promise<UserDetail> {
    const { user, roles, stores } = await load(caller, id);
    const grantable = await grantableRoles(caller);
    return {
      ...rowBase(user, roles),
      phone: user.phone ?? '',
      stores: stores.map(({ shopCode, shopName }) => ({ shopCode, shopName })),
      updatedAt: iso(user.updatedAt),
      passwordChangedAt: iso(user.passwordChangedAt),
      manageable: isManageable(caller, id, roles, grantable),
    };
  }

  function rowBase(user: UserListRecord, roles: RoleRef[]) {
    return {
      id: user.id,
      username: user.username,
      nickName: user.nickName,
      workCode: user.workCode,
      phoneMasked: maskPhone(user.phone),
      deptId: user.deptId,
      deptName: user.deptName,
      roles,
      enabled: user.enabled,
      mustChangePassword: user.mustChangePassword,
      createdAt: iso(user.createdAt),
    };
  }

  /** A user the caller may manage, with roles and stores; 404 / 403 otherwise. */
  async function loadManageable(caller: AuthContext, id: number) {
    if (id === caller.user.id) throw forbidden(USER_ADMIN_MESSAGES.notSelf, 'NOT_SELF');
    const loaded = await load(caller, id);
    const grantable = await grantableRoles(caller);
    if (!isManageable(caller, id, loaded.roles, grantable))
      throw forbidden(USER_ADMIN_MESSAGES.notManageable, 'USER_NOT_MANAGEABLE');
    return { ...loaded, grantable };
  }

  /** Roles by id, each existing and grantable by the caller; `before` are the user's roles (kept as they are). */
  async function checkRoles(
    caller: AuthContext,
    roleIds: number[],
    grantable: Set<number>,
    before: RoleRef[] = [],
  ): Promise<RoleRef[]> {
    const all = await repo.allRoles();
    const byId = new Map(all.map((r) => [r.id, r]));
    const wanted = [...new Set(roleIds)];
    if (wanted.some((id) => !byId.has(id)))
      throw badRequest(USER_ADMIN_MESSAGES.roleNotFound, 'ROLE_NOT_FOUND');
    const beforeIds = new Set(before.map((r) => r.id));
    const changed = [
      ...wanted.filter((id) => !beforeIds.has(id)),
      ...[...beforeIds].filter((id) => !wanted.includes(id)),
    ];
    if (changed.some((id) => !grantable.has(id)))
      throw forbidden(USER_ADMIN_MESSAGES.roleNotGrantable, 'ROLE_NOT_GRANTABLE');
    return wanted.map((id) => byId.get(id)!);
  }

  /**
   * Stores by code, each existing; every store added or taken away must be inside the caller's data scope
   * (which always holds their own stores: with `own` this is the rule before data scopes).
   */
  async function checkStores(
    caller: AuthContext,
    codes: string[],
    before: StoreRef[] = [],
  ): Promise<StoreRef[]> {
    const wanted = [...new Set(codes)];
    const found = await repo.storesByCode(wanted);
    const foundCodes = new Set(found.map((s) => s.shopCode));
    const unknown = wanted.filter((code) => !foundCodes.has(code));
    if (unknown.length) throw badRequest(`门店编号不存在：${unknown.join('、')}`, 'STORE_NOT_FOUND');
    const scope = await dataScopes(caller);
    if (!scope.all) {
      const beforeIds = new Set(before.map((s) => s.id));
      const wantedIds = new Set(found.map((s) => s.id));
      const changed = [
        ...found.filter((s) => !beforeIds.has(s.id)),
        ...before.filter((s) => !wantedIds.has(s.id)),
      ];
      const held = await repo.storeIdsInScope(
        scope,
        changed.map((s) => s.id),
      );
      const refused = changed.filter((s) => !held.has(s.id));
      if (refused.length)
        throw new AppError(
          403,
          'STORE_NOT_GRANTABLE',
          `${USER_ADMIN_MESSAGES.storeNotGrantable}：${refused.map((s) => s.shopCode).join('、')}`,
        );
    }
    return found.sort((a, b) => a.shopCode.localeCompare(b.shopCode));
  }

  async function checkDepartment(deptId: number | null | undefined): Promise<number | null> {
    if (deptId == null) return null;
    if (!(await repo.departmentExists(deptId)))
      throw badRequest(USER_ADMIN_MESSAGES.departmentNotFound, 'DEPARTMENT_NOT_FOUND');
    return deptId;
  }

  async function assertUnique(
    values: { username?: string; workCode: string; phone: string },
    exceptId: number | null,
  ) {
    const taken = await repo.taken(values, exceptId);
    for (const field of ['username', 'workCode', 'phone'] as const)
      if (taken.has(field)) throw conflict(USER_ADMIN_MESSAGES.duplicate[field], 'USER_DUPLICATE');
  }

  /** A unique index that a concurrent write hit first answers the same 409 as the check before it. */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const field = duplicateFieldOf(error);
      if (field) throw conflict(USER_ADMIN_MESSAGES.duplicate[field], 'USER_DUPLICATE');
      throw error;
    }
  }

  /** Refuses a change that would leave no enabled administrator; call inside the transaction. */
  async function assertAnotherAdmin(
    tx: Parameters<Parameters<UsersAdminRepository['transaction']>[0]>[0],
    userId: number,
  ) {
    await repo.lockAdministrators(tx);
    if ((await repo.enabledHoldersOf(SUPER_ROLE, userId, tx)) === 0)
      throw conflict(USER_ADMIN_MESSAGES.lastAdmin, 'LAST_ADMIN');
  }

  return {
    async list(caller: AuthContext, input: ListInput): Promise<UserPage> {
      const { pageNum, pageSize, ...filter } = input;
      const [page, grantable] = await Promise.all([
        repo.page(filter, { pageNum, pageSize }, await dataScopes(caller)),
        grantableRoles(caller),
      ]);
      const ids = page.list.map((u) => u.id);
      const [roles, stores] = await Promise.all([repo.rolesOf(ids), repo.storesOf(ids)]);
      const list: UserRow[] = page.list.map((user) => {
        const userRoles = roles.get(user.id) ?? [];
        const userStores = stores.get(user.id) ?? [];
        return {
          ...rowBase(user, userRoles),
          storeCount: userStores.length,
          storeNames: userStores.slice(0, ROW_STORE_NAMES).map((s) => s.shopName),
          manageable: isManageable(caller, user.id, userRoles, grantable),
        };
      });
      return { ...page, list };
    },

    async detail(caller: AuthContext, id: number, client: ClientInfo): Promise<UserDetail> {
      const detail = await detailOf(caller, id);
      // The whole phone is personal data: who looked at it is on record.
      await audit.record({ action: 'user.view', userId: caller.user.id, target: String(id), client });
      return detail;
    },

    async formOptions(caller: AuthContext): Promise<UserFormOptions> {
      const [roles, grantable, departments] = await Promise.all([
        repo.allRoles(),
        grantableRoles(caller),
        repo.departments(),
      ]);
      return { roles: roles.filter((r) => grantable.has(r.id)), departments };
    },

    async storeOptions(caller: AuthContext, keyword: string | null | undefined): Promise<UserStoreRef[]> {
      return repo.searchStores(keyword ?? null, await dataScopes(caller), USER_STORE_OPTIONS_MAX);
    },

    async create(caller: AuthContext, body: CreateUserBody, client: ClientInfo): Promise<OneTimePassword> {
      const grantable = await grantableRoles(caller);
      const roles = await checkRoles(caller, body.roleIds, grantable);
      const stores = await checkStores(caller, body.storeCodes);
      const deptId = await checkDepartment(body.deptId);
      await assertUnique(body, null);
      const oneTimePassword = newOneTimePassword();
      const passwordHash = await hashPassword(oneTimePassword);
      const at = clock();
      const id = await saving(() =>
        repo.transaction(async (tx) => {
          const userId = await repo.insertUser(
            {
              username: body.username,
              nickName: body.nickName,
              workCode: body.workCode,
              phone: body.phone,
              deptId,
              passwordHash,
              at,
            },
            tx,
          );
          await repo.replaceRoles(
            userId,
            roles.map((r) => r.id),
            tx,
          );
          await repo.replaceStores(
            userId,
            stores.map((s) => s.id),
            at,
            tx,
          );
          return userId;
        }),
      );
      const { user } = await load(caller, id);
      await audit.record({
        action: 'user.create',
        userId: caller.user.id,
        target: String(id),
        detail: { before: null, after: auditView(user, roles, stores) },
        client,
      });
      return { id, oneTimePassword };
    },

    async update(caller: AuthContext, body: UpdateUserBody, client: ClientInfo): Promise<UserDetail> {
      const before = await loadManageable(caller, body.id);
      const roles = await checkRoles(caller, body.roleIds, before.grantable, before.roles);
      const stores = await checkStores(caller, body.storeCodes, before.stores);
      const deptId = await checkDepartment(body.deptId);
      await assertUnique(body, body.id);
      const losesAdmin =
        before.roles.some((r) => r.permission === SUPER_ROLE) &&
        !roles.some((r) => r.permission === SUPER_ROLE);
      await saving(() =>
        repo.transaction(async (tx) => {
          if (losesAdmin && before.user.enabled) await assertAnotherAdmin(tx, body.id);
          const values = {
            nickName: body.nickName,
            workCode: body.workCode,
            phone: body.phone,
            deptId,
            at: clock(),
          };
          await repo.updateUser(body.id, values, tx);
          await repo.replaceRoles(
            body.id,
            roles.map((r) => r.id),
            tx,
          );
          await repo.replaceStores(
            body.id,
            stores.map((s) => s.id),
            values.at,
            tx,
          );
        }),
      );
      authCache.forgetUser(body.id);
      const after = await load(caller, body.id);
      await audit.record({
        action: 'user.update',
        userId: caller.user.id,
        target: String(body.id),
        detail: {
          before: auditView(before.user, before.roles, before.stores),
          after: auditView(after.user, after.roles, after.stores),
        },
        client,
      });
      return detailOf(caller, body.id);
    },

    async setEnabled(caller: AuthContext, body: SetUserEnabledBody, client: ClientInfo): Promise<UserDetail> {
      const before = await loadManageable(caller, body.id);
      if (before.user.enabled !== body.enabled) {
        const isAdmin = before.roles.some((r) => r.permission === SUPER_ROLE);
        await repo.transaction(async (tx) => {
          const at = clock();
          if (!body.enabled && isAdmin) await assertAnotherAdmin(tx, body.id);
          await repo.setEnabled(body.id, body.enabled, at, tx);
          if (!body.enabled) await repo.revokeSessions(body.id, at, tx);
        });
        authCache.forgetUser(body.id);
        await audit.record({
          action: body.enabled ? 'user.enable' : 'user.disable',
          userId: caller.user.id,
          target: String(body.id),
          detail: { before: { enabled: before.user.enabled }, after: { enabled: body.enabled } },
          client,
        });
      }
      return detailOf(caller, body.id);
    },

    async resetPassword(caller: AuthContext, id: number, client: ClientInfo): Promise<OneTimePassword> {
      const before = await loadManageable(caller, id);
      const oneTimePassword = newOneTimePassword();
      const passwordHash = await hashPassword(oneTimePassword);
      await repo.transaction(async (tx) => {
        const at = clock();
        await repo.setOneTimePassword(id, passwordHash, at, tx);
        await repo.revokeSessions(id, at, tx);
      });
      authCache.forgetUser(id);
      await audit.record({
        action: 'user.password.reset',
        userId: caller.user.id,
        target: String(id),
        // The password itself is never recorded.
        detail: {
          before: { mustChangePassword: before.user.mustChangePassword },
          after: { mustChangePassword: true, sessionsEnded: true },
        },
        client,
      });
      return { id, oneTimePassword };
    },
  };
}
