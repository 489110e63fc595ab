import type { MenuRow } from '@console/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, roleMenus, roles } from '../../db/schema.js';

/** Arbitrary constant beside the department tree's 720_010: menu changes take turns, so two moves make no cycle. */
const MENU_TREE_LOCK_KEY = 720_011;

/** A menu row as the contract names it (the menu tree reads it too). */
export const menuColumns = {
  id: menus.id,
  parentId: menus.parentId,
  type: menus.type,
  title: menus.title,
  name: menus.name,
  path: menus.path,
  component: menus.component,
  icon: menus.icon,
  permission: menus.permission,
  sort: menus.sort,
  hidden: menus.hidden,
  noCache: menus.noCache,
  external: menus.external,
};

export type MenuRecord = MenuRow & { createdAt: Date };
export type MenuValues = Omit<MenuRow, 'id'>;

/** Menus for menu management (菜单管理): the whole tree, how many roles hold each, and its changes. */
export function createMenuAdminRepository(db: Database) {
  return {
    async lockTree(tx: Database): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${MENU_TREE_LOCK_KEY})`);
    },

    all(tx: Database = db): Promise<MenuRecord[]> {
      return tx
        .select({ ...menuColumns, createdAt: menus.createdAt })
        .from(menus)
        .orderBy(menus.sort, menus.id);
    },

    async roleCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ menuId: roleMenus.menuId, n: count() })
        .from(roleMenus)
        .groupBy(roleMenus.menuId);
      return new Map(rows.map((r) => [r.menuId, Number(r.n)]));
    },

    /** The keys of the roles holding a menu (what a delete takes from them, for its audit row). */
    async rolesHolding(tx: Database, menuId: number): Promise<string[]> {
      const rows = await tx
        .select({ permission: roles.permission })
        .from(roleMenus)
        .innerJoin(roles, eq(roles.id, roleMenus.roleId))
        .where(eq(roleMenus.menuId, menuId))
        .orderBy(roles.permission);
      return rows.map((r) => r.permission);
    },

    async insert(tx: Database, values: MenuValues): Promise<MenuRow> {
      const [row] = await tx.insert(menus).values(values).returning(menuColumns);
      return row!;
    },

    /** Gives a role (by key) a menu, as the seed gives the super role every menu. */
    async grant(tx: Database, rolePermission: string, menuId: number): Promise<void> {
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.permission, rolePermission));
      if (role) await tx.insert(roleMenus).values({ roleId: role.id, menuId }).onConflictDoNothing();
    },

    async update(tx: Database, id: number, values: MenuValues): Promise<MenuRow> {
      const [row] = await tx.update(menus).set(values).where(eq(menus.id, id)).returning(menuColumns);
      return row!;
    },

    /** Its role links go with it (foreign key cascade). */
    async delete(tx: Database, id: number): Promise<void> {
      await tx.delete(menus).where(eq(menus.id, id));
    },
  };
}

export type MenuAdminRepository = ReturnType<typeof createMenuAdminRepository>;
