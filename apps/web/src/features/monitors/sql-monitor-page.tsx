import {
  MONITOR_PERMISSIONS as P,
  SQL_SOURCE_TEXT,
  monitorEndpoints,
  type SqlStatement,
} from '@console/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useHasPermission } from '../../components/permission';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useRefresh } from '../../lib/use-refresh';
import { MONITOR_LABELS } from './labels';
import { monitorKeys } from './monitor-keys';
import { formatCount, formatMs } from './monitor-format';
import { QueryState, RefreshButton } from './query-state';

const L = MONITOR_LABELS.sql;
const T = L.columns;

const COLUMNS: ColumnsType<SqlStatement> = [
  {
    key: 'query',
    title: T.query,
    dataIndex: 'query',
    render: (query: string) => (
      <Typography.Paragraph
        code
        ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}
        style={{ margin: 0, fontSize: 12, wordBreak: 'break-all' }}
      >
        {query}
      </Typography.Paragraph>
    ),
  },
  { key: 'calls', title: T.calls, dataIndex: 'calls', width: 90, align: 'right', render: formatCount },
  { key: 'meanMs', title: T.meanMs, dataIndex: 'meanMs', width: 110, align: 'right', render: formatMs },
  { key: 'maxMs', title: T.maxMs, dataIndex: 'maxMs', width: 110, align: 'right', render: formatMs },
  { key: 'totalMs', title: T.totalMs, dataIndex: 'totalMs', width: 110, align: 'right', render: formatMs },
  {
    key: 'rows',
    title: T.rows,
    dataIndex: 'rows',
    width: 90,
    align: 'right',
    render: (rows: number | null) => (rows === null ? '-' : formatCount(rows)),
  },
];

function StatementTable({ rows, testId }: { rows: SqlStatement[]; testId: string }) {
  return (
    <Table<SqlStatement>
      size="small"
      rowKey="query"
      columns={COLUMNS}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 720 }}
      locale={{ emptyText: L.empty }}
      data-testid={testId}
    />
  );
}

/** SQL监控: the slowest and most frequent statements (pg_stat_statements, else the application's timing), reset. */
export function SqlMonitorPage() {
  const query = useQuery({
    queryKey: monitorKeys.sql,
    queryFn: ({ signal }) => call(monitorEndpoints.sql, {}, { signal }),
  });
  const refresh = useRefresh(monitorKeys.sql);
  const canReset = useHasPermission([P.sqlReset]);
  const reset = useMutation({
    mutationFn: () => call(monitorEndpoints.sqlReset, {}),
    onSuccess: () => {
      notify.success(L.resetDone);
      refresh();
    },
  });
  return (
    <div data-testid="sql-monitor-page">
      <Card
        title={L.title}
        extra={
          <Space>
            <RefreshButton query={query} testId="sql-refresh" />
            {canReset ? (
              <Popconfirm title={L.resetConfirm} onConfirm={() => reset.mutateAsync()}>
                <Button danger loading={reset.isPending} data-testid="sql-reset">
                  {L.reset}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        }
      >
        <QueryState query={query}>
          {(data) => (
            <>
              {data.source === 'application' ? (
                <Alert type="info" showIcon title={L.applicationNote} style={{ marginBottom: 16 }} />
              ) : null}
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 4 }}
                items={[
                  { key: 'source', label: L.source, children: SQL_SOURCE_TEXT[data.source] },
                  { key: 'since', label: L.since, children: data.since ? formatDate(data.since) : '-' },
                  { key: 'statements', label: L.statements, children: formatCount(data.statements) },
                  { key: 'calls', label: L.calls, children: formatCount(data.calls) },
                ]}
              />
              <Typography.Title level={5}>{L.slowest}</Typography.Title>
              <StatementTable rows={data.slowest} testId="sql-slowest" />
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                {L.mostFrequent}
              </Typography.Title>
              <StatementTable rows={data.mostFrequent} testId="sql-frequent" />
            </>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
