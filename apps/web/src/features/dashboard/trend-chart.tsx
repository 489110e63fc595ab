import type { DashboardMetric } from '@console/contract';
import { useId } from 'react';
import { labelStep, layoutBars, niceMax, shortDay, ticksOf, type ChartPoint } from './chart-scale';
import styles from './dashboard-page.module.css';
import { DASHBOARD_LABELS } from './labels';
import { formatMetric, formatTick } from './metric-format';
import { useElementWidth } from './use-element-width';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 44 };

/** A hand-drawn bar chart of one metric, with a title for assistive tech and a table of the same figures. */
export function TrendChart({
  series,
  metric,
  days,
}: {
  series: readonly ChartPoint[];
  metric: DashboardMetric;
  days: number;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const titleId = useId();
  const descId = useId();
  const metricName = DASHBOARD_LABELS.metrics[metric];
  const plotWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceMax(Math.max(0, ...series.map((p) => p.value)));
  const bars = layoutBars(series, plotWidth, plotHeight, top);
  const step = labelStep(series.length, plotWidth);
  const total = series.reduce((sum, p) => sum + p.value, 0);
  const title = DASHBOARD_LABELS.chartTitle(metricName, days);

  return (
    <div ref={ref} className={styles.chart}>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        data-testid="trend-chart"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{DASHBOARD_LABELS.chartDesc(metricName, formatMetric(metric, total))}</desc>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {ticksOf(top).map((tick) => {
            const y = plotHeight - (tick / top) * plotHeight;
            return (
              <g key={tick} className={styles.tick}>
                <line x1={0} x2={plotWidth} y1={y} y2={y} />
                <text x={-6} y={y} dy="0.32em" textAnchor="end">
                  {formatTick(metric, tick)}
                </text>
              </g>
            );
          })}
          {bars.map((bar, i) => (
            <g key={bar.day}>
              <rect
                className={styles.bar}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={Math.max(bar.height, bar.value > 0 ? 1 : 0)}
                rx={2}
              >
                <title>{`${bar.day} ${metricName} ${formatMetric(metric, bar.value)}`}</title>
              </rect>
              {(bars.length - 1 - i) % step === 0 ? (
                <text
                  className={styles.dayLabel}
                  x={bar.x + bar.width / 2}
                  y={plotHeight + 16}
                  textAnchor="middle"
                >
                  {shortDay(bar.day)}
                </text>
              ) : null}
            </g>
          ))}
        </g>
      </svg>
      <table className={styles.srOnly} data-testid="trend-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{DASHBOARD_LABELS.tableDay}</th>
            <th scope="col">{metricName}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.day}>
              <th scope="row">{point.day}</th>
              <td>{formatMetric(metric, point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
