import { businessTypeOf, type Message } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageEvents } from './message-events';

const ORDER_FAMILIES = new Set(['onlineOrder', 'orderCustomer', 'fulfilment']);

/** Whether any of the delivered messages is about orders (online order, order and customer, fulfilment). */
export function concernsOrders(messages: readonly Pick<Message, 'businessType'>[]): boolean {
  return messages.some((message) => {
    const family = businessTypeOf(message.businessType)?.family;
    return family !== undefined && ORDER_FAMILIES.has(family);
  });
}

/**
 * Refreshes the queries under `queryKey` when an order message arrives (a new offer, a new customer intention),
 * so a list shows it without a click.
 */
export function useRefreshOnOrderMessages(queryKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      messageEvents.on('delivered', (messages) => {
        if (concernsOrders(messages))
          void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
      }),
    [queryClient, key],
  );
}
