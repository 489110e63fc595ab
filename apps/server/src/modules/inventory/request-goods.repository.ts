import { and, asc, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { numberedPageOf } from '../../db/paged-query.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';
import { versionedDocs } from './doc-table.js';
import { availableStock, batchesWithStock } from './stock-ledger.js';
import {
  skus,
  stockBalances,
  stockRequestLines,
  stockRequests,
  stockWarehouses,
  stores,
  users,
} from '../../db/schema.js';

export type RequestRecord = typeof stockRequests.$inferSelect;
export type RequestLineRecord = typeof stockRequestLines.$inferSelect;

const warehouse = alias(stores, 'warehouse');

const requestColumns = {
  id: stockRequests.id,
  requestNo: stockRequests.requestNo,
  storeId: stockRequests.storeId,
  status: stockRequests.status,
  warehouseName: warehouse.shopName,
  valueCents: stockRequests.valueCents,
  hasShortage: stockRequests.hasShortage,
  hasDiscrepancy: stockRequests.hasDiscrepancy,
  requestedByName: users.nickName,
  remark: stockRequests.remark,
  rejectReason: stockRequests.rejectReason,
  createdAt: stockRequests.createdAt,
  updatedAt: stockRequests.updatedAt,
  lineCount:
    sql<number>`(select count(*) from ${stockRequestLines} l where l.request_id = ${stockRequests.id})`.mapWith(
      Number,
    ),
  totalQuantity:
    sql<number>`(select coalesce(sum(l.quantity), 0) from ${stockRequestLines} l where l.request_id = ${stockRequests.id})`.mapWith(
      Number,
    ),
};

export type RequestFilters = {
  status: string;
  keyword?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  pageNum: number;
  pageSize: number;
};

const whereOf = (storeId: number, f: Omit<RequestFilters, 'pageNum' | 'pageSize'>) =>
  and(
    ...([
      eq(stockRequests.storeId, storeId),
      f.status === 'all' ? undefined : eq(stockRequests.status, f.status),
      f.keyword ? eq(stockRequests.requestNo, f.keyword.toUpperCase()) : undefined,
      ...withinShanghaiDays(stockRequests.createdAt, f.dateFrom, f.dateTo),
    ] as (SQL | undefined)[]),
  );

/** Request goods (要货单) rows: a store sees its own only (`storeId` in every read). */
export function createRequestGoodsRepository(db: Database) {
  const docs = versionedDocs(db, 'stock_request', stockRequests, (storeId) =>
    eq(stockRequests.storeId, storeId),
  );
  const joined = (tx: Database) =>
    tx
      .select(requestColumns)
      .from(stockRequests)
      .innerJoin(warehouse, eq(warehouse.id, stockRequests.warehouseStoreId))
      .innerJoin(users, eq(users.id, stockRequests.requestedBy));

  return {
    /** The chain's warehouse: the first registered warehouse store. */
    async warehouseId(): Promise<number | undefined> {
      const [row] = await db
        .select({ id: stockWarehouses.storeId })
        .from(stockWarehouses)
        .orderBy(asc(stockWarehouses.storeId))
        .limit(1);
      return row?.id;
    },

    async insert(
      tx: Database,
      request: typeof stockRequests.$inferInsert,
      lines: readonly { skuId: number; quantity: number }[],
    ): Promise<number> {
      const [row] = await tx.insert(stockRequests).values(request).returning({ id: stockRequests.id });
      await tx.insert(stockRequestLines).values(lines.map((l) => ({ ...l, requestId: row!.id })));
      return row!.id;
    },

    /** The request locked for a change; with `storeId`, only when it is that store's (else a 404). */
    lock: (tx: Database, id: number, storeId: number | null): Promise<RequestRecord | undefined> =>
      docs.lock(tx, id, storeId),

    update: (tx: Database, read: RequestRecord, set: Partial<typeof stockRequests.$inferInsert>) =>
      docs.update(tx, read, set),

    async lines(tx: Database, requestId: number) {
      return tx
        .select({ line: stockRequestLines, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec })
        .from(stockRequestLines)
        .innerJoin(skus, eq(skus.id, stockRequestLines.skuId))
        .where(eq(stockRequestLines.requestId, requestId))
        .orderBy(asc(stockRequestLines.id));
    },

    async updateLine(tx: Database, lineId: number, set: Partial<typeof stockRequestLines.$inferInsert>) {
      await tx.update(stockRequestLines).set(set).where(eq(stockRequestLines.id, lineId));
    },

    /** The warehouse batch to ship a SKU from: the earliest expiry with the most available first. */
    async bestBatch(tx: Database, storeId: number, skuId: number) {
      const [row] = await batchesWithStock(tx, storeId, skuId)
        .orderBy(desc(availableStock()), asc(stockBalances.expiryDate))
        .limit(1);
      return row;
    },

    async view(tx: Database, id: number) {
      const [row] = await joined(tx).where(eq(stockRequests.id, id));
      return row;
    },

    async page(storeId: number, f: RequestFilters) {
      const where = whereOf(storeId, f);
      return numberedPageOf(
        f,
        joined(db).where(where).orderBy(desc(stockRequests.id)).$dynamic(),
        db.select({ n: count() }).from(stockRequests).where(where),
      );
    },

    /** The export's rows, newest first, `limit` at a time before the id `before`. */
    async batch(
      storeId: number,
      f: Omit<RequestFilters, 'pageNum' | 'pageSize'>,
      before: number | null,
      limit: number,
    ) {
      return joined(db)
        .where(and(whereOf(storeId, f), before === null ? undefined : lt(stockRequests.id, before)))
        .orderBy(desc(stockRequests.id))
        .limit(limit);
    },

    async countUpTo(storeId: number, f: Omit<RequestFilters, 'pageNum' | 'pageSize'>, limit: number) {
      const capped = db
        .select({ id: stockRequests.id })
        .from(stockRequests)
        .where(whereOf(storeId, f))
        .limit(limit)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return Number(row?.n ?? 0);
    },
  };
}

export type RequestView = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createRequestGoodsRepository>['view']>>
>;
