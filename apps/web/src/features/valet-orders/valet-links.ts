import { useMenuPageLinks, type MenuPageLinks } from '../../components/use-menu-page-links';

/** The pages a valet page links to, by server menu name (apps/server/src/db/seed/menu-tree.ts). */
export type ValetPageName =
  'ValetOrderCreate' | 'ValetOrders' | 'valetOrderManagerDetail' | 'robOrderDetail' | 'receivedOrderDetail';

/** Links between the valet and order pages; a page missing from the user's menu yields null (no link). */
export function useValetLinks(): MenuPageLinks<ValetPageName> {
  return useMenuPageLinks();
}
