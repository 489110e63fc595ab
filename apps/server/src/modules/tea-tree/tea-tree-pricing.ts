/** The price of an adoption: whole trees at the activity's price, the level discount rounded to the cent. */
export function adoptionPrice(unitCents: number, trees: number, discountPercent: number) {
  const goodsCents = unitCents * trees;
  const payCents = Math.round((goodsCents * discountPercent) / 100);
  return { goodsCents, discountCents: goodsCents - payCents, payCents };
}

/** "明前龙井 250g × 2棵": one round's yield for all adopted trees. */
export const quantityText = (content: string, trees: number) => `${content} × ${trees}棵`;
