import type { SkuInfo } from '@console/contract';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { skus } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { likeContains } from '../../stores/geo.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import { mapPage, numberedPage } from '../../../db/paged-query.js';

type SkuFilter = {
  labelName?: string | undefined;
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
};

const skuColumns = {
  id: skus.id,
  skuCode: skus.skuCode,
  name: skus.name,
  spec: skus.spec,
  kind: skus.kind,
  priceCents: skus.priceCents,
  points: skus.points,
  labelName: skus.labelName,
  cyclePeriods: skus.cyclePeriods,
  cycleIntervalDays: skus.cycleIntervalDays,
  enabled: skus.enabled,
};

/** Points-mall labels and SKUs, the uEnjoy shelf (market_ms) and one product SKU (product_ms). */
export function createSkuLookups(deps: { db: Database }) {
  const { db } = deps;

  /** A page of SKUs matching `where` and, when given, the keyword (part of the name or the exact code). */
  async function skuPage(filter: Omit<SkuFilter, 'labelName'>, where: (SQL | undefined)[], orderBy: SQL[]) {
    const matching = and(
      ...where,
      filter.keyword
        ? or(ilike(skus.name, likeContains(filter.keyword)), eq(skus.skuCode, filter.keyword.toUpperCase()))
        : undefined,
    );
    const page = await numberedPage(filter, {
      rows: ({ limit, offset }) =>
        db
          .select(skuColumns)
          .from(skus)
          .where(matching)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      count: db.select({ n: count() }).from(skus).where(matching),
    });
    return mapPage(page, (row) => row as SkuInfo);
  }

  /** Integral SKUs by label and keyword, fewest points first; `onSaleOnly` for the shelf the customer sees. */
  const integralPage = (filter: SkuFilter, onSaleOnly: boolean) =>
    skuPage(
      filter,
      [
        eq(skus.kind, 'integral'),
        onSaleOnly ? eq(skus.enabled, true) : undefined,
        filter.labelName ? eq(skus.labelName, filter.labelName) : undefined,
      ],
      [asc(skus.points), asc(skus.skuCode)],
    );

  /** uEnjoy subscriptions on sale by keyword, cheapest first: the valet flow's uEnjoy shelf. */
  const uenjoyPage = (filter: Omit<SkuFilter, 'labelName'>) =>
    skuPage(
      filter,
      [eq(skus.kind, 'uenjoy'), eq(skus.enabled, true)],
      [asc(skus.priceCents), asc(skus.skuCode)],
    );

  return {
    async labels() {
      return db
        .select({ labelName: skus.labelName, skuCount: count() })
        .from(skus)
        .where(and(eq(skus.kind, 'integral'), eq(skus.enabled, true)))
        .groupBy(skus.labelName)
        .orderBy(asc(skus.labelName));
    },
    appPage: (filter: SkuFilter) => integralPage(filter, true),
    managePage: (filter: SkuFilter) => integralPage(filter, false),
    uenjoyPage,
    async byId(id: number): Promise<SkuInfo> {
      const [row] = await db.select(skuColumns).from(skus).where(eq(skus.id, id)).limit(1);
      if (!row) throw notFound(LOOKUP_TEXT.skuNotFound, 'SKU_NOT_FOUND');
      return row;
    },
  };
}
