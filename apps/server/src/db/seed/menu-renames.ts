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

/** A seeded button that moved to another page: the row with `permission` under `from` goes under `to`. */
export type MenuButtonMove = { permission: string; from: string; to: string };

/** 导出库存 moved from 要货管理 to its own stock page 库存查询 (docs/domain/inventory.md "库存查询"). */
export const MENU_BUTTON_MOVES: readonly MenuButtonMove[] = [
  { permission: 'stock:export', from: 'RequestGoods', to: 'StockQuery' },
];

/**
 * Moves the buttons of a database seeded before a move, after the tree is seeded (the new page exists then):
 * the old row goes under the new page and keeps its id and role links (an administrator's grants stay), and
 * the copy the seed has just made there is dropped. Idempotent: a moved row is no longer under `from`.
 * Returns the number of buttons moved.
 */
export async function moveMenuButtons(
  db: Database,
  moves: readonly MenuButtonMove[] = MENU_BUTTON_MOVES,
): Promise<number> {
  let moved = 0;
  for (const { permission, from, to } of moves) {
    const [target] = await db.select({ id: menus.id }).from(menus).where(eq(menus.name, to));
    if (!target) continue;
    const fromPage = db.select({ id: menus.id }).from(menus).where(eq(menus.name, from));
    const [old] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.permission, permission), eq(menus.type, 2), inArray(menus.parentId, fromPage)));
    if (!old) continue;
    await db
      .delete(menus)
      .where(and(eq(menus.permission, permission), eq(menus.type, 2), eq(menus.parentId, target.id)));
    await db.update(menus).set({ parentId: target.id }).where(eq(menus.id, old.id));
    moved++;
  }
  return moved;
}
