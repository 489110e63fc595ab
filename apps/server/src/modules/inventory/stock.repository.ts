import { and, asc, eq, gt, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { INVENTORY_COUNT_CAP, STOCK_NEAR_EXPIRY_DAYS, type StockRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import {
  cappedCountQuery,
  keysetPage,
  keysetPast,
  type KeysetKey,
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

/**
 * The store's stock list: one row per SKU and batch, oldest expiry first within a SKU. `now` decides which
 * batches are near expiry (临期: on hand and expiring by the cutoff, or expired).
 */
export function createStockRepository(db: Database) {
  const whereOf = (storeId: number, f: StockFilter, cutoff: string) =>
    and(
      eq(stockBalances.storeId, storeId),
      f.keyword ? or(eq(skus.skuCode, f.keyword), ilike(skus.name, likeContains(f.keyword))) : undefined,
      f.nearExpiry ? and(gt(stockBalances.onHand, 0), lte(stockBalances.expiryDate, cutoff)) : undefined,
      f.inTransit ? gt(stockBalances.inTransit, 0) : undefined,
    );
  const rows = (storeId: number, f: StockFilter, cutoff: string, past?: SQL) =>
    db
      .select({ balance: stockBalances, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec })
      .from(stockBalances)
      .innerJoin(skus, eq(skus.id, stockBalances.skuId))
      .where(and(whereOf(storeId, f, cutoff), past))
      .orderBy(asc(skus.skuCode), asc(stockBalances.expiryDate), asc(stockBalances.id))
      .$dynamic();
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
  // Only a keyword needs the catalogue: every balance has its SKU (a foreign key), so without one the count
  // reads the store's index entries alone instead of joining the whole catalogue (bench/inventory/RESULTS.md).
  const matching = (storeId: number, f: StockFilter, cutoff: string) =>
    f.keyword
      ? db
          .select({ id: stockBalances.id })
          .from(stockBalances)
          .innerJoin(skus, eq(skus.id, stockBalances.skuId))
          .where(whereOf(storeId, f, cutoff))
      : db
          .select({ id: stockBalances.id })
          .from(stockBalances)
          .where(whereOf(storeId, f, cutoff));
  const countUpTo = async (storeId: number, f: StockFilter, cutoff: string, limit: number) => {
    const [row] = await cappedCountQuery(db, matching(storeId, f, cutoff).limit(limit));
    return row?.n ?? 0;
  };

  return {
    /**
     * A keyset page in the list's order: past the cursor's (SKU code, expiry, id), else from page `pageNum`. The
     * SKU-code bound besides the row comparison lets the walk of the catalogue's code index start at the cursor.
     */
    async page(storeId: number, f: StockFilter & Paging & { cursor?: string | null }, now: Date) {
      const cutoff = nearExpiryCutoff(now);
      return keysetPage(f, {
        kinds: STOCK_KEYSET.map((k) => k.kind),
        rows: async ({ limit, offset, after }) => {
          const past =
            after && and(gte(skus.skuCode, after[0] as string), keysetPast('asc', STOCK_KEYSET, after));
          const read = await rows(storeId, f, cutoff, past || undefined)
            .limit(limit)
            .offset(offset);
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
      return (await rows(storeId, f, cutoff).limit(limit).offset(offset)).map(rowOf(cutoff));
    },

    countUpTo: (storeId: number, f: StockFilter, now: Date, limit: number) =>
      countUpTo(storeId, f, nearExpiryCutoff(now), limit),
  };
}
