import type { FulfilmentStatus } from '@console/contract';

/** The tag colour of each received-order status, the same on every order screen. */
export const FULFILMENT_STATUS_COLOR: Record<FulfilmentStatus, string> = {
  wait_ship: 'orange',
  shipped: 'blue',
  completed: 'green',
  cancelled: 'default',
};
