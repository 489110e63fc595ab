import { menus, roleMenus } from '../schema.js';
import type { Database } from '../client.js';
import { MENU_TREE, type MenuSeed } from './menu-tree.js';
import { SUPER_ROLE, type RoleKey } from './role-data.js';
import type { SeededRoles } from './roles.js';

/**
 * Inserts the menus of MENU_TREE that are missing. A menu is identified by its route name, or by title and
 * parent when it has none (buttons). Role links are made only for menus or roles created by this run, so a
 * menu an administrator unlinked from a role stays unlinked after a restart. Returns the number inserted.
 */
export async function seedMenus(db: Database, seededRoles: SeededRoles, tree = MENU_TREE): Promise<number> {
  const existing = await db
    .select({ id: menus.id, parentId: menus.parentId, name: menus.name, title: menus.title })
    .from(menus);
  const byName = new Map<string, number>();
  const byTitle = new Map<string, number>();
  for (const m of existing) {
    if (m.name) byName.set(m.name, m.id);
    byTitle.set(titleKey(m.parentId, m.title), m.id);
  }

  const links: { roleId: number; menuId: number }[] = [];
  let created = 0;

  const visit = async (
    seeds: readonly MenuSeed[],
    parentId: number | null,
    inherited: readonly RoleKey[],
  ) => {
    for (const [index, seed] of seeds.entries()) {
      const roleKeys = seed.roles ?? inherited;
      let id = seed.name ? byName.get(seed.name) : byTitle.get(titleKey(parentId, seed.title));
      const isNew = id === undefined;
      if (id === undefined) {
        const [row] = await db
          .insert(menus)
          .values({
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
          })
          .returning({ id: menus.id });
        if (!row) throw new Error(`menu ${seed.title} was not inserted`);
        id = row.id;
        created++;
        if (seed.name) byName.set(seed.name, id);
        byTitle.set(titleKey(parentId, seed.title), id);
      }
      for (const roleKey of new Set<RoleKey>([SUPER_ROLE, ...roleKeys])) {
        if (isNew || seededRoles.created.has(roleKey))
          links.push({ roleId: seededRoles.idOf[roleKey], menuId: id });
      }
      await visit(seed.children ?? [], id, roleKeys);
    }
  };
  await visit(tree, null, []);

  if (links.length > 0) await db.insert(roleMenus).values(links).onConflictDoNothing();
  return created;
}

function titleKey(parentId: number | null, title: string): string {
  return `${parentId ?? 'root'}/${title}`;
}
