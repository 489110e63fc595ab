import { VALET_STATUSES, VALET_STATUS_TEXT, type ValetStatus } from '@console/contract';
import { statusOptionsOf } from '../list/status-options';

/** The tag colour of a valet order's status, in the list and on the detail. */
export const VALET_STATUS_COLOR: Record<ValetStatus, string> = {
  pending_confirm: 'orange',
  confirmed: 'green',
  cancelled: 'default',
};

/** The list's status filter: 全部, then each status. */
export const VALET_STATUS_OPTIONS = statusOptionsOf(VALET_STATUSES, VALET_STATUS_TEXT);
