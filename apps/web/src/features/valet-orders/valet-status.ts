import type { ValetStatus } from '@console/contract';

/** The tag colour of a valet order's status, in the list and on the detail. */
export const VALET_STATUS_COLOR: Record<ValetStatus, string> = {
  pending_confirm: 'orange',
  confirmed: 'green',
  cancelled: 'default',
};
