import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roleMenus, roles, roleShopGroups, userRoles } from '../../db/schema.js';
import { HEAD_OFFICE_ROLES } from '../../http/route.js';
import type { AuthContext } from '../../plugins/request-context.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import type { DataScope } from './data-scope.js';

/**
 * The ids of the roles `caller` may hand to someone: the administrator any; anyone else only a role whose every
 * menu and button they hold themselves through their own roles and whose data scope `scope` (the caller's)
 * covers (`coversRole` of data-scope.ts, here in SQL), and never a head-office or the super role (that would make
 * store staff head office). Nobody grants what they do not hold.
 */
export async function grantableRoleIds(
  db: Database,
  caller: AuthContext,
  scope: DataScope,
): Promise<Set<number>> {
  if (caller.roles.includes(SUPER_ROLE)) {
    const all = await db.select({ id: roles.id }).from(roles);
    return new Set(all.map((r) => r.id));
  }
  const heldMenus = db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .where(eq(userRoles.userId, caller.user.id));
  const menuNotHeld = db
    .select({ one: sql`1` })
    .from(roleMenus)
    .where(and(eq(roleMenus.roleId, roles.id), notInArray(roleMenus.menuId, heldMenus)));
  const groupNotHeld = scope.all
    ? null
    : db
        .select({ one: sql`1` })
        .from(roleShopGroups)
        .where(
          and(eq(roleShopGroups.roleId, roles.id), notInArray(roleShopGroups.shopGroupId, scope.groupIds)),
        );
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`not exists (${menuNotHeld})`,
        groupNotHeld ? ne(roles.dataScope, 'all') : undefined,
        groupNotHeld ? sql`not exists (${groupNotHeld})` : undefined,
        sql`not (${inArray(roles.permission, [...HEAD_OFFICE_ROLES, SUPER_ROLE])})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** `grantableRoleIds` with the caller's data scope read through `dataScopes` (cached with the sign-in). */
export function createGrantableRoles(db: Database, dataScopes: (caller: AuthContext) => Promise<DataScope>) {
  return async (caller: AuthContext) => grantableRoleIds(db, caller, await dataScopes(caller));
}
