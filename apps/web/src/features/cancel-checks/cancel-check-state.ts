import { CANCEL_CHECK_STATES, CANCEL_CHECK_STATE_TEXT, type CancelCheckState } from '@console/contract';
import { statusOptionsOf } from '../../components/list/status-options';

export const CANCEL_CHECK_STATE_COLOR: Record<CancelCheckState, string> = {
  pending: 'orange',
  approved: 'success',
  rejected: 'default',
};

/** The list's state filter: 全部, then each state. */
export const CANCEL_CHECK_STATE_OPTIONS = statusOptionsOf(CANCEL_CHECK_STATES, CANCEL_CHECK_STATE_TEXT);
