import { menus, roleMenus } from '../schema.js';
import type { Database } from '../client.js';
import { MENU_TREE, type MenuSeed } from './menu-tree.js';
import { SUPER_ROLE, type RoleKey } from './role-data.js';
import type { SeededRoles } from './roles.js';

/**
 * Inserts the menus of MENU_TREE that are missing. A menu is identified by its route name, or by title and
 * parent when it has none (buttons). Role links are made only for menus or roles created by this run, so a
 * menu an administrator unlinked from a role stays unlinked after a restart. One insert per level of the tree,
 * however many menus it has (a fresh database has about 180). Returns the number inserted.
 */
export async function seedMenus(db: Database, seededRoles: SeededRoles, tree = MENU_TREE): Promise<number> {
  const existing = await db
    .select({ id: menus.id, parentId: menus.parentId, name: menus.name, title: menus.title })
    .from(menus);
  const byName = new Map<string, number>();
  const byTitle = new Map<string, number>();
  const remember = (id: number, parentId: number | null, name: string | null | undefined, title: string) => {
    if (name) byName.set(name, id);
    byTitle.set(titleKey(parentId, title), id);
  };
  for (const m of existing) remember(m.id, m.parentId, m.name, m.title);
  const idOf = (seed: MenuSeed, parentId: number | null) =>
    seed.name ? byName.get(seed.name) : byTitle.get(titleKey(parentId, seed.title));

  const links: { roleId: number; menuId: number }[] = [];
  let created = 0;
  let level: Placed[] = tree.map((seed, index) => ({ seed, index, parentId: null, inherited: [] }));
  while (level.length > 0) {
    const missing = level.filter(({ seed, parentId }) => idOf(seed, parentId) === undefined);
    if (missing.length > 0) {
      const rows = await db
        .insert(menus)
        .values(missing.map(({ seed, index, parentId }) => menuRowOf(seed, index, parentId)))
        .returning({ id: menus.id, parentId: menus.parentId, name: menus.name, title: menus.title });
      if (rows.length !== missing.length) throw new Error('some menus were not inserted');
      for (const row of rows) remember(row.id, row.parentId, row.name, row.title);
      created += rows.length;
    }
    const isNew = new Set(missing);
    const next: Placed[] = [];
    for (const placed of level) {
      const id = idOf(placed.seed, placed.parentId)!;
      const roleKeys = placed.seed.roles ?? placed.inherited;
      for (const roleKey of new Set<RoleKey>([SUPER_ROLE, ...roleKeys])) {
        if (isNew.has(placed) || seededRoles.created.has(roleKey))
          links.push({ roleId: seededRoles.idOf[roleKey], menuId: id });
      }
      for (const [index, seed] of (placed.seed.children ?? []).entries())
        next.push({ seed, index, parentId: id, inherited: roleKeys });
    }
    level = next;
  }

  if (links.length > 0) await db.insert(roleMenus).values(links).onConflictDoNothing();
  return created;
}

/** A seed in its place: its parent's id and position, and the roles it inherits. */
type Placed = { seed: MenuSeed; index: number; parentId: number | null; inherited: readonly RoleKey[] };

function menuRowOf(seed: MenuSeed, index: number, parentId: number | null) {
  return {
    parentId,
    type: seed.type,
    title: seed.title,
    name: seed.name ?? null,
    path: seed.path ?? '',
    component: seed.component ?? null,
    icon: seed.icon ?? null,
    permission: seed.permission ?? null,
    sort: (index + 1) * 10,
    hidden: seed.hidden ?? false,
    noCache: seed.noCache ?? false,
    external: seed.external ?? false,
  };
}

function titleKey(parentId: number | null, title: string): string {
  return `${parentId ?? 'root'}/${title}`;
}
