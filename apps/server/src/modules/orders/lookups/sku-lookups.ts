import type { SkuInfo } from '@console/contract';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { skus } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { likeContains } from '../../stores/geo.js';
import { LOOKUP_TEXT } from './lookup-texts.js';

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

  /** Integral SKUs by label and keyword (name or code); `onSaleOnly` for the shelf the customer sees. */
  async function integralPage(filter: SkuFilter, onSaleOnly: boolean) {
    const where = and(
      eq(skus.kind, 'integral'),
      onSaleOnly ? eq(skus.enabled, true) : undefined,
      filter.labelName ? eq(skus.labelName, filter.labelName) : undefined,
      filter.keyword
        ? or(ilike(skus.name, likeContains(filter.keyword)), eq(skus.skuCode, filter.keyword.toUpperCase()))
        : undefined,
    );
    const [list, [total]] = await Promise.all([
      db
        .select(skuColumns)
        .from(skus)
        .where(where)
        .orderBy(asc(skus.points), asc(skus.skuCode))
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize),
      db.select({ n: count() }).from(skus).where(where),
    ]);
    return {
      list: list as SkuInfo[],
      total: total?.n ?? 0,
      pageNum: filter.pageNum,
      pageSize: filter.pageSize,
    };
  }

  /** uEnjoy subscriptions on sale by keyword (name or code), cheapest first: the valet flow's uEnjoy shelf. */
  async function uenjoyPage(filter: Omit<SkuFilter, 'labelName'>) {
    const where = and(
      eq(skus.kind, 'uenjoy'),
      eq(skus.enabled, true),
      filter.keyword
        ? or(ilike(skus.name, likeContains(filter.keyword)), eq(skus.skuCode, filter.keyword.toUpperCase()))
        : undefined,
    );
    const [list, [total]] = await Promise.all([
      db
        .select(skuColumns)
        .from(skus)
        .where(where)
        .orderBy(asc(skus.priceCents), asc(skus.skuCode))
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize),
      db.select({ n: count() }).from(skus).where(where),
    ]);
    return {
      list: list as SkuInfo[],
      total: total?.n ?? 0,
      pageNum: filter.pageNum,
      pageSize: filter.pageSize,
    };
  }

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
