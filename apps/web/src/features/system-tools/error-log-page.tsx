import {
  SYSTEM_TOOL_PERMISSIONS,
  exportEndpoints,
  systemToolEndpoints,
  type ClientErrorRow,
  type ServerErrorRow,
} from '@console/contract';
import { Typography } from 'antd';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { useListQuery } from '../../components/list/use-list-query';
import { call } from '../../lib/http';
import { SYSTEM_TOOL_LABELS } from './labels';
import { systemToolKeys } from './system-tool-keys';

const L = SYSTEM_TOOL_LABELS.errors;
const T = L.columns;
const KINDS = ['server', 'client'] as const;

export const errorLogUrlShape = {
  kind: urlField.oneOfOr(KINDS, 'server'),
  keyword: urlField.keyword(50),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};
export function errorLogFiltersOf(query: UrlQuery<typeof errorLogUrlShape>, now: Date = new Date()) {
  return {
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  };
}

/** The stack, folded; the server sends none to anyone but the administrator. */
const stackColumn = <Row extends { stack: string | null }>(): ListColumn<Row> => ({
  key: 'stack',
  title: T.stack,
  width: 260,
  render: (_, row) =>
    row.stack === null ? (
      <Typography.Text type="secondary">{L.stackHidden}</Typography.Text>
    ) : (
      <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0, fontSize: 12 }}>
        {row.stack || '-'}
      </Typography.Paragraph>
    ),
});

const SERVER_COLUMNS: ListColumn<ServerErrorRow>[] = [
  column.time('createdAt', T.createdAt),
  column.text('requestId', T.requestId, { width: 290 }),
  { key: 'path', title: T.path, width: 200, render: (_, row) => `${row.method} ${row.path}` },
  column.remark('message', T.message, { width: 220 }),
  stackColumn<ServerErrorRow>(),
  column.text('userName', T.user, { width: 100 }),
  column.text('ip', T.ip, { width: 120, hiddenByDefault: true }),
];

const CLIENT_COLUMNS: ListColumn<ClientErrorRow>[] = [
  column.time('createdAt', T.createdAt),
  column.text('kind', T.kind, { width: 90 }),
  column.remark('message', T.message, { width: 220 }),
  column.remark('pageUrl', T.pageUrl, { width: 200 }),
  stackColumn<ClientErrorRow>(),
  column.text('userName', T.user, { width: 100 }),
  column.text('storeCode', T.store, { width: 100, hiddenByDefault: true }),
  column.text('release', T.release, { width: 100, hiddenByDefault: true }),
];

/** Each tab's list, query key and export (the file has 堆栈 only for the administrator, as the list). */
const TABS = {
  server: {
    key: systemToolKeys.serverErrors,
    endpoint: systemToolEndpoints.errorLogs,
    exportEndpoint: exportEndpoints.errorLogs,
    columns: SERVER_COLUMNS,
  },
  client: {
    key: systemToolKeys.clientErrors,
    endpoint: systemToolEndpoints.clientErrorLogs,
    exportEndpoint: exportEndpoints.clientErrorLogs,
    columns: CLIENT_COLUMNS,
  },
};

/**
 * 异常日志: the server's 5xx with their request ids, and the browsers' reports, one tab each; 导出 exports the
 * tab shown.
 */
export function ErrorLogPage() {
  const kind = useListQuery(errorLogUrlShape).query.kind;
  // A tab of its own per kind, so that switching starts the other list's query afresh.
  return <ErrorTab key={kind} tab={TABS[kind]} />;
}

function ErrorTab({ tab }: { tab: (typeof TABS)[keyof typeof TABS] }) {
  const { listQuery, list } = useHeadOfficeList(errorLogUrlShape, {
    key: tab.key,
    endpoint: tab.endpoint,
    filters: (query) => errorLogFiltersOf(query),
  });
  const exporter = useExportAction({
    permission: [SYSTEM_TOOL_PERMISSIONS.errorLogExport],
    start: () => call(tab.exportEndpoint, errorLogFiltersOf(listQuery.query)),
  });
  return (
    <ListPage
      title={L.title}
      name="error-logs"
      list={list}
      // Each tab pairs its columns with its own endpoint's rows.
      columns={tab.columns as ListColumn<ServerErrorRow | ClientErrorRow>[]}
      rowKey="id"
      toolbar={exporter.button}
      notice={exporter.notice}
      empty={{ description: L.empty }}
      tabs={{
        value: listQuery.query.kind,
        options: KINDS.map((kind) => ({ value: kind, label: L.tabs[kind] })),
        onChange: (kind: string) => listQuery.setQuery({ kind: kind === 'client' ? 'client' : 'server' }),
      }}
      filters={<DateKeywordFilters listQuery={listQuery} name="error-logs" labels={L.list} />}
    />
  );
}
