import type { IntentionStatus } from '@console/contract';

export const INTENTION_STATUS_COLOR: Record<IntentionStatus, string> = {
  new: 'orange',
  following: 'processing',
  closed: 'default',
};
