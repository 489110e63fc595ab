import { ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from '@console/contract';
import { statusOptionsOf } from '../../components/list/status-options';
import { ANNOUNCEMENT_LABELS } from './labels';

export const STATUS_COLOR: Record<AnnouncementStatus, string> = {
  draft: 'default',
  scheduled: 'orange',
  published: 'green',
  withdrawn: 'red',
};

/** The list's status filter: 全部, then each state. */
export const STATUS_OPTIONS = statusOptionsOf(ANNOUNCEMENT_STATUSES, ANNOUNCEMENT_LABELS.statusText);
