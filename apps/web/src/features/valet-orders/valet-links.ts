import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { menuPages } from '../../app/menu-routes';
import { useMenuStore } from '../../stores/menu-store';
import { orderPageHref } from '../orders/order-links';

/** The pages a valet page links to, by server menu name (apps/server/src/db/seed/menu-tree.ts). */
export type ValetPageName =
  'ValetOrderCreate' | 'ValetOrders' | 'valetOrderManagerDetail' | 'robOrderDetail' | 'receivedOrderDetail';

/** Links between the valet and order pages; a page missing from the user's menu yields null (no link). */
export function useValetLinks() {
  const menus = useMenuStore((state) => state.menus);
  const navigate = useNavigate();
  const href = useCallback(
    (name: ValetPageName, query?: Record<string, string>) =>
      orderPageHref(
        menuPages(menus).map((page) => ({ path: page.path, name: page.node.name })),
        // orderPageHref matches by name only; the valet names are menu names like the order ones.
        name as Parameters<typeof orderPageHref>[1],
        query,
      ),
    [menus],
  );
  const open = useCallback(
    (name: ValetPageName, query?: Record<string, string>) => {
      const to = href(name, query);
      if (to) void navigate(to);
    },
    [href, navigate],
  );
  return { href, open };
}
