import { and, count, desc, eq, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { numberedPageOf } from '../../db/paged-query.js';
import { approvalTasks, menus, roleMenus, roles, stores, userRoles, users } from '../../db/schema.js';
import { storeInScope, type DataScope } from '../roles/data-scope.js';

export type ApprovalRecord = typeof approvalTasks.$inferSelect;

const otherStore = alias(stores, 'other_store');
const decider = alias(users, 'decider');

const approvalColumns = {
  task: approvalTasks,
  storeName: stores.shopName,
  otherStoreName: otherStore.shopName,
  requesterName: users.nickName,
  decidedByName: decider.nickName,
};
export type ApprovalView = {
  task: ApprovalRecord;
  storeName: string;
  otherStoreName: string | null;
  requesterName: string;
  decidedByName: string | null;
};

/**
 * The tasks a scope may decide: both stores inside it (an area manager's groups, or their own stores), and
 * head-office-only tasks only with a scope of all stores. The requester's own are left out by the caller.
 */
function decidableBy(db: Database, scope: DataScope): SQL | undefined {
  if (scope.all) return undefined;
  const inScope = db.select({ id: stores.id }).from(stores).where(storeInScope(db, scope));
  return and(
    eq(approvalTasks.headOfficeOnly, false),
    inArray(approvalTasks.storeId, inScope),
    or(isNull(approvalTasks.otherStoreId), inArray(approvalTasks.otherStoreId, inScope)),
  );
}

type Paging = { pageNum: number; pageSize: number };
export type PendingFilter = { busiType: number };
export type MineFilter = { busiType: number; state: string };

export function createApprovalsRepository(db: Database) {
  /** 待我审核: pending, not the caller's own, inside the caller's scope. */
  const pendingWhere = (scope: DataScope, userId: number, f: PendingFilter) =>
    and(
      eq(approvalTasks.status, 'pending'),
      ne(approvalTasks.requesterId, userId),
      f.busiType ? eq(approvalTasks.busiType, f.busiType) : undefined,
      decidableBy(db, scope),
    );
  /** 我发起的: the caller's own requests. */
  const mineWhere = (userId: number, f: MineFilter) =>
    and(
      eq(approvalTasks.requesterId, userId),
      f.busiType ? eq(approvalTasks.busiType, f.busiType) : undefined,
      f.state === 'all' ? undefined : eq(approvalTasks.status, f.state),
    );
  const joined = (tx: Database) =>
    tx
      .select(approvalColumns)
      .from(approvalTasks)
      .innerJoin(stores, eq(stores.id, approvalTasks.storeId))
      .leftJoin(otherStore, eq(otherStore.id, approvalTasks.otherStoreId))
      .innerJoin(users, eq(users.id, approvalTasks.requesterId))
      .leftJoin(decider, eq(decider.id, approvalTasks.decidedBy));
  const counted = (where: SQL | undefined) => db.select({ n: count() }).from(approvalTasks).where(where);

  return {
    decidableBy: (scope: DataScope) => decidableBy(db, scope),

    async insert(tx: Database, task: typeof approvalTasks.$inferInsert): Promise<ApprovalRecord> {
      const [row] = await tx.insert(approvalTasks).values(task).returning();
      return row!;
    },

    async find(tx: Database, id: number): Promise<ApprovalRecord | undefined> {
      const [row] = await tx.select().from(approvalTasks).where(eq(approvalTasks.id, id));
      return row;
    },

    async lock(tx: Database, id: number): Promise<ApprovalRecord | undefined> {
      const [row] = await tx.select().from(approvalTasks).where(eq(approvalTasks.id, id)).for('update');
      return row;
    },

    async decide(
      tx: Database,
      id: number,
      set: { status: string; decidedBy: number; reason: string; decidedAt: Date },
    ): Promise<boolean> {
      const rows = await tx
        .update(approvalTasks)
        .set(set)
        .where(and(eq(approvalTasks.id, id), eq(approvalTasks.status, 'pending')))
        .returning({ id: approvalTasks.id });
      return rows.length === 1;
    },

    /** A cancelled document takes its pending task back. */
    async withdraw(tx: Database, busiType: number, docId: number, at: Date): Promise<void> {
      await tx
        .update(approvalTasks)
        .set({ status: 'withdrawn', decidedAt: at })
        .where(
          and(
            eq(approvalTasks.busiType, busiType),
            eq(approvalTasks.docId, docId),
            eq(approvalTasks.status, 'pending'),
          ),
        );
    },

    async view(tx: Database, id: number): Promise<ApprovalView | undefined> {
      const [row] = await joined(tx).where(eq(approvalTasks.id, id));
      return row;
    },

    async pendingPage(scope: DataScope, userId: number, f: PendingFilter & Paging) {
      const where = pendingWhere(scope, userId, f);
      return numberedPageOf(
        f,
        joined(db).where(where).orderBy(desc(approvalTasks.id)).$dynamic(),
        counted(where),
      );
    },

    async minePage(userId: number, f: MineFilter & Paging) {
      const where = mineWhere(userId, f);
      return numberedPageOf(
        f,
        joined(db).where(where).orderBy(desc(approvalTasks.id)).$dynamic(),
        counted(where),
      );
    },

    /** The list's rows for an export: newest first, `limit` of them with an id below `before`. */
    batch: (where: SQL | undefined, before: number | null, limit: number) =>
      joined(db)
        .where(and(where, before === null ? undefined : lt(approvalTasks.id, before)))
        .orderBy(desc(approvalTasks.id))
        .limit(limit),

    async countUpTo(where: SQL | undefined, limit: number): Promise<number> {
      const capped = db.select({ id: approvalTasks.id }).from(approvalTasks).where(where).limit(limit);
      const [row] = await db.select({ n: count() }).from(capped.as('capped'));
      return Number(row?.n ?? 0);
    },

    pendingWhere,
    mineWhere,

    /** Enabled users holding `permission` through a role's key or one of its menus' buttons. */
    async holdersOf(tx: Database, permission: string): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
        .leftJoin(menus, eq(menus.id, roleMenus.menuId))
        .where(
          and(
            eq(users.enabled, true),
            or(
              eq(roles.permission, permission),
              eq(menus.permission, permission),
              eq(roles.permission, 'admin'),
            ),
          ),
        )
        .orderBy(users.id);
      return rows.map((r) => r.id);
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
