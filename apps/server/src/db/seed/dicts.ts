import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { dictItems, dictTypes } from '../schema.js';
import { DICT_SEEDS, type DictSeed } from './dict-data.js';

/**
 * Inserts the built-in dictionaries and items that are missing (by code, and by value within a dictionary);
 * what head office changed (labels, order, enabled) stays. Returns the number of items inserted.
 */
export async function seedDicts(db: Database, seeds: readonly DictSeed[] = DICT_SEEDS): Promise<number> {
  let created = 0;
  for (const [index, seed] of seeds.entries()) {
    await db
      .insert(dictTypes)
      .values({
        code: seed.code,
        name: seed.name,
        description: seed.description,
        sort: (index + 1) * 10,
        builtin: true,
      })
      .onConflictDoNothing();
    const [type] = await db
      .select({ id: dictTypes.id })
      .from(dictTypes)
      .where(and(eq(dictTypes.code, seed.code)));
    if (!type) continue;
    const rows = await db
      .insert(dictItems)
      .values(
        Object.entries(seed.items).map(([value, label], i) => ({
          typeId: type.id,
          value,
          label,
          sort: (i + 1) * 10,
          builtin: true,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: dictItems.id });
    created += rows.length;
  }
  return created;
}
