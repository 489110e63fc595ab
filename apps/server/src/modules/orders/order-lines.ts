import type { omsOrderItems, skus } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/** An order line priced from the SKU table: an `oms_order_items` row before it belongs to an order. */
export type PricedLine = Omit<typeof omsOrderItems.$inferSelect, 'id' | 'omsOrderId'>;

type PricingSku = Pick<
  typeof skus.$inferSelect,
  'skuCode' | 'name' | 'spec' | 'kind' | 'priceCents' | 'points'
>;

/** The SKU kinds an order may carry, and the Chinese refusal of any other. */
export type SkuKindRule = { allows: (kind: string) => boolean; wrongKind: string };

const unknownSkusText = (codes: string[]) => `商品不存在或已下架：${codes.join('、')}`;

/** The distinct SKU codes of the items, to read the SKUs once each. */
export const skuCodesOf = (items: readonly { skuCode: string }[]): string[] => [
  ...new Set(items.map((i) => i.skuCode)),
];

/**
 * Prices the items from `enabledSkus` (the enabled SKUs read for `skuCodesOf(items)`): 422 when a code is not
 * among them (unknown or off sale) or a SKU's kind is one the order may not carry.
 */
export function priceLines(
  items: readonly { skuCode: string; quantity: number }[],
  enabledSkus: readonly PricingSku[],
  kinds: SkuKindRule,
): PricedLine[] {
  const byCode = new Map(enabledSkus.map((sku) => [sku.skuCode, sku]));
  const unknown = skuCodesOf(items).filter((code) => !byCode.has(code));
  if (unknown.length > 0) throw new AppError(422, 'ORDER_SKU_UNKNOWN', unknownSkusText(unknown));
  if (enabledSkus.some((sku) => !kinds.allows(sku.kind)))
    throw new AppError(422, 'ORDER_SKU_KIND', kinds.wrongKind);
  return items.map((item) => {
    const sku = byCode.get(item.skuCode)!;
    return {
      skuCode: sku.skuCode,
      name: sku.name,
      spec: sku.spec,
      quantity: item.quantity,
      unitCents: sku.priceCents,
      amountCents: sku.priceCents * item.quantity,
      points: sku.points * item.quantity,
    };
  });
}

/** What the lines add up to: the goods amount and the points. */
export function lineTotals(lines: readonly PricedLine[]): { goodsCents: number; points: number } {
  return {
    goodsCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    points: lines.reduce((sum, line) => sum + line.points, 0),
  };
}
