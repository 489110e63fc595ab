import { asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, roleMenus, roles, userRoles } from '../../db/schema.js';

export type RoleRecord = typeof roles.$inferSelect;
export type RoleValues = Pick<RoleRecord, 'name' | 'permission' | 'description' | 'cloudPlatform'>;

/** Roles, the menus each grants and who holds them, for role management. */
export function createRoleAdminRepository(db: Database) {
  return {
    async page(query: { keyword?: string | null; pageNum: number; pageSize: number }) {
      const pattern = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
      const where = pattern ? or(ilike(roles.name, pattern), ilike(roles.permission, pattern)) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(roles)
          .where(where)
          .orderBy(asc(roles.id))
          .limit(query.pageSize)
          .offset((query.pageNum - 1) * query.pageSize),
        db.select({ n: count() }).from(roles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: number, tx: Database = db): Promise<RoleRecord | null> {
      const [row] = await tx.select().from(roles).where(eq(roles.id, id));
      return row ?? null;
    },

    async menuIdsOf(roleIds: number[], tx: Database = db): Promise<Map<number, number[]>> {
      const byRole = new Map<number, number[]>(roleIds.map((id) => [id, []]));
      if (!roleIds.length) return byRole;
      const rows = await tx
        .select()
        .from(roleMenus)
        .where(inArray(roleMenus.roleId, roleIds))
        .orderBy(asc(roleMenus.menuId));
      for (const row of rows) byRole.get(row.roleId)?.push(row.menuId);
      return byRole;
    },

    async userCounts(roleIds: number[], tx: Database = db): Promise<Map<number, number>> {
      if (!roleIds.length) return new Map();
      const rows = await tx
        .select({ roleId: userRoles.roleId, n: count() })
        .from(userRoles)
        .where(inArray(userRoles.roleId, roleIds))
        .groupBy(userRoles.roleId);
      return new Map(rows.map((r) => [r.roleId, r.n]));
    },

    /** The menus (any type) the user's roles grant. */
    async menuIdsHeldBy(userId: number): Promise<Set<number>> {
      const rows = await db
        .select({ menuId: roleMenus.menuId })
        .from(roleMenus)
        .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
        .where(eq(userRoles.userId, userId));
      return new Set(rows.map((r) => r.menuId));
    },

    async existingMenuIds(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    allMenus() {
      return db
        .select({
          id: menus.id,
          parentId: menus.parentId,
          title: menus.title,
          type: menus.type,
          permission: menus.permission,
          sort: menus.sort,
        })
        .from(menus)
        .orderBy(asc(menus.sort), asc(menus.id));
    },

    async insert(values: RoleValues, menuIds: number[], tx: Database): Promise<number> {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      await replaceMenus(tx, row!.id, menuIds);
      return row!.id;
    },

    async update(id: number, values: RoleValues, menuIds: number[], tx: Database): Promise<void> {
      await tx.update(roles).set(values).where(eq(roles.id, id));
      await replaceMenus(tx, id, menuIds);
    },

    async remove(id: number, tx: Database): Promise<void> {
      await tx.delete(roles).where(eq(roles.id, id));
    },

    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },
  };
}

async function replaceMenus(tx: Database, roleId: number, menuIds: number[]): Promise<void> {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

export type RoleAdminRepository = ReturnType<typeof createRoleAdminRepository>;
