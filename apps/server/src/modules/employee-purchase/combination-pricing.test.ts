import { describe, expect, it } from 'vitest';
import { priceDraft, type PricedCombination } from './combination-pricing.js';

const giftBox: PricedCombination = {
  code: 'BOX',
  name: '礼盒',
  staffCents: 5000,
  items: [
    { skuId: 1, quantity: 1 },
    { skuId: 2, quantity: 1 },
  ],
};

describe('priceDraft', () => {
  it('charges lines at their staff prices when no combination is complete', () => {
    const price = priceDraft([{ skuId: 1, staffCents: 3600 }], [giftBox]);
    expect(price).toEqual({ listCents: 3600, totalCents: 3600, combinations: [] });
  });

  it('charges a complete set at the combination price and the rest at the staff price', () => {
    const price = priceDraft(
      [
        { skuId: 1, staffCents: 3600 },
        { skuId: 2, staffCents: 2400 },
        { skuId: 1, staffCents: 3600 },
      ],
      [giftBox],
    );
    expect(price.listCents).toBe(9600);
    expect(price.totalCents).toBe(5000 + 3600);
    expect(price.combinations).toEqual([{ code: 'BOX', name: '礼盒', count: 1, savedCents: 1000 }]);
  });

  it('counts each complete set once and needs every quantity', () => {
    const pairOfOne: PricedCombination = {
      code: 'PAIR',
      name: '两件装',
      staffCents: 6000,
      items: [{ skuId: 1, quantity: 2 }],
    };
    const lines = [1, 1, 1, 1, 1].map((skuId) => ({ skuId, staffCents: 3600 }));
    const price = priceDraft(lines, [pairOfOne]);
    expect(price.combinations).toEqual([{ code: 'PAIR', name: '两件装', count: 2, savedCents: 2400 }]);
    expect(price.totalCents).toBe(2 * 6000 + 3600);
  });

  it('takes the set that saves most when combinations compete for the same goods', () => {
    const small: PricedCombination = { ...giftBox, code: 'SMALL', staffCents: 5800 };
    const price = priceDraft(
      [
        { skuId: 1, staffCents: 3600 },
        { skuId: 2, staffCents: 2400 },
      ],
      [small, giftBox],
    );
    expect(price.combinations.map((c) => c.code)).toEqual(['BOX']);
    expect(price.totalCents).toBe(5000);
  });

  it('never applies a combination dearer than its goods', () => {
    const dear: PricedCombination = { ...giftBox, staffCents: 7000 };
    const price = priceDraft(
      [
        { skuId: 1, staffCents: 3600 },
        { skuId: 2, staffCents: 2400 },
      ],
      [dear],
    );
    expect(price).toEqual({ listCents: 6000, totalCents: 6000, combinations: [] });
  });
});
