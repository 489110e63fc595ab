import { monitorEndpoints, type ServerInstance } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Tag, Typography } from 'antd';
import { usePhoneWidth } from '../../components/use-phone-width';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { MONITOR_LABELS } from './labels';
import { monitorKeys } from './monitor-keys';
import { formatBytes, formatDuration, formatMs, percentOf } from './monitor-format';
import { QueryState } from './query-state';
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

function InstanceCard({ instance }: { instance: ServerInstance }) {
  const m = instance.metrics;
  const history = instance.history;
  const memUsed = m ? m.memTotalBytes - m.memFreeBytes : 0;
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
            <Col xs={8}>
              <Gauge
                title={L.cpu}
                percent={Math.round(m.cpuPercent)}
                detail={`${L.cores} ${m.cpuCount}`}
                testId="gauge-cpu"
              />
            </Col>
            <Col xs={8}>
              <Gauge
                title={L.memory}
                percent={percentOf(memUsed, m.memTotalBytes)}
                detail={`${formatBytes(memUsed)} / ${formatBytes(m.memTotalBytes)}`}
                testId="gauge-memory"
              />
            </Col>
            <Col xs={8}>
              <Gauge
                title={L.heap}
                percent={percentOf(m.heapUsedBytes, m.heapLimitBytes)}
                detail={`${formatBytes(m.heapUsedBytes)} / ${formatBytes(m.heapLimitBytes)}`}
                testId="gauge-heap"
              />
            </Col>
          </Row>
          <Row gutter={[16, 8]} style={{ marginTop: 16 }}>
            <Col xs={24} md={8}>
              <Typography.Text type="secondary">{L.cpuTrend}</Typography.Text>
              <Sparkline
                values={history.map((s) => s.cpuPercent)}
                max={100}
                title={L.cpuTrend}
                desc={L.trendDesc(L.cpuTrend, `${m.cpuPercent}%`)}
                testId="trend-cpu"
              />
            </Col>
            <Col xs={24} md={8}>
              <Typography.Text type="secondary">{L.heapTrend}</Typography.Text>
              <Sparkline
                values={history.map((s) => s.heapUsedBytes)}
                title={L.heapTrend}
                desc={L.trendDesc(L.heapTrend, formatBytes(m.heapUsedBytes))}
                color="#52c41a"
                testId="trend-heap"
              />
            </Col>
            <Col xs={24} md={8}>
              <Typography.Text type="secondary">{L.loopTrend}</Typography.Text>
              <Sparkline
                values={history.map((s) => s.eventLoopP99Ms)}
                title={L.loopTrend}
                desc={L.trendDesc(L.loopTrend, formatMs(m.eventLoopP99Ms))}
                color="#fa8c16"
                testId="trend-loop"
              />
            </Col>
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
            <Button
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              data-testid="server-monitor-refresh"
            >
              {MONITOR_LABELS.refresh}
            </Button>
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
