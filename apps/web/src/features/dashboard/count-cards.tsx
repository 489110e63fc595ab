import type { DashboardCount, DashboardCountKey } from '@console/contract';
import { Card, Skeleton, Tooltip } from 'antd';
import { Link } from 'react-router';
import styles from './dashboard-page.module.css';
import { DASHBOARD_LABELS } from './labels';

/** Where each card leads; the message center has no page yet, so its card is plain. */
export const COUNT_LINKS: Record<DashboardCountKey, string | null> = {
  ordersToGrab: '/order/rob-orders',
  ordersToShip: '/order/received-orders',
  unreadMessages: null,
  pendingAudits: '/audit/review-pending',
};

function CountCard({ count }: { count: DashboardCount }) {
  const label = DASHBOARD_LABELS.counts[count.key];
  const link = COUNT_LINKS[count.key];
  const value =
    count.value === null ? (
      <Tooltip title={DASHBOARD_LABELS.noSourceHint}>
        <span className={styles.countMissing}>{DASHBOARD_LABELS.noSource}</span>
      </Tooltip>
    ) : (
      count.value.toLocaleString('zh-CN')
    );
  const body = (
    <Card size="small" hoverable={Boolean(link)} className={styles.countCard}>
      <div className={styles.countLabel}>{label}</div>
      <div className={styles.countValue}>{value}</div>
    </Card>
  );
  return (
    <div data-testid={`count-${count.key}`}>
      {link ? (
        <Link to={link} aria-label={`${label}，${DASHBOARD_LABELS.viewList}`} className={styles.countLink}>
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  );
}

export function CountCards({ counts }: { counts: readonly DashboardCount[] | undefined }) {
  return (
    <div className={styles.counts}>
      {counts
        ? counts.map((count) => <CountCard key={count.key} count={count} />)
        : Object.keys(COUNT_LINKS).map((key) => (
            <Card size="small" key={key} className={styles.countCard}>
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          ))}
    </div>
  );
}
