import { INTENTION_STATUSES, INTENTION_STATUS_TEXT, type IntentionStatus } from '@console/contract';
import { statusOptionsOf } from '../../components/list/status-options';

export const INTENTION_STATUS_COLOR: Record<IntentionStatus, string> = {
  new: 'orange',
  following: 'processing',
  closed: 'default',
};

/** The list's status filter: 全部, then each status. */
export const INTENTION_STATUS_OPTIONS = statusOptionsOf(INTENTION_STATUSES, INTENTION_STATUS_TEXT);
