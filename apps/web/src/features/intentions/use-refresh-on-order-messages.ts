import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageEvents } from '../messages/message-events';
import { concernsOrders } from '../orders/order-message-refresh';

/** Refreshes the queries under `queryKey` when an order message (e.g. a new customer intention) arrives. */
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
