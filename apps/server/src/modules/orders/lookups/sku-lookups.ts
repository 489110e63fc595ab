import type { SkuInfo } from '@console/contract';
import type { Database } from '../../../db/client.js';
import { mapPage } from '../../../db/paged-query.js';
import type { Clock } from '../../../platform/clock.js';
import { notFound } from '../../../http/errors.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import { createLookupsRepository, type LookupsRepository } from './lookups.repository.js';

type SkuFilter = {
  labelName?: string | undefined;
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
};

/** Points-mall labels and SKUs, the uEnjoy shelf (market_ms) and one product SKU (product_ms). */
export function createSkuLookups(deps: { db: Database; clock: Clock }) {
  const repo = createLookupsRepository(deps.db, deps.clock);
  const shelfPage = async (filter: SkuFilter, shelf: Parameters<LookupsRepository['skuPage']>[1]) =>
    mapPage(await repo.skuPage(filter, shelf), (row) => row as SkuInfo);

  return {
    labels: () => repo.integralLabels(),
    /** The integral shelf the customer sees: on sale, fewest points first. */
    appPage: (filter: SkuFilter) =>
      shelfPage(filter, { kind: 'integral', onSaleOnly: true, cheapestBy: 'points' }),
    /** Every integral SKU, for the manager. */
    managePage: (filter: SkuFilter) =>
      shelfPage(filter, { kind: 'integral', onSaleOnly: false, cheapestBy: 'points' }),
    /** uEnjoy subscriptions on sale, cheapest first: the valet flow's uEnjoy shelf. */
    uenjoyPage: (filter: Omit<SkuFilter, 'labelName'>) =>
      shelfPage(filter, { kind: 'uenjoy', onSaleOnly: true, cheapestBy: 'priceCents' }),
    async byId(id: number): Promise<SkuInfo> {
      const row = await repo.skuById(id);
      if (!row) throw notFound(LOOKUP_TEXT.skuNotFound, 'SKU_NOT_FOUND');
      return row;
    },
  };
}
