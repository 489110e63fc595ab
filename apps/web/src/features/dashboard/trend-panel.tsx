import {
  DASHBOARD_METRICS,
  type DashboardMetric,
  type DashboardRange,
  type DashboardSummary,
} from '@console/contract';
import { Alert, Button, Card, Empty, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { hasData, seriesOf } from './chart-scale';
import styles from './dashboard-page.module.css';
import { DASHBOARD_LABELS } from './labels';
import { TrendChart } from './trend-chart';

type Props = {
  data: DashboardSummary | undefined;
  days: DashboardRange;
  onDaysChange(days: DashboardRange): void;
  loading: boolean;
  error: boolean;
  onRetry(): void;
};

/** 经营趋势: metric and 7/30-day switches above the chart, with loading, empty and error states. */
export function TrendPanel({ data, days, onDaysChange, loading, error, onRetry }: Props) {
  const [metric, setMetric] = useState<DashboardMetric>('orders');
  const series = data ? seriesOf(data.series.points, metric) : [];

  let content;
  if (error && !data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={DASHBOARD_LABELS.loadFailed}
        action={
          <Button size="small" onClick={onRetry}>
            {DASHBOARD_LABELS.retry}
          </Button>
        }
      />
    );
  } else if (!data) {
    content = (
      <div className={styles.chartState}>
        <Spin description={DASHBOARD_LABELS.loading} />
      </div>
    );
  } else if (!hasData(series)) {
    content = (
      <div className={styles.chartState}>
        <Empty description={DASHBOARD_LABELS.empty} />
      </div>
    );
  } else {
    content = (
      <Spin spinning={loading}>
        <TrendChart series={series} metric={metric} days={data.series.days} />
      </Spin>
    );
  }

  return (
    <Card
      title={DASHBOARD_LABELS.trend}
      className={styles.trend}
      extra={
        <div className={styles.switches}>
          <Segmented<DashboardMetric>
            size="small"
            value={metric}
            onChange={setMetric}
            options={DASHBOARD_METRICS.map((value) => ({ value, label: DASHBOARD_LABELS.metrics[value] }))}
            data-testid="metric-switch"
          />
          <Segmented<DashboardRange>
            size="small"
            value={days}
            onChange={onDaysChange}
            options={([7, 30] as const).map((value) => ({ value, label: DASHBOARD_LABELS.ranges[value] }))}
            data-testid="range-switch"
          />
        </div>
      }
    >
      {content}
    </Card>
  );
}
