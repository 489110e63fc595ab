import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { StockRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { mapPage, numberedPageOf } from '../../db/paged-query.js';
import { skus, stockBalances } from '../../db/schema.js';

type StockFilter = { keyword?: string | null };

/** The store's stock list: one row per SKU and batch, oldest expiry first within a SKU. */
export function createStockRepository(db: Database) {
  const whereOf = (storeId: number, f: StockFilter) =>
    and(
      eq(stockBalances.storeId, storeId),
      f.keyword ? or(eq(skus.skuCode, f.keyword), ilike(skus.name, likeContains(f.keyword))) : undefined,
    );
  const rows = (storeId: number, f: StockFilter) =>
    db
      .select({ balance: stockBalances, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec })
      .from(stockBalances)
      .innerJoin(skus, eq(skus.id, stockBalances.skuId))
      .where(whereOf(storeId, f))
      .orderBy(asc(skus.skuCode), asc(stockBalances.expiryDate), asc(stockBalances.id))
      .$dynamic();
  const toRow = ({
    balance: b,
    skuCode,
    skuName,
    spec,
  }: Awaited<ReturnType<typeof rows>>[number]): StockRow => ({
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
  });
  // Only a keyword needs the catalogue: every balance has its SKU (a foreign key), so without one the count
  // reads the store's index entries alone instead of joining the whole catalogue (bench/inventory/RESULTS.md).
  const counted = (storeId: number, f: StockFilter) =>
    f.keyword
      ? db
          .select({ n: count() })
          .from(stockBalances)
          .innerJoin(skus, eq(skus.id, stockBalances.skuId))
          .where(whereOf(storeId, f))
      : db.select({ n: count() }).from(stockBalances).where(whereOf(storeId, f));

  return {
    async page(
      storeId: number,
      f: StockFilter & { pageNum: number; pageSize: number },
    ): Promise<{ list: StockRow[]; total: number; pageNum: number; pageSize: number }> {
      return mapPage(await numberedPageOf(f, rows(storeId, f), counted(storeId, f)), toRow);
    },

    /** The list's rows for an export, in the list's order, `limit` of them from `offset`. */
    async batch(storeId: number, f: StockFilter, offset: number, limit: number): Promise<StockRow[]> {
      return (await rows(storeId, f).limit(limit).offset(offset)).map(toRow);
    },

    async countUpTo(storeId: number, f: StockFilter, limit: number): Promise<number> {
      const [row] = await counted(storeId, f);
      return Math.min(Number(row?.n ?? 0), limit);
    },
  };
}
