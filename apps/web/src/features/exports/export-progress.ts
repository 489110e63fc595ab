import type { ExportRecord, ExportStatus } from '@console/contract';

/** How often the records are re-read while a job is queued or running. */
export const EXPORT_POLL_MS = 2000;

const ACTIVE: ReadonlySet<ExportStatus> = new Set(['queued', 'running']);

export const isActive = (record: Pick<ExportRecord, 'status'>) => ACTIVE.has(record.status);

/** The refetch interval of the records: every 2 s while any shown job is still working, else none. */
export function pollInterval(records: readonly Pick<ExportRecord, 'status'>[] | undefined): number | false {
  return records?.some(isActive) ? EXPORT_POLL_MS : false;
}

export const STATUS_COLOR: Record<ExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** The progress bar of a job: a queued job shows 0, a finished one 100, a failed one where it stopped. */
export function progressOf(record: Pick<ExportRecord, 'status' | 'progress'>): {
  percent: number;
  status: 'active' | 'success' | 'exception' | 'normal';
} {
  const percent = Math.max(0, Math.min(100, record.progress));
  switch (record.status) {
    case 'done':
      return { percent: 100, status: 'success' };
    case 'failed':
      return { percent, status: 'exception' };
    case 'running':
      return { percent, status: 'active' };
    default:
      return { percent: 0, status: 'normal' };
  }
}
