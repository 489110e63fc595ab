import type { Database } from '../client.js';
import { teaTreeLevelDiscounts } from '../schema.js';

/** The tea-tree level discounts head office starts with (percent paid; docs/domain/tea-tree.md). */
export const TEA_TREE_LEVEL_DISCOUNTS: readonly { level: number; discountPercent: number }[] = [
  { level: 1, discountPercent: 100 },
  { level: 2, discountPercent: 98 },
  { level: 3, discountPercent: 95 },
  { level: 4, discountPercent: 90 },
];

/** Inserts the level discounts that are missing; a discount head office changed is kept. */
export async function seedTeaTreeDiscounts(tx: Database): Promise<void> {
  await tx
    .insert(teaTreeLevelDiscounts)
    .values([...TEA_TREE_LEVEL_DISCOUNTS])
    .onConflictDoNothing();
}
