import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { cappedCountQuery, fixedStatement, shapedStatement, type Named } from '../../db/paged-query.js';
import { shanghaiDayStart } from '../../db/shanghai-days.js';
import { versionedDocs } from './doc-table.js';
import { skus, stockBalances, stockTransferLines, stockTransfers, stores, users } from '../../db/schema.js';

export type TransferRecord = typeof stockTransfers.$inferSelect;
export type TransferLineRecord = typeof stockTransferLines.$inferSelect;
export type TransferSide = 'in' | 'out';

const toStore = alias(stores, 'to_store');
const fromStore = alias(stores, 'from_store');

/** The list and detail columns of a transfer, with both stores and the requester. */
const transferColumns = {
  id: stockTransfers.id,
  transferNo: stockTransfers.transferNo,
  origin: stockTransfers.origin,
  status: stockTransfers.status,
  toStoreId: stockTransfers.toStoreId,
  fromStoreId: stockTransfers.fromStoreId,
  toStoreCode: toStore.shopCode,
  toStoreName: toStore.shopName,
  fromStoreCode: fromStore.shopCode,
  fromStoreName: fromStore.shopName,
  hasDiscrepancy: stockTransfers.hasDiscrepancy,
  requestedByName: users.nickName,
  remark: stockTransfers.remark,
  cancelReason: stockTransfers.cancelReason,
  createdAt: stockTransfers.createdAt,
  updatedAt: stockTransfers.updatedAt,
  lineCount:
    sql<number>`(select count(*) from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`.mapWith(
      Number,
    ),
  totalQuantity:
    sql<number>`(select coalesce(sum(l.quantity), 0) from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`.mapWith(
      Number,
    ),
};
export type TransferView = {
  [K in keyof typeof transferColumns]: (typeof transferColumns)[K] extends SQL.Aliased<infer T> | SQL<infer T>
    ? T
    : (typeof transferColumns)[K] extends { _: { data: infer D; notNull: infer N } }
      ? N extends true
        ? D
        : D | null
      : never;
};

export type TransferFilters = {
  side: TransferSide;
  status: string;
  inOrderNo?: string | null;
  keyword?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  pageNum: number;
  pageSize: number;
};

/** The list's filters without paging (an export's). */
export type TransferExportFilters = Omit<TransferFilters, 'pageNum' | 'pageSize'>;

/** Which filters a request has: the statement's shape (their values are the statement's values). */
type TransferShape = {
  side: TransferSide;
  status: boolean;
  inOrderNo: boolean;
  keyword: boolean;
  dateFrom: boolean;
  dateTo: boolean;
  cursor: boolean;
};

const shapeOf = (f: TransferExportFilters, cursor: boolean): TransferShape => ({
  side: f.side,
  status: f.status !== 'all',
  inOrderNo: Boolean(f.inOrderNo),
  keyword: Boolean(f.keyword),
  dateFrom: Boolean(f.dateFrom),
  dateTo: Boolean(f.dateTo),
  cursor,
});

const valuesOf = (storeId: number, f: TransferExportFilters) => ({
  storeId,
  status: f.status,
  inOrderNo: f.inOrderNo ?? '',
  transferNo: f.keyword ? f.keyword.toUpperCase() : '',
  pattern: f.keyword ? likeContains(f.keyword) : '',
  since: f.dateFrom ? shanghaiDayStart(f.dateFrom) : '',
  before: f.dateTo ? shanghaiDayStart(f.dateTo, 1) : '',
});

/** The list's conditions: the store's side, state, the message's order, keyword, days and cursor. */
function whereOf(shape: TransferShape, value: Named): SQL | undefined {
  return and(
    shape.side === 'in'
      ? eq(stockTransfers.toStoreId, value('storeId'))
      : eq(stockTransfers.fromStoreId, value('storeId')),
    shape.status ? eq(stockTransfers.status, value('status')) : undefined,
    shape.inOrderNo ? eq(stockTransfers.transferNo, value('inOrderNo')) : undefined,
    shape.keyword
      ? or(
          eq(stockTransfers.transferNo, value('transferNo')),
          ilike(shape.side === 'in' ? fromStore.shopName : toStore.shopName, value('pattern')),
        )
      : undefined,
    shape.dateFrom ? sql`${stockTransfers.createdAt} >= ${value('since')}::timestamptz` : undefined,
    shape.dateTo ? sql`${stockTransfers.createdAt} < ${value('before')}::timestamptz` : undefined,
    shape.cursor ? lt(stockTransfers.id, value('afterId')) : undefined,
  );
}

export function createTransfersRepository(db: Database) {
  const docs = versionedDocs(db, 'transfer', stockTransfers, (storeId) =>
    or(eq(stockTransfers.toStoreId, storeId), eq(stockTransfers.fromStoreId, storeId)),
  );
  const joined = (tx: Database) =>
    tx
      .select(transferColumns)
      .from(stockTransfers)
      .innerJoin(toStore, eq(toStore.id, stockTransfers.toStoreId))
      .innerJoin(fromStore, eq(fromStore.id, stockTransfers.fromStoreId))
      .innerJoin(users, eq(users.id, stockTransfers.requestedBy));

  const view = fixedStatement(db, 'transfer_view', (on, value) =>
    joined(on).where(eq(stockTransfers.id, value('id'))),
  );
  const lines = fixedStatement(db, 'transfer_lines', (on, value) =>
    on
      .select({
        line: stockTransferLines,
        skuCode: skus.skuCode,
        skuName: skus.name,
        spec: skus.spec,
      })
      .from(stockTransferLines)
      .innerJoin(skus, eq(skus.id, stockTransferLines.skuId))
      .where(eq(stockTransferLines.transferId, value('transferId')))
      .orderBy(asc(stockTransferLines.id)),
  );

  /** The list's page or an export's batch, newest first, prepared once per shape of filters. */
  const listed = shapedStatement(db, 'transfer_page', (shape: TransferShape, on, value) =>
    joined(on)
      .where(whereOf(shape, value))
      .orderBy(desc(stockTransfers.id))
      .limit(value('limit'))
      .offset(value('offset')),
  );
  // Only a keyword reads the other store's name: both stores always exist (foreign keys), so without one the
  // count reads the store's transfers alone instead of joining two store tables (bench/inventory/RESULTS.md).
  const counted = shapedStatement(db, 'transfer_count', (shape: TransferShape, on, value) => {
    const matching = shape.keyword
      ? on
          .select({ id: stockTransfers.id })
          .from(stockTransfers)
          .innerJoin(toStore, eq(toStore.id, stockTransfers.toStoreId))
          .innerJoin(fromStore, eq(fromStore.id, stockTransfers.fromStoreId))
          .where(whereOf(shape, value))
      : on.select({ id: stockTransfers.id }).from(stockTransfers).where(whereOf(shape, value));
    return cappedCountQuery(on, matching.limit(value('limit')));
  });

  return {
    async storeByCode(code: string) {
      const [row] = await db
        .select({
          id: stores.id,
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          enabled: stores.enabled,
        })
        .from(stores)
        .where(eq(stores.shopCode, code));
      return row;
    },

    async skusByIds(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: skus.id, name: skus.name, enabled: skus.enabled, priceCents: skus.priceCents })
        .from(skus)
        .where(inArray(skus.id, [...ids]));
    },

    async insert(
      tx: Database,
      transfer: typeof stockTransfers.$inferInsert,
      lines: readonly { skuId: number; quantity: number }[],
    ): Promise<number> {
      const [row] = await tx.insert(stockTransfers).values(transfer).returning({ id: stockTransfers.id });
      await tx.insert(stockTransferLines).values(lines.map((l) => ({ ...l, transferId: row!.id })));
      return row!.id;
    },

    /** The transfer locked for a change, when the store is party to it (else undefined: a 404). */
    lock: (tx: Database, id: number, storeId: number | null): Promise<TransferRecord | undefined> =>
      docs.lock(tx, id, storeId),

    /** The conditional update of a locked transfer: status and version as read. */
    update: (tx: Database, read: TransferRecord, set: Partial<typeof stockTransfers.$inferInsert>) =>
      docs.update(tx, read, set),

    lines: (tx: Database, transferId: number) => lines({ transferId }, tx),

    async updateLine(tx: Database, lineId: number, set: Partial<typeof stockTransferLines.$inferInsert>) {
      await tx.update(stockTransferLines).set(set).where(eq(stockTransferLines.id, lineId));
    },

    async batchExists(tx: Database, storeId: number, skuId: number, batchNo: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: stockBalances.id })
        .from(stockBalances)
        .where(
          and(
            eq(stockBalances.storeId, storeId),
            eq(stockBalances.skuId, skuId),
            eq(stockBalances.batchNo, batchNo),
          ),
        );
      return row !== undefined;
    },

    async view(tx: Database, id: number): Promise<TransferView | undefined> {
      const [row] = await view({ id }, tx);
      return row;
    },

    /** A page of the list, newest first: past the cursor's id (`after`), else from `offset`. */
    page: (
      storeId: number,
      f: TransferExportFilters,
      window: { limit: number; offset: number; after: unknown[] | null },
    ) =>
      listed(shapeOf(f, window.after !== null), {
        ...valuesOf(storeId, f),
        afterId: window.after?.[0],
        limit: window.limit,
        offset: window.offset,
      }),

    /** The list's rows for an export: newest first, `limit` of them before the id `before`. */
    batch: (storeId: number, f: TransferExportFilters, before: number | null, limit: number) =>
      listed(shapeOf(f, before !== null), { ...valuesOf(storeId, f), afterId: before, limit, offset: 0 }),

    /** How many transfers match, counting no further than `limit`. */
    async countUpTo(storeId: number, f: TransferExportFilters, limit: number): Promise<number> {
      const [row] = await counted(shapeOf(f, false), { ...valuesOf(storeId, f), limit });
      return row?.n ?? 0;
    },
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
