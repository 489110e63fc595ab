import type { OrderLogRow } from '@console/contract';
import type { LogEntry } from '../../components/detail/detail-page';

/** The new status after the action, when it changed and the server named it in Chinese (not a raw code). */
export function statusNote(row: Pick<OrderLogRow, 'toStatus' | 'toStatusText' | 'fromStatusText'>): string {
  const text = row.toStatusText;
  if (!text || text === row.toStatus || text === row.fromStatusText) return '';
  return `（${text}）`;
}

/** An order's log as the kit's timeline entries: cancellations in red. */
export function logEntriesOf(rows: readonly OrderLogRow[]): LogEntry[] {
  return rows.map((row) => ({
    key: row.id,
    kind: row.action,
    title: `${row.actionText}${statusNote(row)}`,
    at: row.createdAt,
    operator: row.operatorName,
    danger: row.action === 'cancelled' || row.action === 'customer_cancelled',
  }));
}
