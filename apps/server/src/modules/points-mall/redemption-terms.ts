import type { Database } from '../../db/client.js';
import { AppError, conflict } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { createRedemptionTermsRepository } from './points-mall.repository.js';

export const REDEMPTION_TERMS_TEXT = {
  notYet: (name: string) => `积分商品「${name}」尚未开始兑换`,
  ended: (name: string) => `积分商品「${name}」已过兑换期`,
  overLimit: (name: string, limit: number, redeemed: number) =>
    `积分商品「${name}」每位会员限兑${limit}件，该会员已兑${redeemed}件`,
  notOnShelf: (name: string) => `积分商品「${name}」本店未上架，不能兑换`,
  shortStock: (name: string, stock: number) => `积分商品「${name}」本店库存不足，仅剩${stock}件`,
  takenMeanwhile: (name: string) => `积分商品「${name}」本店库存刚被兑完，请刷新后重试`,
} as const;

/** A line of a points order: which SKU and how many. */
export type RedeemLine = { skuCode: string; quantity: number };
type Redeeming = { storeId: number; memberId: number; lines: readonly RedeemLine[] };

const refuse = (code: string, message: string) => new AppError(422, code, message);

/**
 * The terms a points-mall SKU is redeemed on (docs/domain/points-mall.md "Redemption"): inside its window, within
 * its per-member limit over the member's confirmed orders, and from the stock on the redeeming store's shelf.
 * `check` answers before an order is created; `redeem` checks again and takes the stock when the member's points
 * are spent, in that transaction, after the points rule locked the member (so two redemptions of one member are
 * counted one after the other).
 */
export function createRedemptionTerms(deps: { clock: Clock }) {
  const { clock } = deps;

  async function assertTerms(tx: Database, input: Redeeming, linesCounted: boolean) {
    const repo = createRedemptionTermsRepository(tx);
    const codes = [...new Set(input.lines.map((line) => line.skuCode))];
    const terms = new Map((await repo.terms(input.storeId, codes)).map((row) => [row.skuCode, row]));
    const redeemed = await repo.redeemed(input.memberId);
    const now = clock().getTime();
    for (const code of codes) {
      const sku = terms.get(code);
      if (!sku) continue; // not a points-mall SKU: the basket's own pricing refuses it
      const quantity = input.lines
        .filter((line) => line.skuCode === code)
        .reduce((n, line) => n + line.quantity, 0);
      if (sku.validFrom && now < sku.validFrom.getTime())
        throw refuse('INTEGRAL_SKU_NOT_STARTED', REDEMPTION_TERMS_TEXT.notYet(sku.name));
      if (sku.validTo && now >= sku.validTo.getTime())
        throw refuse('INTEGRAL_SKU_ENDED', REDEMPTION_TERMS_TEXT.ended(sku.name));
      const before = (redeemed.get(code) ?? 0) - (linesCounted ? quantity : 0);
      if (sku.perMemberLimit > 0 && before + quantity > sku.perMemberLimit)
        throw refuse(
          'INTEGRAL_SKU_MEMBER_LIMIT',
          REDEMPTION_TERMS_TEXT.overLimit(sku.name, sku.perMemberLimit, before),
        );
      if (!sku.onShelf) throw refuse('INTEGRAL_SKU_NOT_ON_SHELF', REDEMPTION_TERMS_TEXT.notOnShelf(sku.name));
      if (sku.stock < quantity)
        throw refuse('INTEGRAL_SKU_SHORT', REDEMPTION_TERMS_TEXT.shortStock(sku.name, sku.stock));
    }
    return { repo, codes, terms };
  }

  return {
    /** Refuses an order the terms do not allow now; nothing is taken. */
    async check(tx: Database, input: Redeeming): Promise<void> {
      await assertTerms(tx, input, false);
    },

    /**
     * At the spend of the points: the same checks, with the order's own lines already among the member's confirmed
     * ones, then the shelf stock taken; a store whose stock another redemption took first answers 409.
     */
    async redeem(tx: Database, input: Redeeming): Promise<void> {
      const { repo, terms } = await assertTerms(tx, input, true);
      for (const line of input.lines) {
        const sku = terms.get(line.skuCode);
        if (sku && !(await repo.moveStock(input.storeId, line.skuCode, -line.quantity)))
          throw conflict(REDEMPTION_TERMS_TEXT.takenMeanwhile(sku.name), 'INTEGRAL_SKU_SHORT');
      }
    },
  };
}

/** A confirmed points order was cancelled: its goods go back on the store's shelf. */
export async function returnToShelf(tx: Database, input: Omit<Redeeming, 'memberId'>): Promise<void> {
  const repo = createRedemptionTermsRepository(tx);
  for (const line of input.lines) await repo.moveStock(input.storeId, line.skuCode, line.quantity);
}

export type RedemptionTerms = ReturnType<typeof createRedemptionTerms>;
