import type { FulfilmentStatus } from '@console/contract';

export const STATUS_COLOR: Record<FulfilmentStatus, string> = {
  wait_ship: 'orange',
  shipped: 'blue',
  completed: 'green',
  cancelled: 'default',
};
