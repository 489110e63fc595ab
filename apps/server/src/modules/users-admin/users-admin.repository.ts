import type { UserFilters } from '@console/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeLiteral } from '../../db/like-pattern.js';
import { numberedPageOf, type Paging } from '../../db/paged-query.js';
import {
  departments,
  roles,
  sessions,
  stores,
  userKeywordText,
  userRoles,
  userStores,
  users,
} from '../../db/schema.js';
import { storeInScope, type DataScope } from '../roles/data-scope.js';

/** The user columns the list, the detail and the audit read (never the password hash). */
const userColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  workCode: users.workCode,
  phone: users.phone,
  deptId: users.deptId,
  deptName: departments.name,
  enabled: users.enabled,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  passwordChangedAt: users.passwordChangedAt,
};
export type UserListRecord = {
  id: number;
  username: string;
  nickName: string;
  workCode: string;
  phone: string | null;
  deptId: number | null;
  deptName: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
  updatedAt: Date;
  passwordChangedAt: Date;
};
export type RoleRef = { id: number; name: string; permission: string };
export type StoreRef = { id: number; shopCode: string; shopName: string };

/** The unique index a duplicate hit, by the name PostgreSQL reports. */
export type DuplicateField = 'username' | 'workCode' | 'phone';
const DUPLICATE_BY_INDEX: Record<string, DuplicateField> = {
  users_username_key: 'username',
  users_work_code_key: 'workCode',
  users_phone_key: 'phone',
};

/** The field of a unique violation on `users`, or null when the error is something else. */
export function duplicateFieldOf(error: unknown): DuplicateField | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return DUPLICATE_BY_INDEX[String(constraint)] ?? 'username';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export type UserValues = {
  nickName: string;
  workCode: string;
  phone: string;
  deptId: number | null;
};

export type UsersAdminRepository = ReturnType<typeof createUsersAdminRepository>;

/**
 * The users a data scope shows: those holding at least one store inside it, and those holding no store at all
 * (head-office staff and new accounts belong to no store; hiding them would hide them from everyone but `all`).
 */
function visibleIn(db: Database, scope: DataScope): SQL | undefined {
  if (scope.all) return undefined;
  const anyStore = db
    .select({ one: sql`1` })
    .from(userStores)
    .where(eq(userStores.userId, users.id));
  const storeInside = db
    .select({ one: sql`1` })
    .from(userStores)
    .innerJoin(stores, eq(stores.id, userStores.storeId))
    .where(and(eq(userStores.userId, users.id), storeInScope(db, scope)));
  return or(notExists(anyStore), exists(storeInside));
}

export function createUsersAdminRepository(db: Database) {
  const filterConditions = (filter: UserFilters): SQL[] => {
    const where: SQL[] = [];
    if (filter.keyword) {
      // Any part of name, account, work code or phone, answered by users_keyword_trgm_idx.
      where.push(ilike(userKeywordText(users), `%${likeLiteral(filter.keyword)}%`));
    }
    if (filter.deptId != null) where.push(eq(users.deptId, filter.deptId));
    if (filter.enabled != null) where.push(eq(users.enabled, filter.enabled));
    if (filter.roleId != null)
      where.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, filter.roleId))),
        ),
      );
    if (filter.shopCode)
      where.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(userStores)
            .innerJoin(stores, eq(stores.id, userStores.storeId))
            .where(and(eq(userStores.userId, users.id), eq(stores.shopCode, filter.shopCode))),
        ),
      );
    return where;
  };

  return {
    /** Newest first; roles and stores of the page's users are read by `rolesOf` / `storesOf`. */
    /** `scope`: only the users the caller's data scope shows (`visibleIn`). */
    page(filter: UserFilters, paging: Paging, scope: DataScope) {
      const where = and(...filterConditions(filter), visibleIn(db, scope));
      return numberedPageOf<UserListRecord>(
        paging,
        db
          .select(userColumns)
          .from(users)
          .leftJoin(departments, eq(departments.id, users.deptId))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id)),
        db.select({ n: count() }).from(users).where(where),
      );
    },

    async findById(id: number, tx: Database = db, scope?: DataScope): Promise<UserListRecord | null> {
      const [row] = await tx
        .select(userColumns)
        .from(users)
        .leftJoin(departments, eq(departments.id, users.deptId))
        .where(and(eq(users.id, id), scope && visibleIn(db, scope)))
        .limit(1);
      return row ?? null;
    },

    /** Roles of each user, by user id. */
    async rolesOf(userIds: number[], tx: Database = db): Promise<Map<number, RoleRef[]>> {
      const byUser = new Map<number, RoleRef[]>(userIds.map((id) => [id, []]));
      if (!userIds.length) return byUser;
      const rows = await tx
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name, permission: roles.permission })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, userIds))
        .orderBy(asc(roles.id));
      for (const { userId, ...role } of rows) byUser.get(userId)?.push(role);
      return byUser;
    },

    /** Stores of each user, by user id, in shop-code order. */
    async storesOf(userIds: number[], tx: Database = db): Promise<Map<number, StoreRef[]>> {
      const byUser = new Map<number, StoreRef[]>(userIds.map((id) => [id, []]));
      if (!userIds.length) return byUser;
      // Two reads, so the page's few stores are fetched by key rather than by a join over every store.
      const links = await tx
        .select({ userId: userStores.userId, storeId: userStores.storeId })
        .from(userStores)
        .where(inArray(userStores.userId, userIds));
      if (!links.length) return byUser;
      const found = await tx
        .select({ id: stores.id, shopCode: stores.shopCode, shopName: stores.shopName })
        .from(stores)
        .where(inArray(stores.id, [...new Set(links.map((l) => l.storeId))]))
        .orderBy(asc(stores.shopCode));
      const usersOf = new Map<number, number[]>();
      for (const link of links)
        usersOf.set(link.storeId, [...(usersOf.get(link.storeId) ?? []), link.userId]);
      for (const store of found)
        for (const userId of usersOf.get(store.id) ?? []) byUser.get(userId)?.push(store);
      return byUser;
    },

    allRoles(): Promise<RoleRef[]> {
      return db
        .select({ id: roles.id, name: roles.name, permission: roles.permission })
        .from(roles)
        .orderBy(asc(roles.id));
    },

    departments() {
      return db
        .select({ id: departments.id, name: departments.name, parentId: departments.parentId })
        .from(departments)
        .where(eq(departments.enabled, true))
        .orderBy(asc(departments.sort), asc(departments.id));
    },

    async departmentExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, id), eq(departments.enabled, true)))
        .limit(1);
      return Boolean(row);
    },

    storesByCode(codes: string[]): Promise<StoreRef[]> {
      if (!codes.length) return Promise.resolve([]);
      return db
        .select({ id: stores.id, shopCode: stores.shopCode, shopName: stores.shopName })
        .from(stores)
        .where(inArray(stores.shopCode, codes));
    },

    /** Stores by shop code or name; `ownerId` limits them to one user's stores (null: every store). */
    /** Stores by code or name inside the caller's data scope. */
    searchStores(keyword: string | null, scope: DataScope, limit: number) {
      const pattern = keyword ? `%${likeLiteral(keyword)}%` : null;
      return db
        .select({ shopCode: stores.shopCode, shopName: stores.shopName })
        .from(stores)
        .where(
          and(
            pattern ? or(ilike(stores.shopCode, pattern), ilike(stores.shopName, pattern)) : undefined,
            storeInScope(db, scope),
          ),
        )
        .orderBy(asc(stores.shopCode))
        .limit(limit);
    },

    /** Which of `storeIds` are inside the data scope. */
    async storeIdsInScope(scope: DataScope, storeIds: number[]): Promise<Set<number>> {
      if (!storeIds.length) return new Set();
      const rows = await db
        .select({ id: stores.id })
        .from(stores)
        .where(and(inArray(stores.id, storeIds), storeInScope(db, scope)));
      return new Set(rows.map((r) => r.id));
    },

    /** Which of the three unique values another user already has. */
    async taken(values: { username?: string; workCode: string; phone: string }, exceptId: number | null) {
      const rows = await db
        .select({ username: users.username, workCode: users.workCode, phone: users.phone })
        .from(users)
        .where(
          and(
            or(
              values.username ? eq(sql`lower(${users.username})`, values.username.toLowerCase()) : undefined,
              eq(users.workCode, values.workCode),
              eq(users.phone, values.phone),
            ),
            exceptId == null ? undefined : sql`${users.id} <> ${exceptId}`,
          ),
        );
      const taken = new Set<DuplicateField>();
      for (const row of rows) {
        if (values.username && row.username.toLowerCase() === values.username.toLowerCase())
          taken.add('username');
        if (row.workCode === values.workCode) taken.add('workCode');
        if (row.phone === values.phone) taken.add('phone');
      }
      return taken;
    },

    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },

    /**
     * Serialises the changes that could leave no enabled administrator (two admins disabling each other at
     * once): held until the transaction ends.
     */
    async lockAdministrators(tx: Database): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users-admin:administrators'))`);
    },

    /** Enabled users holding `permission`, other than `exceptId`. */
    async enabledHoldersOf(permission: string, exceptId: number, tx: Database): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          and(eq(roles.permission, permission), eq(users.enabled, true), sql`${users.id} <> ${exceptId}`),
        );
      return Number(row?.n ?? 0);
    },

    async insertUser(
      values: UserValues & { username: string; passwordHash: string; at: Date },
      tx: Database,
    ): Promise<number> {
      const [row] = await tx
        .insert(users)
        .values({
          username: values.username,
          nickName: values.nickName,
          workCode: values.workCode,
          phone: values.phone,
          deptId: values.deptId,
          passwordHash: values.passwordHash,
          mustChangePassword: true,
          passwordChangedAt: values.at,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .returning({ id: users.id });
      return row!.id;
    },

    async updateUser(id: number, values: UserValues & { at: Date }, tx: Database): Promise<void> {
      const { at, ...fields } = values;
      await tx
        .update(users)
        .set({ ...fields, updatedAt: at })
        .where(eq(users.id, id));
    },

    async replaceRoles(userId: number, roleIds: number[], tx: Database): Promise<void> {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    async replaceStores(userId: number, storeIds: number[], at: Date, tx: Database): Promise<void> {
      await tx.delete(userStores).where(eq(userStores.userId, userId));
      for (let i = 0; i < storeIds.length; i += 1000)
        await tx
          .insert(userStores)
          .values(storeIds.slice(i, i + 1000).map((storeId) => ({ userId, storeId, createdAt: at })));
    },

    async setEnabled(id: number, enabled: boolean, at: Date, tx: Database): Promise<void> {
      await tx.update(users).set({ enabled, updatedAt: at }).where(eq(users.id, id));
    },

    async setOneTimePassword(id: number, passwordHash: string, at: Date, tx: Database): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: true, passwordChangedAt: at, updatedAt: at })
        .where(eq(users.id, id));
    },

    /** Ends every live session of the user (the caller drops the cached sign-ins after the commit). */
    async revokeSessions(userId: number, at: Date, tx: Database): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
