import { useMenuPageLinks, type MenuPageLinks } from '../../components/use-menu-page-links';

/** The order pages by their server menu name (apps/server/src/db/seed/menu-tree.ts). */
export type OrderPageName =
  'RobOrders' | 'robOrderDetail' | 'ReceivedCustomerOrders' | 'receivedOrderDetail' | 'UntakenOrders';

/** Links between the order pages; a page missing from the user's menu yields null (no link is shown). */
export function useOrderLinks(): MenuPageLinks<OrderPageName> {
  return useMenuPageLinks();
}
