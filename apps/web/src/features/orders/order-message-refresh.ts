import { businessTypeOf, type Message } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageEvents } from '../messages/message-events';
import { orderKeys } from './order-keys';

const ORDER_FAMILIES = new Set(['onlineOrder', 'orderCustomer', 'fulfilment']);

/** Whether any of the delivered messages is about orders (online order, order and customer, fulfilment). */
export function concernsOrders(messages: readonly Pick<Message, 'businessType'>[]): boolean {
  return messages.some((message) => {
    const family = businessTypeOf(message.businessType)?.family;
    return family !== undefined && ORDER_FAMILIES.has(family);
  });
}

/** Refreshes the order lists and details when an order message arrives, so a new offer shows without a click. */
export function useOrderMessageRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      messageEvents.on('delivered', (messages) => {
        if (concernsOrders(messages)) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }),
    [queryClient],
  );
}
