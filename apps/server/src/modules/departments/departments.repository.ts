import type { DeptRow } from '@console/contract';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { departments, stores, users } from '../../db/schema.js';
import type { DeptRecord } from './dept-tree.js';

/** Arbitrary constant (seeding holds 720_002): tree changes take turns, so two moves cannot make a cycle. */
const DEPT_TREE_LOCK_KEY = 720_010;

const deptColumns = {
  id: departments.id,
  parentId: departments.parentId,
  name: departments.name,
  sort: departments.sort,
  enabled: departments.enabled,
  createdAt: departments.createdAt,
};

export type DepartmentsRepository = ReturnType<typeof createDepartmentsRepository>;

export function createDepartmentsRepository(db: Database) {
  return {
    async lockTree(tx: Database): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEPT_TREE_LOCK_KEY})`);
    },

    all(tx: Database = db): Promise<DeptRecord[]> {
      return tx.select(deptColumns).from(departments);
    },

    async userCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ deptId: users.deptId, n: count() })
        .from(users)
        .where(isNotNull(users.deptId))
        .groupBy(users.deptId);
      return new Map(rows.map((r) => [r.deptId!, Number(r.n)]));
    },

    async usersIn(tx: Database, deptIds: number[]): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(users).where(inArray(users.deptId, deptIds));
      return Number(row?.n ?? 0);
    },

    async storesIn(tx: Database, deptIds: number[]): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(stores).where(inArray(stores.organizeId, deptIds));
      return Number(row?.n ?? 0);
    },

    /** A sibling (same parent) with this name, `exceptId` left out. */
    async siblingNamed(tx: Database, parentId: number | null, name: string, exceptId = 0): Promise<boolean> {
      const [row] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            sql`coalesce(${departments.parentId}, 0) = ${parentId ?? 0}`,
            eq(departments.name, name),
            sql`${departments.id} <> ${exceptId}`,
          ),
        );
      return row !== undefined;
    },

    async insert(tx: Database, fields: Omit<DeptRow, 'id'>): Promise<DeptRow> {
      const [row] = await tx.insert(departments).values(fields).returning(rowColumns);
      return row!;
    },

    async update(tx: Database, id: number, fields: Omit<DeptRow, 'id' | 'enabled'>): Promise<DeptRow> {
      const [row] = await tx
        .update(departments)
        .set(fields)
        .where(eq(departments.id, id))
        .returning(rowColumns);
      return row!;
    },

    async setEnabled(tx: Database, ids: number[], enabled: boolean): Promise<number> {
      const rows = await tx
        .update(departments)
        .set({ enabled })
        .where(and(inArray(departments.id, ids), sql`${departments.enabled} <> ${enabled}`))
        .returning({ id: departments.id });
      return rows.length;
    },

    async delete(tx: Database, id: number): Promise<void> {
      await tx.delete(departments).where(eq(departments.id, id));
    },
  };
}

const rowColumns = {
  id: departments.id,
  parentId: departments.parentId,
  name: departments.name,
  sort: departments.sort,
  enabled: departments.enabled,
};
