import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roleMenus, roles, userRoles } from '../../db/schema.js';
import { HEAD_OFFICE_ROLES } from '../../http/route.js';
import type { AuthContext } from '../../plugins/request-context.js';
import { SUPER_ROLE } from '../menus/menu.service.js';

/**
 * The ids of the roles `caller` may hand to someone: the administrator any; anyone else only a role whose every
 * menu and button they hold themselves through their own roles, and never a head-office or the super role (that
 * would make store staff head office). Nobody grants what they do not hold.
 */
export async function grantableRoleIds(db: Database, caller: AuthContext): Promise<Set<number>> {
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
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`not exists (${menuNotHeld})`,
        sql`not (${inArray(roles.permission, [...HEAD_OFFICE_ROLES, SUPER_ROLE])})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
