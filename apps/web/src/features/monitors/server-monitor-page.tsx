import { monitorEndpoints, type ServerInstance } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Progress, Row, Space, Tag, Typography } from 'antd';
import { usePhoneWidth } from '../../components/use-phone-width';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { MONITOR_LABELS } from './labels';
import { monitorKeys } from './monitor-keys';
import { formatBytes, formatDuration, formatMs, percentOf } from './monitor-format';
import { QueryState, RefreshButton } from './query-state';
import { Sparkline } from './sparkline';

const L = MONITOR_LABELS.server;
const DEFAULT_REFRESH_SECONDS = 5;

function Gauge({
  title,
  percent,
  detail,
  testId,
}: {
  title: string;
  percent: number;
  detail: string;
  testId: string;
}) {
  // Three dashboards side by side still fit a phone when they are smaller.
  const phone = usePhoneWidth();
  return (
    <div style={{ textAlign: 'center' }} data-testid={testId}>
      <Progress
        type="dashboard"
        percent={percent}
        size={phone ? 72 : 96}
        status={percent >= 90 ? 'exception' : 'normal'}
        aria-label={`${title} ${percent}%`}
      />
      <div>
        <Typography.Text strong>{title}</Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {detail}
      </Typography.Text>
    </div>
  );
}

type Metrics = NonNullable<ServerInstance['metrics']>;
type Sample = ServerInstance['history'][number];

const memUsed = (m: Metrics) => m.memTotalBytes - m.memFreeBytes;

/** The three dashboards of an instance card, left to right. */
const GAUGES: {
  key: string;
  title: string;
  percent: (m: Metrics) => number;
  detail: (m: Metrics) => string;
}[] = [
  {
    key: 'cpu',
    title: L.cpu,
    percent: (m) => Math.round(m.cpuPercent),
    detail: (m) => `${L.cores} ${m.cpuCount}`,
  },
  {
    key: 'memory',
    title: L.memory,
    percent: (m) => percentOf(memUsed(m), m.memTotalBytes),
    detail: (m) => `${formatBytes(memUsed(m))} / ${formatBytes(m.memTotalBytes)}`,
  },
  {
    key: 'heap',
    title: L.heap,
    percent: (m) => percentOf(m.heapUsedBytes, m.heapLimitBytes),
    detail: (m) => `${formatBytes(m.heapUsedBytes)} / ${formatBytes(m.heapLimitBytes)}`,
  },
];

/** The trend lines under the dashboards: a sample's value, and the latest value as words for screen readers. */
const TRENDS: {
  key: string;
  title: string;
  value: (sample: Sample) => number;
  now: (m: Metrics) => string;
  max?: number;
  color?: string;
}[] = [
  { key: 'cpu', title: L.cpuTrend, value: (s) => s.cpuPercent, now: (m) => `${m.cpuPercent}%`, max: 100 },
  {
    key: 'heap',
    title: L.heapTrend,
    value: (s) => s.heapUsedBytes,
    now: (m) => formatBytes(m.heapUsedBytes),
    color: '#52c41a',
  },
  {
    key: 'loop',
    title: L.loopTrend,
    value: (s) => s.eventLoopP99Ms,
    now: (m) => formatMs(m.eventLoopP99Ms),
    color: '#fa8c16',
  },
];

function InstanceCard({ instance }: { instance: ServerInstance }) {
  const m = instance.metrics;
  const history = instance.history;
  return (
    <Card
      data-testid="server-instance"
      data-instance={instance.id}
      title={
        <Space wrap size={6}>
          <span>{instance.host}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            #{instance.pid}
          </Typography.Text>
          {instance.current ? <Tag color="blue">{L.current}</Tag> : null}
          <Tag color={instance.stale ? 'red' : 'green'} data-testid="server-instance-state">
            {instance.stale ? L.stale : L.live}
          </Tag>
        </Space>
      }
      style={{ marginBottom: 16 }}
    >
      {m ? (
        <>
          <Row gutter={[16, 16]}>
            {GAUGES.map((gauge) => (
              <Col xs={8} key={gauge.key}>
                <Gauge
                  title={gauge.title}
                  percent={gauge.percent(m)}
                  detail={gauge.detail(m)}
                  testId={`gauge-${gauge.key}`}
                />
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 8]} style={{ marginTop: 16 }}>
            {TRENDS.map((trend) => (
              <Col xs={24} md={8} key={trend.key}>
                <Typography.Text type="secondary">{trend.title}</Typography.Text>
                <Sparkline
                  values={history.map(trend.value)}
                  {...(trend.max === undefined ? {} : { max: trend.max })}
                  title={trend.title}
                  desc={L.trendDesc(trend.title, trend.now(m))}
                  {...(trend.color === undefined ? {} : { color: trend.color })}
                  testId={`trend-${trend.key}`}
                />
              </Col>
            ))}
          </Row>
        </>
      ) : (
        <Empty description={L.noMetrics} />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'version',
            label: L.version,
            children: <span data-testid="server-version">{instance.version}</span>,
          },
          { key: 'commit', label: L.commit, children: instance.commit ? instance.commit.slice(0, 12) : '-' },
          { key: 'uptime', label: L.uptime, children: m ? formatDuration(m.uptimeSeconds) : '-' },
          { key: 'load', label: L.load, children: m ? m.loadAverage.join(' / ') : '-' },
          {
            key: 'loop',
            label: L.eventLoop,
            children: m ? `${formatMs(m.eventLoopP99Ms)} / ${formatMs(m.eventLoopMeanMs)}` : '-',
          },
          { key: 'rss', label: L.rss, children: m ? formatBytes(m.rssBytes) : '-' },
          { key: 'node', label: L.node, children: m ? `${m.nodeVersion}（${m.platform}）` : '-' },
          { key: 'started', label: L.startedAt, children: formatDate(instance.startedAt) },
          { key: 'beat', label: L.heartbeatAt, children: formatDate(instance.heartbeatAt) },
        ]}
      />
    </Card>
  );
}

/** 服务监控: every instance with a recent heartbeat (stale ones marked), refreshed every few seconds. */
export function ServerMonitorPage() {
  const query = useQuery({
    queryKey: monitorKeys.servers,
    queryFn: ({ signal }) => call(monitorEndpoints.servers, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.refreshSeconds ?? DEFAULT_REFRESH_SECONDS) * 1000,
  });
  return (
    <div data-testid="server-monitor-page">
      <Card
        title={L.title}
        extra={
          <Space>
            <Typography.Text type="secondary">
              {L.refreshEvery(query.data?.refreshSeconds ?? DEFAULT_REFRESH_SECONDS)}
            </Typography.Text>
            <RefreshButton query={query} testId="server-monitor-refresh" />
          </Space>
        }
        styles={{ body: { padding: 16 } }}
      >
        <QueryState query={query}>
          {(data) =>
            data.instances.length === 0 ? (
              <Empty description={L.empty} />
            ) : (
              data.instances.map((instance) => <InstanceCard key={instance.id} instance={instance} />)
            )
          }
        </QueryState>
      </Card>
    </div>
  );
}
