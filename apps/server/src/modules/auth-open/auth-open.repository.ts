import type { AuthOpenRecord, AuthOpenStatus } from '@console/contract';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { authOpenRecords, roles, stores, userRoles, users, userStores } from '../../db/schema.js';
import { createUserRepository } from '../auth/user.repository.js';

const openers = alias(users, 'openers');

const recordColumns = {
  id: authOpenRecords.id,
  userId: authOpenRecords.userId,
  userName: users.nickName,
  workCode: users.workCode,
  shopCode: stores.shopCode,
  shopName: stores.shopName,
  roleId: authOpenRecords.roleId,
  roleName: roles.name,
  status: authOpenRecords.status,
  openedByName: openers.nickName,
  batchId: authOpenRecords.batchId,
  remark: authOpenRecords.remark,
  createdAt: authOpenRecords.createdAt,
  decidedAt: authOpenRecords.decidedAt,
};

type RecordRow = Omit<AuthOpenRecord, 'status' | 'createdAt' | 'decidedAt'> & {
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
};

function toRecord(row: RecordRow): AuthOpenRecord {
  return {
    ...row,
    status: row.status as AuthOpenStatus,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export type NewUser = { workCode: string; nickName: string; phone: string };
export type NewRecord = { userId: number; storeId: number; roleId: number | null };
export type UserSummary = {
  id: number;
  username: string;
  nickName: string;
  workCode: string;
  phone: string | null;
  enabled: boolean;
};

const summaryColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  workCode: users.workCode,
  phone: users.phone,
  enabled: users.enabled,
};

export type AuthOpenRepository = ReturnType<typeof createAuthOpenRepository>;

export function createAuthOpenRepository(db: Database) {
  const selectRecords = () =>
    db
      .select(recordColumns)
      .from(authOpenRecords)
      .innerJoin(users, eq(users.id, authOpenRecords.userId))
      .innerJoin(stores, eq(stores.id, authOpenRecords.storeId))
      .leftJoin(roles, eq(roles.id, authOpenRecords.roleId))
      .leftJoin(openers, eq(openers.id, authOpenRecords.openedBy));

  return {
    async findUser(by: { workCode?: string; phone?: string }): Promise<UserSummary | null> {
      const where = by.workCode ? eq(users.workCode, by.workCode) : eq(users.phone, by.phone ?? '');
      const [row] = await db.select(summaryColumns).from(users).where(where).limit(1);
      return row ?? null;
    },

    async findUserById(userId: number): Promise<UserSummary | null> {
      const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    /** Users holding any of the work codes, phones or (lower-cased) account names given. */
    async usersMatching(workCodes: string[], phones: string[]) {
      if (!workCodes.length && !phones.length) return [];
      const lowered = workCodes.map((code) => code.toLowerCase());
      return db
        .select({ ...summaryColumns, usernameKey: sql<string>`lower(${users.username})` })
        .from(users)
        .where(
          or(
            workCodes.length ? inArray(users.workCode, workCodes) : undefined,
            phones.length ? inArray(users.phone, phones) : undefined,
            lowered.length ? inArray(sql`lower(${users.username})`, lowered) : undefined,
          ),
        );
    },

    async storesOf(userId: number) {
      return db
        .select({ shopCode: stores.shopCode, shopName: stores.shopName })
        .from(userStores)
        .innerJoin(stores, eq(stores.id, userStores.storeId))
        .where(eq(userStores.userId, userId))
        .orderBy(asc(stores.shopCode));
    },

    rolesOf: createUserRepository(db).rolesOf,

    /** Chunked: a file may name many codes, and a statement takes at most 65535 parameters. */
    async storesByCode(codes: string[]) {
      const found: { id: number; shopCode: string }[] = [];
      for (let i = 0; i < codes.length; i += 5000) {
        found.push(
          ...(await db
            .select({ id: stores.id, shopCode: stores.shopCode })
            .from(stores)
            .where(inArray(stores.shopCode, codes.slice(i, i + 5000)))),
        );
      }
      return found;
    },

    async cloudRoles() {
      return db
        .select({ id: roles.id, name: roles.name, permission: roles.permission })
        .from(roles)
        .where(eq(roles.cloudPlatform, true));
    },

    /** Store ids among `storeIds` that each user already works in, and those with a pending record. */
    async existingFor(userIds: number[], storeIds: number[]) {
      if (!userIds.length || !storeIds.length) return { granted: [], pending: [] };
      const [granted, pending] = await Promise.all([
        db
          .select({ userId: userStores.userId, storeId: userStores.storeId })
          .from(userStores)
          .where(and(inArray(userStores.userId, userIds), inArray(userStores.storeId, storeIds))),
        db
          .select({ userId: authOpenRecords.userId, storeId: authOpenRecords.storeId })
          .from(authOpenRecords)
          .where(
            and(
              inArray(authOpenRecords.userId, userIds),
              inArray(authOpenRecords.storeId, storeIds),
              eq(authOpenRecords.status, 'pending'),
            ),
          ),
      ]);
      return { granted, pending };
    },

    /**
     * Pending records in one statement; a pair that became pending meanwhile is skipped by the partial
     * unique index instead of failing. Answers the ids created.
     */
    async insertPending(
      records: NewRecord[],
      meta: { openedBy: number; batchId: string | null; remark: string; at: Date },
      tx: Database = db,
    ): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < records.length; i += 1000) {
        const rows = await tx
          .insert(authOpenRecords)
          .values(
            records.slice(i, i + 1000).map((r) => ({
              ...r,
              status: 'pending',
              openedBy: meta.openedBy,
              batchId: meta.batchId,
              remark: meta.remark,
              createdAt: meta.at,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: authOpenRecords.id });
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },

    /** New accounts for an import: sign-in by SMS code; the password hash is of a discarded secret. */
    async insertUsers(newUsers: NewUser[], passwordHash: string, at: Date, tx: Database = db) {
      if (!newUsers.length) return [];
      return tx
        .insert(users)
        .values(
          newUsers.map((u) => ({
            username: u.workCode,
            nickName: u.nickName,
            workCode: u.workCode,
            phone: u.phone,
            passwordHash,
            mustChangePassword: true,
            passwordChangedAt: at,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning({ id: users.id, workCode: users.workCode });
    },

    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },

    async recordsByIds(ids: number[]): Promise<AuthOpenRecord[]> {
      if (!ids.length) return [];
      const rows = await selectRecords()
        .where(inArray(authOpenRecords.id, ids))
        .orderBy(asc(authOpenRecords.id));
      return rows.map(toRecord);
    },

    async record(id: number) {
      const [row] = await db.select().from(authOpenRecords).where(eq(authOpenRecords.id, id)).limit(1);
      return row ?? null;
    },

    /** Pending first, then newest. */
    async page(userId: number, query: { status?: AuthOpenStatus; offset: number; limit: number }) {
      const where = and(
        eq(authOpenRecords.userId, userId),
        query.status ? eq(authOpenRecords.status, query.status) : undefined,
      );
      const [totalRow] = await db.select({ total: count() }).from(authOpenRecords).where(where);
      const rows = await selectRecords()
        .where(where)
        .orderBy(
          sql`case when ${authOpenRecords.status} = 'pending' then 0 else 1 end`,
          desc(authOpenRecords.createdAt),
          desc(authOpenRecords.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      return { total: Number(totalRow?.total ?? 0), list: rows.map(toRecord) };
    },

    /**
     * Marks a pending record decided; on confirm, grants the store (and role) in the same transaction.
     * Answers false when the record was no longer pending (decided concurrently).
     */
    async decide(
      record: { id: number; userId: number; storeId: number; roleId: number | null },
      status: 'confirmed' | 'refused',
      at: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(authOpenRecords)
          .set({ status, decidedAt: at })
          .where(and(eq(authOpenRecords.id, record.id), eq(authOpenRecords.status, 'pending')))
          .returning({ id: authOpenRecords.id });
        if (!updated.length) return false;
        if (status === 'confirmed') {
          await tx
            .insert(userStores)
            .values({ userId: record.userId, storeId: record.storeId, createdAt: at })
            .onConflictDoNothing();
          if (record.roleId != null)
            await tx
              .insert(userRoles)
              .values({ userId: record.userId, roleId: record.roleId })
              .onConflictDoNothing();
        }
        return true;
      });
    },
  };
}
