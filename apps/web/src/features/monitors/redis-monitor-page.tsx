import { monitorEndpoints, type RedisMonitor } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Progress, Result, Row, Statistic, Table, Typography } from 'antd';
import { call } from '../../lib/http';
import { MONITOR_LABELS } from './labels';
import { monitorKeys } from './monitor-keys';
import { formatBytes, formatCount, formatDuration, percentOf } from './monitor-format';
import { QueryState, RefreshButton } from './query-state';

const L = MONITOR_LABELS.redis;
type Configured = Extract<RedisMonitor, { configured: true }>;

function RedisFigures({ redis }: { redis: Configured }) {
  const hitPercent = redis.hitRate === null ? null : Math.round(redis.hitRate * 1000) / 10;
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} style={{ textAlign: 'center' }}>
          <Progress
            type="dashboard"
            percent={hitPercent ?? 0}
            format={() => (hitPercent === null ? '-' : `${hitPercent}%`)}
            aria-label={L.hitRate}
            data-testid="redis-hit-rate"
          />
          <div>
            <Typography.Text strong>{L.hitRate}</Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hitPercent === null
              ? L.noLookups
              : L.hitsMisses(formatCount(redis.hits), formatCount(redis.misses))}
          </Typography.Text>
        </Col>
        <Col xs={24} md={8} style={{ textAlign: 'center' }}>
          <Progress
            type="dashboard"
            percent={redis.maxMemoryBytes > 0 ? percentOf(redis.usedMemoryBytes, redis.maxMemoryBytes) : 0}
            format={() => formatBytes(redis.usedMemoryBytes)}
            aria-label={L.usedMemory}
          />
          <div>
            <Typography.Text strong>{L.usedMemory}</Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {L.maxMemory} {redis.maxMemoryBytes > 0 ? formatBytes(redis.maxMemoryBytes) : L.noLimit}
          </Typography.Text>
        </Col>
        <Col xs={24} md={8}>
          <Row gutter={[8, 16]}>
            <Col span={12}>
              <Statistic title={L.version} value={redis.version} />
            </Col>
            <Col span={12}>
              <Statistic title={L.mode} value={redis.mode || '-'} />
            </Col>
            <Col span={12}>
              <Statistic title={L.clients} value={redis.connectedClients} />
            </Col>
            <Col span={12}>
              <Statistic title={L.ops} value={redis.opsPerSecond} />
            </Col>
          </Row>
        </Col>
      </Row>
      <Row gutter={[16, 8]} style={{ marginTop: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={L.uptime} value={formatDuration(redis.uptimeSeconds)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={L.peakMemory} value={formatBytes(redis.peakMemoryBytes)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={L.blocked} value={redis.blockedClients} />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {L.keyspace}
      </Typography.Title>
      <Table
        size="small"
        rowKey="db"
        pagination={false}
        dataSource={redis.keyspace}
        locale={{ emptyText: L.keyspaceEmpty }}
        data-testid="redis-keyspace"
        columns={[
          { key: 'db', title: L.columns.db, dataIndex: 'db' },
          { key: 'keys', title: L.columns.keys, dataIndex: 'keys', align: 'right', render: formatCount },
          {
            key: 'expires',
            title: L.columns.expires,
            dataIndex: 'expires',
            align: 'right',
            render: formatCount,
          },
        ]}
      />
    </>
  );
}

/** Redis监控: INFO figures, read-only; "not configured" without REDIS_URL. */
export function RedisMonitorPage() {
  const query = useQuery({
    queryKey: monitorKeys.redis,
    queryFn: ({ signal }) => call(monitorEndpoints.redis, {}, { signal }),
    refetchInterval: 10_000,
  });
  return (
    <div data-testid="redis-monitor-page">
      <Card title={L.title} extra={<RefreshButton query={query} testId="redis-refresh" />}>
        <QueryState query={query}>
          {(data) =>
            data.configured ? (
              <RedisFigures redis={data} />
            ) : (
              <Result
                status="info"
                title={L.notConfigured}
                subTitle={L.notConfiguredHint}
                data-testid="redis-not-configured"
              />
            )
          }
        </QueryState>
      </Card>
    </div>
  );
}
