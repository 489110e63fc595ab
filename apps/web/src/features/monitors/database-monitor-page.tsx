import { monitorEndpoints, type DbIndexStat, type DbTableStat } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Progress, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { call } from '../../lib/http';
import { MONITOR_LABELS } from './labels';
import { monitorKeys } from './monitor-keys';
import { formatBytes, formatCount, percentOf } from './monitor-format';
import { QueryState, RefreshButton } from './query-state';

const L = MONITOR_LABELS.database;
const T = L.columns;
const CHART_TABLES = 8;

/** The largest tables as bars of their share of the largest: which tables hold the space, at a glance. */
function TableSizes({ tables }: { tables: DbTableStat[] }) {
  const top = tables.slice(0, CHART_TABLES);
  const largest = top[0]?.totalBytes ?? 0;
  return (
    <div data-testid="database-size-chart" role="list" aria-label={L.chartTitle}>
      {top.map((table) => (
        <div key={table.name} role="listitem" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text ellipsis style={{ width: 140, flex: 'none', fontSize: 12 }}>
            {table.name}
          </Typography.Text>
          <Progress
            percent={percentOf(table.totalBytes, largest)}
            format={() => formatBytes(table.totalBytes)}
            size="small"
            style={{ flex: 1, margin: 0 }}
          />
        </div>
      ))}
    </div>
  );
}

/** A right-aligned figure column of a statistics table. */
const figure = <Stat,>(
  key: string,
  title: string,
  dataIndex: keyof Stat & string,
  render: (n: number) => string,
) => ({
  key,
  title,
  dataIndex,
  align: 'right' as const,
  render,
});

/** A titled table of statistics by name, ten rows a page. */
function StatTable<Stat extends { name: string }>({
  title,
  rows,
  testId,
  columns,
}: {
  title: string;
  rows: Stat[];
  testId: string;
  columns: TableColumnsType<Stat>;
}) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {title}
      </Typography.Title>
      <Table<Stat>
        size="small"
        rowKey="name"
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ x: 600 }}
        data-testid={testId}
        columns={columns}
      />
    </>
  );
}

/** 数据库监控: tables with row estimates and sizes, index sizes, connections; read-only, no SQL box. */
export function DatabaseMonitorPage() {
  const query = useQuery({
    queryKey: monitorKeys.database,
    queryFn: ({ signal }) => call(monitorEndpoints.database, {}, { signal }),
  });
  return (
    <div data-testid="database-monitor-page">
      <Card title={L.title} extra={<RefreshButton query={query} testId="database-refresh" />}>
        <QueryState query={query}>
          {(data) => (
            <>
              <Alert type="info" showIcon title={L.readOnly} style={{ marginBottom: 16 }} />
              <Row gutter={[16, 16]}>
                <Col xs={12} md={6}>
                  <Statistic title={L.version} value={`${L.kind[data.kind] ?? data.kind} ${data.version}`} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={L.size} value={formatBytes(data.sizeBytes)} />
                </Col>
                <Col xs={24} md={12}>
                  <Statistic
                    title={L.connections}
                    value={data.connections.total}
                    suffix={
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {L.connectionsText(
                          data.connections.active,
                          data.connections.idle,
                          data.connections.max,
                        )}
                      </Typography.Text>
                    }
                  />
                </Col>
              </Row>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                {L.chartTitle}
              </Typography.Title>
              <TableSizes tables={data.tables} />
              <StatTable<DbTableStat>
                title={L.tables}
                rows={data.tables}
                testId="database-tables"
                columns={[
                  { key: 'name', title: T.name, dataIndex: 'name' },
                  figure('rows', T.rowEstimate, 'rowEstimate', formatCount),
                  figure('table', T.tableBytes, 'tableBytes', formatBytes),
                  figure('index', T.indexBytes, 'indexBytes', formatBytes),
                  figure('total', T.totalBytes, 'totalBytes', formatBytes),
                ]}
              />
              <StatTable<DbIndexStat>
                title={L.indexes}
                rows={data.indexes}
                testId="database-indexes"
                columns={[
                  { key: 'name', title: T.index, dataIndex: 'name' },
                  { key: 'table', title: T.table, dataIndex: 'table' },
                  figure('bytes', T.bytes, 'bytes', formatBytes),
                  figure('scans', T.scans, 'scans', formatCount),
                ]}
              />
            </>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
