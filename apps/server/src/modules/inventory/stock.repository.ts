import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { StockRow } from '@console/contract';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { mapPage, numberedPageOf } from '../../db/paged-query.js';
import { skus, stockBalances } from '../../db/schema.js';

/** The store's stock list: one row per SKU and batch, oldest expiry first within a SKU. */
export function createStockRepository(db: Database) {
  return {
    async page(
      storeId: number,
      f: { keyword?: string | null; pageNum: number; pageSize: number },
    ): Promise<{ list: StockRow[]; total: number; pageNum: number; pageSize: number }> {
      const where = and(
        eq(stockBalances.storeId, storeId),
        f.keyword ? or(eq(skus.skuCode, f.keyword), ilike(skus.name, likeContains(f.keyword))) : undefined,
      );
      const page = await numberedPageOf(
        f,
        db
          .select({ balance: stockBalances, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec })
          .from(stockBalances)
          .innerJoin(skus, eq(skus.id, stockBalances.skuId))
          .where(where)
          .orderBy(asc(skus.skuCode), asc(stockBalances.expiryDate), asc(stockBalances.id))
          .$dynamic(),
        db
          .select({ n: count() })
          .from(stockBalances)
          .innerJoin(skus, eq(skus.id, stockBalances.skuId))
          .where(where),
      );
      return mapPage(page, ({ balance: b, skuCode, skuName, spec }) => ({
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
      }));
    },
  };
}
