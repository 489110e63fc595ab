import {
  APPROVAL_STATES,
  APPROVAL_STATE_TEXT,
  TRANSFER_STATUSES,
  TRANSFER_STATUS_TEXT,
  type ApprovalState,
  type TransferStatus,
} from '@console/contract';
import { statusOptionsOf } from '../../components/list/status-options';

export const TRANSFER_STATUS_COLOR: Record<TransferStatus, string> = {
  pending_accept: 'orange',
  accept_review: 'purple',
  accepted: 'gold',
  ship_review: 'purple',
  ready_to_ship: 'cyan',
  in_transit: 'processing',
  partially_received: 'blue',
  received: 'success',
  cancelled: 'default',
};
export const TRANSFER_STATUS_OPTIONS = statusOptionsOf(TRANSFER_STATUSES, TRANSFER_STATUS_TEXT);

export const APPROVAL_STATE_COLOR: Record<ApprovalState, string> = {
  pending: 'orange',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};
export const APPROVAL_STATE_OPTIONS = statusOptionsOf(APPROVAL_STATES, APPROVAL_STATE_TEXT);
