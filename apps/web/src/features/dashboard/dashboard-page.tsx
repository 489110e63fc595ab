import { Alert, Card } from 'antd';
import dayjs from 'dayjs';
import { BrandMark } from '../../components/brand-mark';
import { useSessionStore } from '../../stores/session-store';
import styles from './dashboard-page.module.css';
import { DASHBOARD_LABELS } from './labels';

/** 首页: a welcome card for now. */
export function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  const now = dayjs();
  const name = user?.nickName || user?.username;
  return (
    <>
      <Card data-testid="dashboard-welcome">
        <div className={styles.welcome}>
          <div>
            <h1 className={styles.title}>
              {DASHBOARD_LABELS.greeting(now.hour())}
              {name ? `，${name}` : ''}
            </h1>
            <p className={styles.meta}>
              {DASHBOARD_LABELS.welcome}，{DASHBOARD_LABELS.today(now.format(DASHBOARD_LABELS.dateFormat))}
            </p>
          </div>
          <BrandMark size={56} />
        </div>
      </Card>
      <Alert className={styles.hint} type="info" showIcon title={DASHBOARD_LABELS.hint} />
    </>
  );
}
