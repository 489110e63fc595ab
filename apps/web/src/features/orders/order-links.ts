import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { menuPages } from '../../app/menu-routes';
import { useMenuStore } from '../../stores/menu-store';

/** The order pages by their server menu name (apps/server/src/db/seed/menu-tree.ts). */
export type OrderPageName =
  'RobOrders' | 'robOrderDetail' | 'ReceivedOrders' | 'receivedOrderDetail' | 'UntakenOrders';

export function orderPageHref(
  pages: readonly { path: string; name: string | undefined }[],
  name: OrderPageName,
  query: Record<string, string> = {},
): string | null {
  const page = pages.find((candidate) => candidate.name === name);
  if (!page) return null;
  const search = new URLSearchParams(query).toString();
  return search ? `${page.path}?${search}` : page.path;
}

/** Links between the order pages; a page missing from the user's menu yields null (no link is shown). */
export function useOrderLinks() {
  const menus = useMenuStore((state) => state.menus);
  const navigate = useNavigate();
  const href = useCallback(
    (name: OrderPageName, query?: Record<string, string>) =>
      orderPageHref(
        menuPages(menus).map((page) => ({ path: page.path, name: page.node.name })),
        name,
        query,
      ),
    [menus],
  );
  const open = useCallback(
    (name: OrderPageName, query?: Record<string, string>) => {
      const to = href(name, query);
      if (to) void navigate(to);
    },
    [href, navigate],
  );
  return { href, open };
}
