import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { menus } from '../schema.js';

/** A page whose route name changed: the seeded row under `parent` with the old name takes the new one. */
export type MenuRename = { parent: string; from: string; to: string };

/**
 * Route names the menu tree gave up. `ReceivedOrders` was 已接订单 (the store's received customer orders); spec
 * 2.15 names the transfer-in receiving list so (issue 21 point 6), and 已接订单 is `ReceivedCustomerOrders` now.
 */
export const MENU_RENAMES: readonly MenuRename[] = [
  { parent: 'Order', from: 'ReceivedOrders', to: 'ReceivedCustomerOrders' },
];

/**
 * Renames the existing rows before the tree is seeded, so that a database seeded before the change keeps the
 * page's id, path, buttons and role links (bookmarks and role grants keep working) and the freed name can be
 * seeded for its new page. The component follows the name only where it was the name (a page, not an
 * administrator's choice). Idempotent: a renamed row no longer matches. Returns the number of rows renamed.
 */
export async function renameMenus(
  db: Database,
  renames: readonly MenuRename[] = MENU_RENAMES,
): Promise<number> {
  let renamed = 0;
  for (const { parent, from, to } of renames) {
    const parents = db.select({ id: menus.id }).from(menus).where(eq(menus.name, parent));
    const rows = await db
      .update(menus)
      .set({
        name: to,
        component: sql`case when ${menus.component} = ${from} then ${to} else ${menus.component} end`,
      })
      .where(and(eq(menus.name, from), inArray(menus.parentId, parents)))
      .returning({ id: menus.id });
    renamed += rows.length;
  }
  return renamed;
}
