import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf } from '../../db/paged-query.js';
import { menus, roleMenus, roles, roleShopGroups, shopGroups, userRoles } from '../../db/schema.js';
import type { DataScope } from './data-scope.js';

export type RoleRecord = typeof roles.$inferSelect;
export type RoleValues = Pick<
  RoleRecord,
  'name' | 'permission' | 'description' | 'cloudPlatform' | 'dataScope'
>;
/** What a role grants besides its own columns: menus and, for a `groups` scope, shop groups. */
export type RoleGrants = { menuIds: number[]; shopGroupIds: number[] };

/** Roles, the menus each grants and who holds them, for role management. */
export function createRoleAdminRepository(db: Database) {
  return {
    async page(query: { keyword?: string | null; pageNum: number; pageSize: number }) {
      const pattern = query.keyword ? likeContains(query.keyword) : null;
      const where = pattern ? or(ilike(roles.name, pattern), ilike(roles.permission, pattern)) : undefined;
      return numberedPageOf(
        query,
        db.select().from(roles).where(where).orderBy(asc(roles.id)),
        db.select({ n: count() }).from(roles).where(where),
      );
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

    /** The shop groups of each role's `groups` scope, with their names, in sort order. */
    async shopGroupsOf(
      roleIds: number[],
      tx: Database = db,
    ): Promise<Map<number, { id: number; name: string }[]>> {
      const byRole = new Map<number, { id: number; name: string }[]>(roleIds.map((id) => [id, []]));
      if (!roleIds.length) return byRole;
      const rows = await tx
        .select({ roleId: roleShopGroups.roleId, id: shopGroups.id, name: shopGroups.frontTitle })
        .from(roleShopGroups)
        .innerJoin(shopGroups, eq(shopGroups.id, roleShopGroups.shopGroupId))
        .where(inArray(roleShopGroups.roleId, roleIds))
        .orderBy(asc(shopGroups.sort), asc(shopGroups.id));
      for (const { roleId, ...group } of rows) byRole.get(roleId)?.push(group);
      return byRole;
    },

    /**
     * A page of the shop groups a caller of `scope` may name in a role (every group with `all`, else the
     * scope's own groups), whose name contains `keyword`, in sort order.
     */
    async grantableShopGroups(
      query: { keyword?: string | null; pageNum: number; pageSize: number },
      scope: DataScope,
    ) {
      if (!scope.all && !scope.groupIds.length) return { rows: [], total: 0 };
      const where = and(
        query.keyword ? ilike(shopGroups.frontTitle, likeContains(query.keyword)) : undefined,
        scope.all ? undefined : inArray(shopGroups.id, scope.groupIds),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: shopGroups.id, name: shopGroups.frontTitle })
          .from(shopGroups)
          .where(where)
          .orderBy(asc(shopGroups.sort), asc(shopGroups.id))
          .limit(query.pageSize)
          .offset((query.pageNum - 1) * query.pageSize),
        db.select({ n: count() }).from(shopGroups).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The names of the shop groups of `ids` that exist. */
    async shopGroupNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: shopGroups.id, name: shopGroups.frontTitle })
        .from(shopGroups)
        .where(inArray(shopGroups.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
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

    async insert(values: RoleValues, grants: RoleGrants, tx: Database): Promise<number> {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      await replaceGrants(tx, row!.id, grants);
      return row!.id;
    },

    async update(id: number, values: RoleValues, grants: RoleGrants, tx: Database): Promise<void> {
      await tx.update(roles).set(values).where(eq(roles.id, id));
      await replaceGrants(tx, id, grants);
    },

    async remove(id: number, tx: Database): Promise<void> {
      await tx.delete(roles).where(eq(roles.id, id));
    },

    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },
  };
}

async function replaceGrants(tx: Database, roleId: number, { menuIds, shopGroupIds }: RoleGrants) {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  await tx.delete(roleShopGroups).where(eq(roleShopGroups.roleId, roleId));
  if (shopGroupIds.length)
    await tx.insert(roleShopGroups).values(shopGroupIds.map((shopGroupId) => ({ roleId, shopGroupId })));
}

export type RoleAdminRepository = ReturnType<typeof createRoleAdminRepository>;
