import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { stores } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export type CodedStore = { id: number; code: string };

/** The stores of shop codes (each once); a code that names no store is left out. */
export async function storesOfCodes(db: Database, codes: readonly string[]): Promise<CodedStore[]> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return [];
  return db
    .select({ id: stores.id, code: stores.shopCode })
    .from(stores)
    .where(inArray(stores.shopCode, wanted));
}

/**
 * The stores a rule is listed for (a coupon's, a scheme's, a points class's managers): every code must name a
 * store, else a 422 `STORE_NOT_FOUND` with the module's text naming the codes that do not.
 */
export async function listedStores(
  db: Database,
  codes: readonly string[],
  unknownText: (missing: string[]) => string,
): Promise<CodedStore[]> {
  const found = await storesOfCodes(db, codes);
  const missing = [...new Set(codes)].filter((code) => !found.some((s) => s.code === code));
  if (missing.length > 0) throw new AppError(422, 'STORE_NOT_FOUND', unknownText(missing));
  return found;
}

/**
 * The shop codes a record is listed for through its link table (`issue_scheme_stores`, `integral_class_stores`):
 * the stores whose link's `parent` is `id`, by code.
 */
export async function linkedStoreCodes(
  tx: Database,
  link: { table: PgTable; parent: AnyPgColumn; storeId: AnyPgColumn },
  id: number,
): Promise<string[]> {
  const rows = await tx
    .select({ code: stores.shopCode })
    .from(link.table)
    .innerJoin(stores, eq(stores.id, link.storeId))
    .where(eq(link.parent, id))
    .orderBy(asc(stores.shopCode));
  return rows.map((r) => r.code);
}
