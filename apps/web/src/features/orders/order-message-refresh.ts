import { useRefreshOnOrderMessages } from '../../lib/events/use-refresh-on-order-messages';
import { orderKeys } from './order-keys';

/** Refreshes the order lists and details when an order message arrives, so a new offer shows without a click. */
export function useOrderMessageRefresh(): void {
  useRefreshOnOrderMessages(orderKeys.all);
}
