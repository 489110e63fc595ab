import type { OrderLogRow } from '@console/contract';
import { Empty, Timeline } from 'antd';
import { ORDER_LABELS } from './labels';
import { orderTime } from './order-format';
import styles from './orders.module.css';

/** The new status after the action, when it changed and the server named it in Chinese (not a raw code). */
export function statusNote(row: Pick<OrderLogRow, 'toStatus' | 'toStatusText' | 'fromStatusText'>): string {
  const text = row.toStatusText;
  if (!text || text === row.toStatus || text === row.fromStatusText) return '';
  return `（${text}）`;
}

/** Oldest first: the log reads as the order's story, from the push to the latest step. */
export function OrderLogTimeline({ rows }: { rows: readonly OrderLogRow[] }) {
  if (rows.length === 0) return <Empty description={ORDER_LABELS.detail.noLog} />;
  return (
    <Timeline
      className={styles.timeline}
      data-testid="order-log"
      items={rows.map((row) => ({
        key: row.id,
        color: row.action === 'cancelled' || row.action === 'customer_cancelled' ? 'red' : 'blue',
        content: (
          <div data-testid="order-log-row" data-action={row.action}>
            <div>
              {row.actionText}
              {statusNote(row)}
            </div>
            <div className={styles.logMeta}>
              {orderTime(row.createdAt)} · {ORDER_LABELS.detail.operator(row.operatorName)}
            </div>
          </div>
        ),
      }))}
    />
  );
}
