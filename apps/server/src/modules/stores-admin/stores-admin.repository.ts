import {
  OPEN_WORK_LISTED_MAX,
  type ShopGroupCreate,
  type StoreAdminFilters,
  type StoreStatus,
} from '@console/contract';
import { and, asc, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storeRegionColumns } from '../stores/store.repository.js';
import { likeLiteral } from '../../db/like-pattern.js';
import { numberedPageOf, type Paging } from '../../db/paged-query.js';
import {
  performanceOrders,
  roleShopGroups,
  shopGroups,
  stores,
  userStores,
  valetOrders,
} from '../../db/schema.js';
import { groupInScope, storeInScope, type DataScope } from '../roles/data-scope.js';

/** What the list, the forms and the audit rows read of a store. */
const storeColumns = {
  id: stores.id,
  shopCode: stores.shopCode,
  shopName: stores.shopName,
  businessScopeName: stores.businessScopeName,
  shopGroupId: stores.shopGroupId,
  groupName: shopGroups.frontTitle,
  shopPhone: stores.shopPhone,
  ...storeRegionColumns,
  shopDetailAddress: stores.shopDetailAddress,
  latitude: stores.latitude,
  longitude: stores.longitude,
  enabled: stores.enabled,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
};
export type StoreRecord = {
  [K in keyof typeof storeColumns]: (typeof storeColumns)[K]['_']['data'];
};
export type StoreValues = Omit<typeof stores.$inferInsert, 'id'>;

const groupColumns = {
  id: shopGroups.id,
  frontTitle: shopGroups.frontTitle,
  sort: shopGroups.sort,
  createdAt: shopGroups.createdAt,
};
export type GroupRecord = { id: number; frontTitle: string; sort: number; createdAt: Date };

/** Orders a closing store still has: taken and not finished, and valet orders not yet confirmed. */
const OPEN_ORDER_STATUSES = ['wait_ship', 'shipped'];
const OPEN_VALET_STATUS = 'pending_confirm';

/** Province codes end in 0000, city codes in 00; anything else is a county (or a town). */
function areaCondition(code: string): SQL {
  if (code.endsWith('0000')) return eq(stores.shopProvinceCode, code);
  if (code.endsWith('00')) return eq(stores.shopCityCode, code);
  return eq(stores.shopCountyCode, code);
}

function filterConditions(filter: StoreAdminFilters): SQL[] {
  const where: SQL[] = [];
  if (filter.keyword) {
    const prefix = `${likeLiteral(filter.keyword)}%`;
    where.push(or(like(stores.shopName, prefix), like(stores.shopCode, prefix.toUpperCase()))!);
  }
  if (filter.shopGroupId != null) where.push(eq(stores.shopGroupId, filter.shopGroupId));
  if (filter.areaCode) where.push(areaCondition(filter.areaCode));
  if (filter.status) where.push(eq(stores.enabled, filter.status === 'open'));
  return where;
}

const statusOf = (enabled: boolean): StoreStatus => (enabled ? 'open' : 'closed');

export type StoresAdminRepository = ReturnType<typeof createStoresAdminRepository>;

export function createStoresAdminRepository(db: Database) {
  const storeSelect = (tx: Database = db) =>
    tx.select(storeColumns).from(stores).innerJoin(shopGroups, eq(shopGroups.id, stores.shopGroupId));

  return {
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },

    /** Newest first; only the stores inside `scope`. */
    page(filter: StoreAdminFilters, paging: Paging, scope: DataScope) {
      const where = and(...filterConditions(filter), storeInScope(db, scope));
      return numberedPageOf<StoreRecord>(
        paging,
        storeSelect().where(where).orderBy(desc(stores.id)),
        db.select({ n: count() }).from(stores).where(where),
      );
    },

    async options(filter: StoreAdminFilters, limit: number, scope: DataScope) {
      const rows = await db
        .select({
          id: stores.id,
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          enabled: stores.enabled,
        })
        .from(stores)
        .where(and(...filterConditions(filter), storeInScope(db, scope)))
        .orderBy(asc(stores.shopCode))
        .limit(limit);
      return rows.map(({ enabled, ...row }) => ({ ...row, status: statusOf(enabled) }));
    },

    /** The store; with `scope`, only when inside it. */
    async find(
      id: number,
      tx: Database = db,
      { lock = false, scope }: { lock?: boolean; scope?: DataScope } = {},
    ): Promise<StoreRecord | null> {
      const query = storeSelect(tx)
        .where(and(eq(stores.id, id), scope && storeInScope(tx, scope)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: stores }) : await query;
      return row ?? null;
    },

    async insert(tx: Database, values: StoreValues): Promise<number> {
      const [row] = await tx.insert(stores).values(values).returning({ id: stores.id });
      return row!.id;
    },

    async update(tx: Database, id: number, values: Partial<StoreValues>): Promise<void> {
      await tx.update(stores).set(values).where(eq(stores.id, id));
    },

    /** The next number of the store-code sequence (atomic: two callers never get the same one). */
    async nextCodeNumber(): Promise<number> {
      // The Database union leaves the result's type unknown; both drivers answer `{ rows }`.
      const result = (await db.execute(sql`select nextval('shop_code_seq') as n`)) as unknown as {
        rows: { n: string | number }[];
      };
      return Number(result.rows[0]!.n);
    },

    async codeTaken(code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stores.id })
        .from(stores)
        .where(ilike(stores.shopCode, likeLiteral(code)))
        .limit(1);
      return row !== undefined;
    },

    /** The store's open orders and valet orders: counts, and the oldest few of each. */
    async openWork(storeId: number, tx: Database = db) {
      const orderWhere = and(
        eq(performanceOrders.storeId, storeId),
        inArray(performanceOrders.status, OPEN_ORDER_STATUSES),
      );
      const valetWhere = and(eq(valetOrders.storeId, storeId), eq(valetOrders.status, OPEN_VALET_STATUS));
      const [[orders], [valet], orderRows, valetRows] = await Promise.all([
        tx.select({ n: count() }).from(performanceOrders).where(orderWhere),
        tx.select({ n: count() }).from(valetOrders).where(valetWhere),
        tx
          .select({
            no: performanceOrders.performanceOrderNo,
            status: performanceOrders.status,
            at: performanceOrders.takenAt,
          })
          .from(performanceOrders)
          .where(orderWhere)
          .orderBy(asc(performanceOrders.takenAt))
          .limit(OPEN_WORK_LISTED_MAX),
        tx
          .select({ no: valetOrders.valetOrderNo, status: valetOrders.status, at: valetOrders.createdAt })
          .from(valetOrders)
          .where(valetWhere)
          .orderBy(asc(valetOrders.createdAt))
          .limit(OPEN_WORK_LISTED_MAX),
      ]);
      return {
        orderCount: Number(orders?.n ?? 0),
        valetOrderCount: Number(valet?.n ?? 0),
        orders: orderRows,
        valetOrders: valetRows,
      };
    },

    /**
     * Groups in sort order with their stores; `userId`: only that user's stores; `scope`: only the stores inside
     * the caller's data scope.
     */
    async groupsWithStores(query: {
      groupIds?: number[] | null;
      status?: StoreStatus | null;
      userId?: number;
      scope?: DataScope;
    }) {
      const groups = await db
        .select(groupColumns)
        .from(shopGroups)
        .where(query.groupIds ? inArray(shopGroups.id, query.groupIds) : undefined)
        .orderBy(asc(shopGroups.sort), asc(shopGroups.id));
      const storeQuery = db
        .select({
          id: stores.id,
          shopGroupId: stores.shopGroupId,
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          businessScopeName: stores.businessScopeName,
          enabled: stores.enabled,
        })
        .from(stores);
      const where = and(
        query.groupIds ? inArray(stores.shopGroupId, query.groupIds) : undefined,
        query.status ? eq(stores.enabled, query.status === 'open') : undefined,
        query.userId === undefined ? undefined : eq(userStores.userId, query.userId),
        query.scope && storeInScope(db, query.scope),
      );
      const rows = await (
        query.userId === undefined
          ? storeQuery.where(where)
          : storeQuery.innerJoin(userStores, eq(userStores.storeId, stores.id)).where(where)
      ).orderBy(asc(stores.shopCode));
      return { groups, stores: rows.map(({ enabled, ...row }) => ({ ...row, status: statusOf(enabled) })) };
    },

    /** The groups `scope` reaches, counting only their stores inside it. */
    groupPage(keyword: string | null | undefined, paging: Paging, scope: DataScope) {
      const where = and(
        keyword ? ilike(shopGroups.frontTitle, `%${likeLiteral(keyword)}%`) : undefined,
        groupInScope(db, scope),
      );
      return numberedPageOf(
        paging,
        db
          .select({
            ...groupColumns,
            storeCount: sql<number>`count(${stores.id})::int`,
            openCount: sql<number>`(count(${stores.id}) filter (where ${stores.enabled}))::int`,
          })
          .from(shopGroups)
          .leftJoin(stores, and(eq(stores.shopGroupId, shopGroups.id), storeInScope(db, scope)))
          .where(where)
          .groupBy(shopGroups.id)
          .orderBy(asc(shopGroups.sort), asc(shopGroups.id)),
        db.select({ n: count() }).from(shopGroups).where(where),
      );
    },

    /** The group; with `scope`, only when the scope reaches it. */
    async group(id: number, tx: Database = db, scope?: DataScope): Promise<GroupRecord | null> {
      const [row] = await tx
        .select(groupColumns)
        .from(shopGroups)
        .where(and(eq(shopGroups.id, id), scope && groupInScope(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    /** Whether another group has the name, asked under a lock held to the end of the transaction, so two
     * admins naming two groups alike take turns and the second is refused. */
    async groupNamed(tx: Database, name: string, exceptId = 0): Promise<boolean> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-groups:names'))`);
      const [row] = await tx
        .select({ id: shopGroups.id })
        .from(shopGroups)
        .where(and(eq(shopGroups.frontTitle, name), sql`${shopGroups.id} <> ${exceptId}`))
        .limit(1);
      return row !== undefined;
    },

    async storeCounts(tx: Database, groupId: number): Promise<{ storeCount: number; openCount: number }> {
      const [row] = await tx
        .select({
          storeCount: count(),
          openCount: sql<number>`count(*) filter (where ${stores.enabled})::int`,
        })
        .from(stores)
        .where(eq(stores.shopGroupId, groupId));
      return { storeCount: Number(row?.storeCount ?? 0), openCount: Number(row?.openCount ?? 0) };
    },

    async insertGroup(tx: Database, values: Required<ShopGroupCreate>): Promise<GroupRecord> {
      const [row] = await tx.insert(shopGroups).values(values).returning(groupColumns);
      return row!;
    },

    async updateGroup(tx: Database, id: number, values: Required<ShopGroupCreate>, at: Date) {
      const [row] = await tx
        .update(shopGroups)
        .set({ ...values, updatedAt: at })
        .where(eq(shopGroups.id, id))
        .returning(groupColumns);
      return row!;
    },

    /** The group row locked for the change: a store moved into it meanwhile waits, then sees it gone. */
    async lockGroup(tx: Database, id: number): Promise<GroupRecord | null> {
      const [row] = await tx
        .select(groupColumns)
        .from(shopGroups)
        .where(eq(shopGroups.id, id))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** Roles whose `groups` data scope names the group. */
    async rolesNaming(tx: Database, groupId: number): Promise<number> {
      return tx.$count(roleShopGroups, eq(roleShopGroups.shopGroupId, groupId));
    },

    async deleteGroup(tx: Database, id: number): Promise<void> {
      await tx.delete(shopGroups).where(eq(shopGroups.id, id));
    },
  };
}
