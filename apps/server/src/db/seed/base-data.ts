import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { seedDicts } from './dicts.js';
import { seedMemberBase } from './member-data.js';
import { moveMenuButtons, renameMenus } from './menu-renames.js';
import { seedMenus } from './menus.js';
import { seedRoles } from './roles.js';
import { seedTeaTreeDiscounts } from './tea-tree.js';

/** Arbitrary constant (the migration lock is 720_001): one instance seeds at a time. */
const SEED_LOCK_KEY = 720_002;

export type BaseDataResult = { rolesCreated: number; menusCreated: number; dictItemsCreated: number };

/**
 * Roles, the menu tree and the built-in dictionaries, on every start including production. Idempotent: inserts only what is missing
 * and never creates an account. Several instances starting at once serialise on a transaction-scoped
 * advisory lock, since menus have no natural unique key the database could enforce.
 */
export async function seedBaseData(db: Database): Promise<BaseDataResult> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    const seededRoles = await seedRoles(tx);
    await renameMenus(tx);
    const menusCreated = await seedMenus(tx, seededRoles);
    await moveMenuButtons(tx);
    const dictItemsCreated = await seedDicts(tx);
    await seedTeaTreeDiscounts(tx);
    await seedMemberBase(tx);
    return { rolesCreated: seededRoles.created.size, menusCreated, dictItemsCreated };
  });
}

/** Holds the seeding lock until the surrounding transaction ends (re-entrant within one session). */
export async function lockSeeding(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}
