import type { CancelCheckState } from '@console/contract';

export const CANCEL_CHECK_STATE_COLOR: Record<CancelCheckState, string> = {
  pending: 'orange',
  approved: 'success',
  rejected: 'default',
};
