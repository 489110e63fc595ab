import { LOG_RESULTS, type LogResult } from '@console/contract';
import type { ReactNode } from 'react';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage, type ListPageProps } from '../../components/list/list-page';
import { urlField, type dateUrlShape, type UrlQuery } from '../../components/list/list-query';
import { statusOptionsOf } from '../../components/list/status-options';
import { SYSTEM_TOOL_LABELS } from './labels';

export const RESULT_COLOR: Record<LogResult, string> = { ok: 'green', fail: 'red' };
const RESULT_OPTIONS = statusOptionsOf(LOG_RESULTS, SYSTEM_TOOL_LABELS.result);

/** 结果 in a log list's URL (全部 or one result): the list's status filter. */
export const resultUrlField = urlField.oneOfOr(['all', ...LOG_RESULTS], 'all');

/** The contract's `result` filter of the URL's 结果. */
export const resultFilterOf = (status: 'all' | LogResult): LogResult | null =>
  status === 'all' ? null : status;

type DateQuery = UrlQuery<typeof dateUrlShape>;
type LogQuery = DateQuery & { status: 'all' | LogResult; keyword: string };

/** The part of the page's `useListQuery` a log list uses: 结果, the date range and the keyword. */
type LogListQuery = {
  query: LogQuery;
  setQuery(patch: Partial<LogQuery>): void;
  reset(): void;
  keywordMax?: number;
};

type Props<Row> = Pick<ListPageProps<Row>, 'name' | 'list' | 'columns' | 'rowActions'> & {
  labels: {
    title: string;
    empty: string;
    list: { datePlaceholder: [string, string]; keywordPlaceholder: string };
  };
  listQuery: LogListQuery;
  /** The page's `useExportAction`: its button in the toolbar, its queued notice above the filters. */
  exporter: { button: ReactNode; notice: ReactNode };
  /** The page's own filters, between the date range and the keyword. */
  filters?: ReactNode;
};

/** 登录日志 and 操作日志: a head-office list of log rows with 结果 as its status filter, dates, keyword and export. */
export function LogListPage<Row extends { id: number }>({
  labels,
  listQuery,
  exporter,
  filters,
  ...page
}: Props<Row>) {
  return (
    <ListPage
      {...page}
      title={labels.title}
      rowKey="id"
      toolbar={exporter.button}
      notice={exporter.notice}
      empty={{ description: labels.empty }}
      statusFilter={{
        value: listQuery.query.status,
        options: RESULT_OPTIONS,
        onChange: (status) => listQuery.setQuery({ status }),
      }}
      filters={
        <DateKeywordFilters listQuery={listQuery} name={page.name} labels={labels.list}>
          {filters}
        </DateKeywordFilters>
      }
    />
  );
}
