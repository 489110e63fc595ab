/** A combination (套装) as pricing sees it: one staff price for a set of SKUs and quantities. */
export type PricedCombination = {
  code: string;
  name: string;
  staffCents: number;
  items: readonly { skuId: number; quantity: number }[];
};

/** One scanned code of a draft at its SKU's staff price. */
export type PricedLine = { skuId: number; staffCents: number };

export type AppliedCombination = { code: string; name: string; count: number; savedCents: number };

export type DraftPrice = {
  /** The lines at their SKUs' staff prices. */
  listCents: number;
  /** What the employee pays: complete combinations at the combination price, the other lines at theirs. */
  totalCents: number;
  combinations: AppliedCombination[];
};

/**
 * Prices a draft: every complete set of a combination's goods among the lines is charged the combination's staff
 * price instead of its lines' (docs/domain/employee-purchase.md). When combinations compete for the same goods,
 * the set that saves most is taken first, one set at a time, until no set that saves anything fits.
 */
export function priceDraft(
  lines: readonly PricedLine[],
  combinations: readonly PricedCombination[],
): DraftPrice {
  const left = new Map<number, number[]>();
  for (const line of lines) left.set(line.skuId, [...(left.get(line.skuId) ?? []), line.staffCents]);
  for (const prices of left.values()) prices.sort((a, b) => b - a);
  const listCents = lines.reduce((sum, line) => sum + line.staffCents, 0);

  /** What taking one set of the combination from the lines left would save, or null when it does not fit. */
  const savingOf = (combination: PricedCombination): number | null => {
    let cents = 0;
    for (const item of combination.items) {
      const prices = left.get(item.skuId) ?? [];
      if (item.quantity < 1 || prices.length < item.quantity) return null;
      cents += prices.slice(0, item.quantity).reduce((sum, price) => sum + price, 0);
    }
    return combination.items.length ? cents - combination.staffCents : null;
  };

  const applied = new Map<string, AppliedCombination>();
  let totalCents = listCents;
  for (;;) {
    let best: { combination: PricedCombination; saving: number } | null = null;
    for (const combination of combinations) {
      const saving = savingOf(combination);
      if (saving !== null && saving > 0 && (!best || saving > best.saving)) best = { combination, saving };
    }
    if (!best) break;
    for (const item of best.combination.items) left.get(item.skuId)!.splice(0, item.quantity);
    totalCents -= best.saving;
    const { code, name } = best.combination;
    const before = applied.get(code) ?? { code, name, count: 0, savedCents: 0 };
    applied.set(code, { ...before, count: before.count + 1, savedCents: before.savedCents + best.saving });
  }
  return { listCents, totalCents, combinations: [...applied.values()] };
}
