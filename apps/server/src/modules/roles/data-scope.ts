import type { DataScope as RoleDataScope } from '@console/contract';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { roles, roleShopGroups, shopGroups, stores, userRoles, userStores } from '../../db/schema.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuthCache } from '../auth/auth-cache.js';
import { SUPER_ROLE } from '../menus/menu.service.js';

/**
 * The stores a user sees and changes in head-office administration (docs/domain/roles.md "Data scope"): every
 * store, or the stores of some shop groups plus the user's own authorised stores. Kept as group ids and the
 * user id, never as a store list, so it stays small for a user of 2,000 stores and a store opened later in a
 * group is in scope at once.
 */
export type DataScope = { all: true } | { all: false; userId: number; groupIds: number[] };

/** A scope as an export job stores it with its parameters (the runner has no caller), checked again on run. */
export const dataScopeParamSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ all: z.literal(false), userId: z.number().int(), groupIds: z.array(z.number().int()) }),
]) satisfies z.ZodType<DataScope>;

/** One role's scope as stored: `groupIds` only for `groups`. */
export type RoleScope = { dataScope: RoleDataScope | string; groupIds: readonly number[] };

/**
 * The union of a user's roles: any `all` (or the super role, whose scope is `all` and cannot change) gives every
 * store; otherwise the groups of every `groups` role, and always the user's own stores.
 */
export function unionOfRoles(
  userId: number,
  held: readonly (RoleScope & { permission: string })[],
): DataScope {
  if (held.some((r) => r.dataScope === 'all' || r.permission === SUPER_ROLE)) return { all: true };
  const groupIds = new Set(held.flatMap((r) => (r.dataScope === 'groups' ? r.groupIds : [])));
  return { all: false, userId, groupIds: [...groupIds].sort((a, b) => a - b) };
}

/** Whether `scope` covers everything a role with `role`'s scope would give: nobody grants a scope they lack. */
export function coversRole(scope: DataScope, role: RoleScope): boolean {
  if (scope.all) return true;
  if (role.dataScope === 'all') return false;
  if (role.dataScope !== 'groups') return true;
  return role.groupIds.every((id) => scope.groupIds.includes(id));
}

/** The groups of `groupIds` that `scope` does not cover (empty with `all`). */
export function groupsOutside(scope: DataScope, groupIds: readonly number[]): number[] {
  return scope.all ? [] : groupIds.filter((id) => !scope.groupIds.includes(id));
}

/** A condition on `stores`: the rows inside `scope` (undefined for all stores). */
export function storeInScope(db: Database, scope: DataScope): SQL | undefined {
  if (scope.all) return undefined;
  const own = inArray(
    stores.id,
    db.select({ id: userStores.storeId }).from(userStores).where(eq(userStores.userId, scope.userId)),
  );
  return scope.groupIds.length ? or(inArray(stores.shopGroupId, scope.groupIds), own) : own;
}

/** Which of `storeIds` are inside `scope` (all of them with `all`). */
export async function storeIdsInScope(
  db: Database,
  scope: DataScope,
  storeIds: readonly number[],
): Promise<Set<number>> {
  if (scope.all || !storeIds.length) return new Set(storeIds);
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(inArray(stores.id, [...storeIds]), storeInScope(db, scope)));
  return new Set(rows.map((r) => r.id));
}

/**
 * A condition on `shop_groups`: the groups a scope reaches (undefined for all groups): its own groups and the
 * groups of the user's own stores, the groups its stores are in. 门店分组, the group filters and `groupInfo`.
 */
export function groupInScope(db: Database, scope: DataScope): SQL | undefined {
  if (scope.all) return undefined;
  const ofOwnStores = inArray(
    shopGroups.id,
    db
      .select({ id: stores.shopGroupId })
      .from(userStores)
      .innerJoin(stores, eq(stores.id, userStores.storeId))
      .where(eq(userStores.userId, scope.userId)),
  );
  return scope.groupIds.length ? or(inArray(shopGroups.id, scope.groupIds), ofOwnStores) : ofOwnStores;
}

/** Reads a user's roles' scopes and unites them. */
export async function loadDataScope(db: Database, userId: number): Promise<DataScope> {
  const rows = await db
    .select({ id: roles.id, permission: roles.permission, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const groupRoles = rows.filter((r) => r.dataScope === 'groups').map((r) => r.id);
  const links = groupRoles.length
    ? await db.select().from(roleShopGroups).where(inArray(roleShopGroups.roleId, groupRoles))
    : [];
  return unionOfRoles(
    userId,
    rows.map((r) => ({
      ...r,
      groupIds: links.filter((l) => l.roleId === r.id).map((l) => l.shopGroupId),
    })),
  );
}

/**
 * The caller's scope, cached with their sign-in (the auth cache): the cache is dropped on every instance when
 * a role changes (`forgetAll`) or the user's roles do (`forgetUser`), so a narrowed scope holds at once.
 */
export function createDataScopes(db: Database, authCache: Pick<AuthCache, 'dataScope'>) {
  return (caller: AuthContext): Promise<DataScope> =>
    authCache.dataScope(caller.user.id, () => loadDataScope(db, caller.user.id));
}
export type DataScopes = ReturnType<typeof createDataScopes>;
