import {
  SYSTEM_TOOL_PERMISSIONS,
  exportEndpoints,
  systemToolEndpoints,
  type LoginLogRow,
} from '@console/contract';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { call } from '../../lib/http';
import { SYSTEM_TOOL_LABELS } from './labels';
import { LogListPage, RESULT_COLOR, resultFilterOf, resultUrlField } from './log-list-page';
import { systemToolKeys } from './system-tool-keys';

const L = SYSTEM_TOOL_LABELS.login;
const T = L.columns;

export const loginLogUrlShape = {
  status: resultUrlField,
  keyword: urlField.keyword(64),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};

export function loginLogFiltersOf(query: UrlQuery<typeof loginLogUrlShape>, now: Date = new Date()) {
  return {
    keyword: query.keyword || null,
    result: resultFilterOf(query.status),
    ...dateRangeOfQuery(query, now),
  };
}

const COLUMNS: ListColumn<LoginLogRow>[] = [
  column.time('createdAt', T.createdAt),
  column.text('account', T.account, { width: 140 }),
  column.text('userName', T.user, { width: 100 }),
  column.status('result', T.result, SYSTEM_TOOL_LABELS.result, RESULT_COLOR, { testId: 'login-log-result' }),
  column.text('method', T.method, { width: 100 }),
  column.text('reason', T.reason, { width: 120 }),
  column.text('ip', T.ip, { width: 130 }),
  column.remark('userAgent', T.userAgent, { width: 200, hiddenByDefault: true }),
];

/** 登录日志: sign-ins that succeeded and failed, with the IP and the reason of a failure; 导出 as 操作日志's. */
export function LoginLogPage() {
  const { listQuery, list } = useHeadOfficeList(loginLogUrlShape, {
    key: systemToolKeys.login,
    endpoint: systemToolEndpoints.loginLogs,
    filters: (query) => loginLogFiltersOf(query),
  });
  const exporter = useExportAction({
    permission: [SYSTEM_TOOL_PERMISSIONS.loginLogExport],
    start: () => call(exportEndpoints.loginLogs, loginLogFiltersOf(listQuery.query)),
  });
  return (
    <LogListPage
      labels={L}
      name="login-logs"
      list={list}
      columns={COLUMNS}
      listQuery={listQuery}
      exporter={exporter}
    />
  );
}
