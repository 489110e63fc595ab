import {
  SYSTEM_TOOL_PERMISSIONS,
  exportEndpoints,
  systemToolEndpoints,
  type OperationLogRow,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Input, Spin, Typography } from 'antd';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { SYSTEM_TOOL_LABELS } from './labels';
import { LogListPage, RESULT_COLOR, resultFilterOf, resultUrlField } from './log-list-page';
import { systemToolKeys } from './system-tool-keys';

const L = SYSTEM_TOOL_LABELS.operation;
const T = L.columns;

export const operationLogUrlShape = {
  status: resultUrlField,
  keyword: urlField.keyword(32),
  store: urlField.keyword(32),
  action: urlField.keyword(64),
  ...dateUrlShape,
  id: urlField.recordId(),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};
type OperationLogUrl = UrlQuery<typeof operationLogUrlShape>;

export function operationLogFiltersOf(query: OperationLogUrl, now: Date = new Date()) {
  return {
    user: query.keyword || null,
    storeCode: query.store || null,
    action: query.action || null,
    result: resultFilterOf(query.status),
    ...dateRangeOfQuery(query, now),
  };
}

const COLUMNS: ListColumn<OperationLogRow>[] = [
  column.time('createdAt', T.createdAt),
  column.text('userName', T.user, { width: 110 }),
  column.text('action', T.action, { width: 150 }),
  column.remark('target', T.target, { width: 160 }),
  column.text('storeCode', T.store, { width: 100 }),
  column.status('result', T.result, SYSTEM_TOOL_LABELS.result, RESULT_COLOR, {
    testId: 'operation-log-result',
  }),
  column.text('ip', T.ip, { width: 120, hiddenByDefault: true }),
  column.remark('path', T.path, { width: 200, hiddenByDefault: true }),
];

/**
 * 操作日志: every audited change and every refused change, with the row's before/after and request; 导出 queues
 * a head-office export job with the page's filters (listed in the asker's 导出记录 only).
 */
export function OperationLogPage() {
  const { listQuery, list } = useHeadOfficeList(operationLogUrlShape, {
    key: systemToolKeys.operation,
    endpoint: systemToolEndpoints.logQuery,
    filters: (query) => operationLogFiltersOf(query),
  });
  const { query, setQuery } = listQuery;
  const exporter = useExportAction({
    permission: [SYSTEM_TOOL_PERMISSIONS.logExport],
    start: () => call(exportEndpoints.operationLogs, operationLogFiltersOf(query)),
  });
  return (
    <>
      <LogListPage
        labels={L}
        name="operation-logs"
        list={list}
        columns={COLUMNS}
        listQuery={listQuery}
        exporter={exporter}
        filters={
          <>
            <Input.Search
              allowClear
              defaultValue={query.store}
              key={`store-${query.store}`}
              placeholder={L.storeCode}
              style={{ width: 140 }}
              data-testid="operation-logs-store"
              onSearch={(store) => setQuery({ store })}
            />
            <Input.Search
              allowClear
              defaultValue={query.action}
              key={`action-${query.action}`}
              placeholder={L.action}
              style={{ width: 180 }}
              data-testid="operation-logs-action"
              onSearch={(action) => setQuery({ action })}
            />
          </>
        }
        rowActions={[{ key: 'view', label: L.view, onClick: (row) => setQuery({ id: row.id }) }]}
      />
      <OperationLogDrawer id={query.id ?? null} onClose={() => setQuery({ id: undefined })} />
    </>
  );
}

const json = (value: unknown) => (
  <Typography.Paragraph style={{ margin: 0 }}>
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
      {value === null || value === undefined ? '-' : JSON.stringify(value, null, 2)}
    </pre>
  </Typography.Paragraph>
);

function OperationLogDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const D = L.detail;
  const detail = useQuery({
    queryKey: systemToolKeys.operationDetail(id ?? 0),
    queryFn: ({ signal }) => call(systemToolEndpoints.logDetail, { id: id! }, { signal }),
    enabled: id !== null,
  });
  const row = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={D.title}
      size="large"
      destroyOnHidden
      data-testid="operation-log-detail"
    >
      {row ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={T.createdAt}>{formatDate(row.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={T.user}>
            {row.userName || '-'} {row.userAccount && `(${row.userAccount})`}
          </Descriptions.Item>
          <Descriptions.Item label={T.action}>{row.action}</Descriptions.Item>
          <Descriptions.Item label={T.target}>{row.target || '-'}</Descriptions.Item>
          <Descriptions.Item label={T.result}>{SYSTEM_TOOL_LABELS.result[row.result]}</Descriptions.Item>
          <Descriptions.Item label={T.path}>
            {row.method} {row.path}
          </Descriptions.Item>
          <Descriptions.Item label={D.requestId}>{row.requestId || '-'}</Descriptions.Item>
          <Descriptions.Item label={T.store}>{row.storeCode ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={T.ip}>{row.ip || '-'}</Descriptions.Item>
          <Descriptions.Item label={D.userAgent}>{row.userAgent || '-'}</Descriptions.Item>
          <Descriptions.Item label={D.before}>{json(row.before)}</Descriptions.Item>
          <Descriptions.Item label={D.after}>{json(row.after)}</Descriptions.Item>
          {Object.keys(row.detail).length > 0 && (
            <Descriptions.Item label={D.detail}>{json(row.detail)}</Descriptions.Item>
          )}
          <Descriptions.Item label={D.params}>
            <div data-testid="operation-log-params">{json(row.params)}</div>
          </Descriptions.Item>
        </Descriptions>
      ) : detail.isError ? (
        <Alert type="error" title={D.loadFailed} />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
