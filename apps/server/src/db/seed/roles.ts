import { roles } from '../schema.js';
import type { Database } from '../client.js';
import { ROLE_SEEDS, type RoleKey } from './role-data.js';

export type SeededRoles = {
  idOf: Record<RoleKey, number>;
  /** Roles inserted by this run; only they (and new menus) get menu links, so an edited role stays edited. */
  created: ReadonlySet<RoleKey>;
};

/** Inserts the built-in roles that are missing, identified by their permission string. */
export async function seedRoles(db: Database): Promise<SeededRoles> {
  const existing = await db.select({ id: roles.id, permission: roles.permission }).from(roles);
  const have = new Map(existing.map((r) => [r.permission, r.id]));
  const missing = ROLE_SEEDS.filter((r) => !have.has(r.permission));
  if (missing.length > 0) {
    const inserted = await db
      .insert(roles)
      .values(missing.map((r) => ({ ...r })))
      // Another instance may have inserted the same role in the meantime; the unique index keeps one.
      .onConflictDoNothing()
      .returning({ id: roles.id, permission: roles.permission });
    for (const r of inserted) have.set(r.permission, r.id);
  }
  const idOf = {} as Record<RoleKey, number>;
  for (const { permission } of ROLE_SEEDS) {
    const id = have.get(permission);
    if (id === undefined) throw new Error(`role ${permission} is missing after seeding`);
    idOf[permission] = id;
  }
  return { idOf, created: new Set(missing.map((r) => r.permission)) };
}
