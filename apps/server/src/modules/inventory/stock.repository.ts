import { and, asc, eq, gt, gte, ilike, lte, or } from 'drizzle-orm';
import { INVENTORY_COUNT_CAP, STOCK_NEAR_EXPIRY_DAYS, type StockRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import {
  cappedCountQuery,
  keysetPage,
  keysetPast,
  shapedStatement,
  type KeysetKey,
  type Named,
  type Paging,
} from '../../db/paged-query.js';
import { skus, stockBalances } from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';

export type StockFilter = { keyword?: string | null; nearExpiry?: boolean; inTransit?: boolean };

const DAY_MS = 86_400_000;

/** The list's order, which its keyset follows: SKU code, then the oldest expiry, then the balance. */
const STOCK_KEYSET: KeysetKey[] = [
  { sql: skus.skuCode, kind: 'text' },
  { sql: stockBalances.expiryDate, kind: 'date' },
  { sql: stockBalances.id, kind: 'id' },
];

/** The last expiry date that counts as near expiry on the Shanghai day of `now` (today + the window). */
export const nearExpiryCutoff = (now: Date) =>
  shanghaiDay(new Date(now.getTime() + STOCK_NEAR_EXPIRY_DAYS * DAY_MS));

/** Which filters a request has: the statement's shape (their values are the statement's values). */
type StockShape = { keyword: boolean; nearExpiry: boolean; inTransit: boolean; cursor: boolean };

const shapeOf = (f: StockFilter, cursor: boolean): StockShape => ({
  keyword: Boolean(f.keyword),
  nearExpiry: Boolean(f.nearExpiry),
  inTransit: Boolean(f.inTransit),
  cursor,
});

const valuesOf = (storeId: number, f: StockFilter, cutoff: string) => ({
  storeId,
  keyword: f.keyword ?? '',
  pattern: f.keyword ? likeContains(f.keyword) : '',
  cutoff,
});

/**
 * The store's stock list: one row per SKU and batch, oldest expiry first within a SKU. `now` decides which
 * batches are near expiry (临期: on hand and expiring by the cutoff, or expired). The page, its count and the
 * export's batches are prepared once per shape of filters.
 */
export function createStockRepository(db: Database) {
  const whereOf = (shape: StockShape, value: Named) =>
    and(
      eq(stockBalances.storeId, value('storeId')),
      shape.keyword ? or(eq(skus.skuCode, value('keyword')), ilike(skus.name, value('pattern'))) : undefined,
      shape.nearExpiry
        ? and(gt(stockBalances.onHand, 0), lte(stockBalances.expiryDate, value('cutoff')))
        : undefined,
      shape.inTransit ? gt(stockBalances.inTransit, 0) : undefined,
    );
  // The SKU-code bound besides the row comparison lets the walk of the catalogue's code index start at the cursor.
  const pastCursor = (value: Named) =>
    and(
      gte(skus.skuCode, value('afterCode')),
      keysetPast('asc', STOCK_KEYSET, [value('afterCode'), value('afterExpiry'), value('afterId')]),
    );
  const rows = shapedStatement(db, 'stock_page', (shape: StockShape, on, value) =>
    on
      .select({ balance: stockBalances, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec })
      .from(stockBalances)
      .innerJoin(skus, eq(skus.id, stockBalances.skuId))
      .where(and(whereOf(shape, value), shape.cursor ? pastCursor(value) : undefined))
      .orderBy(asc(skus.skuCode), asc(stockBalances.expiryDate), asc(stockBalances.id))
      .limit(value('limit'))
      .offset(value('offset')),
  );
  // Only a keyword needs the catalogue: every balance has its SKU (a foreign key), so without one the count
  // reads the store's index entries alone instead of joining the whole catalogue (bench/inventory/RESULTS.md).
  const counted = shapedStatement(db, 'stock_count', (shape: StockShape, on, value) => {
    const matching = shape.keyword
      ? on
          .select({ id: stockBalances.id })
          .from(stockBalances)
          .innerJoin(skus, eq(skus.id, stockBalances.skuId))
          .where(whereOf(shape, value))
      : on.select({ id: stockBalances.id }).from(stockBalances).where(whereOf(shape, value));
    return cappedCountQuery(on, matching.limit(value('limit')));
  });
  const rowOf =
    (cutoff: string) =>
    ({ balance: b, skuCode, skuName, spec }: Awaited<ReturnType<typeof rows>>[number]): StockRow => ({
      id: b.id,
      skuId: b.skuId,
      skuCode,
      skuName,
      spec,
      batchNo: b.batchNo,
      productionDate: b.productionDate,
      expiryDate: b.expiryDate,
      onHand: b.onHand,
      reserved: b.reserved,
      available: b.onHand - b.reserved,
      inTransit: b.inTransit,
      nearExpiry: b.onHand > 0 && b.expiryDate <= cutoff,
    });
  const countUpTo = async (storeId: number, f: StockFilter, cutoff: string, limit: number) => {
    const [row] = await counted(shapeOf(f, false), { ...valuesOf(storeId, f, cutoff), limit });
    return row?.n ?? 0;
  };

  return {
    /** A keyset page in the list's order: past the cursor's (SKU code, expiry, id), else from page `pageNum`. */
    async page(storeId: number, f: StockFilter & Paging & { cursor?: string | null }, now: Date) {
      const cutoff = nearExpiryCutoff(now);
      return keysetPage(f, {
        kinds: STOCK_KEYSET.map((k) => k.kind),
        rows: async ({ limit, offset, after }) => {
          const [afterCode, afterExpiry, afterId] = after ?? [];
          const read = await rows(shapeOf(f, after !== null), {
            ...valuesOf(storeId, f, cutoff),
            afterCode,
            afterExpiry,
            afterId,
            limit,
            offset,
          });
          return read.map(rowOf(cutoff));
        },
        countUpTo: (limit) => countUpTo(storeId, f, cutoff, limit),
        cap: INVENTORY_COUNT_CAP,
        keyOf: (row) => [row.skuCode, row.expiryDate, row.id],
      });
    },

    /** The list's rows for an export, in the list's order, `limit` of them from `offset`. */
    async batch(
      storeId: number,
      f: StockFilter,
      now: Date,
      offset: number,
      limit: number,
    ): Promise<StockRow[]> {
      const cutoff = nearExpiryCutoff(now);
      const read = await rows(shapeOf(f, false), { ...valuesOf(storeId, f, cutoff), limit, offset });
      return read.map(rowOf(cutoff));
    },

    countUpTo: (storeId: number, f: StockFilter, now: Date, limit: number) =>
      countUpTo(storeId, f, nearExpiryCutoff(now), limit),
  };
}
