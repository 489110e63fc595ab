import type { DashboardRange } from '@console/contract';
import { Alert, Card } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { UpcomingEvents } from '../../components/upcoming-events';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { CountCards } from './count-cards';
import { useDashboardSummary, useRefreshOnMessages } from './dashboard-api';
import styles from './dashboard-page.module.css';
import { DASHBOARD_LABELS } from './labels';
import { TrendPanel } from './trend-panel';

/** 首页: greeting, the selected store's open work and its recent figures. */
export function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  const shop = useShopStore((state) => state.shopInfo);
  const [days, setDays] = useState<DashboardRange>(7);
  const storeCode = shop?.addressId ?? null;
  const summary = useDashboardSummary(storeCode, days);
  useRefreshOnMessages();
  const now = dayjs();
  const name = user?.nickName || user?.username;
  const storeName = shop
    ? [shop.frontTitle, shop.businessScopeName].filter(Boolean).join('-') || shop.addressId
    : '';

  return (
    <div className={styles.page}>
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
            {storeName ? <p className={styles.meta}>{DASHBOARD_LABELS.currentStore(storeName)}</p> : null}
          </div>
          <BrandMark size={56} />
        </div>
      </Card>
      {storeCode ? (
        <>
          <CountCards counts={summary.data?.counts} />
          <UpcomingEvents storeCode={storeCode} />
          <TrendPanel
            data={summary.data}
            days={days}
            onDaysChange={setDays}
            loading={summary.isFetching}
            error={summary.isError}
            onRetry={() => void summary.refetch()}
          />
        </>
      ) : (
        <Alert
          data-testid="dashboard-no-store"
          type="info"
          showIcon
          title={DASHBOARD_LABELS.noStore}
          description={DASHBOARD_LABELS.noStoreHint}
        />
      )}
    </div>
  );
}
