import { and, asc, count, eq, gt, ilike, lte, or } from 'drizzle-orm';
import { STOCK_NEAR_EXPIRY_DAYS, type StockRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { mapPage, numberedPageOf } from '../../db/paged-query.js';
import { skus, stockBalances } from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';

export type StockFilter = { keyword?: string | null; nearExpiry?: boolean; inTransit?: boolean };

const DAY_MS = 86_400_000;

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
  const rows = (storeId: number, f: StockFilter, cutoff: string) =>
    db
      .select({ balance: stockBalances, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec })
      .from(stockBalances)
      .innerJoin(skus, eq(skus.id, stockBalances.skuId))
      .where(whereOf(storeId, f, cutoff))
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
  const counted = (storeId: number, f: StockFilter, cutoff: string) =>
    f.keyword
      ? db
          .select({ n: count() })
          .from(stockBalances)
          .innerJoin(skus, eq(skus.id, stockBalances.skuId))
          .where(whereOf(storeId, f, cutoff))
      : db
          .select({ n: count() })
          .from(stockBalances)
          .where(whereOf(storeId, f, cutoff));

  return {
    async page(
      storeId: number,
      f: StockFilter & { pageNum: number; pageSize: number },
      now: Date,
    ): Promise<{ list: StockRow[]; total: number; pageNum: number; pageSize: number }> {
      const cutoff = nearExpiryCutoff(now);
      return mapPage(
        await numberedPageOf(f, rows(storeId, f, cutoff), counted(storeId, f, cutoff)),
        rowOf(cutoff),
      );
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

    async countUpTo(storeId: number, f: StockFilter, now: Date, limit: number): Promise<number> {
      const [row] = await counted(storeId, f, nearExpiryCutoff(now));
      return Math.min(Number(row?.n ?? 0), limit);
    },
  };
}
