import { joinPath, menuPages, type MenuNode } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, roleMenus, userRoles } from '../../db/schema.js';
import { menuColumns } from './menu-admin.repository.js';
import { buildMenuTree, MENU_TYPE, type MenuRow } from './menu-tree.js';

/** The super role: sees every menu. */
export const SUPER_ROLE = 'admin';

/**
 * The route rows a user may see: the directories and pages granted to any of the user's roles, plus the
 * directories above them (a granted page is reachable only through its directory). A granted button opens
 * no page by itself.
 */
export function permittedRows(all: readonly MenuRow[], grantedIds: ReadonlySet<number>): MenuRow[] {
  const byId = new Map(all.map((row) => [row.id, row]));
  const visible = new Set<number>();
  for (const id of grantedIds) {
    let current = byId.get(id);
    if (current?.type === MENU_TYPE.button) continue;
    while (current && !visible.has(current.id)) {
      visible.add(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
  }
  return all.filter((row) => visible.has(row.id));
}

export type MenuService = ReturnType<typeof createMenuService>;

export function createMenuService(db: Database) {
  const allRows = (): Promise<MenuRow[]> => db.select(menuColumns).from(menus);

  return {
    async menuTreeFor(userId: number, roles: readonly string[]): Promise<MenuNode[]> {
      const all = await allRows();
      if (roles.includes(SUPER_ROLE)) return buildMenuTree(all);
      const granted = await db
        .selectDistinct({ menuId: roleMenus.menuId })
        .from(roleMenus)
        .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
        .where(eq(userRoles.userId, userId));
      return buildMenuTree(permittedRows(all, new Set(granted.map((g) => g.menuId))));
    },

    /** Whether `path` is a page of the whole menu, whoever may open it. */
    async isPagePath(path: string): Promise<boolean> {
      const wanted = joinPath('/', path);
      return menuPages(buildMenuTree(await allRows())).some((page) => page.path === wanted);
    },
  };
}
