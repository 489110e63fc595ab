import { AUTH_OPEN_STATUSES, type AuthOpenQueryBody } from '@console/contract';
import { urlField, type UrlQuery } from '../../components/list/list-query';

/** 我的授权's URL: the status tab and the page, each checked on its own (a bad value is its default). */
export const recordsUrlShape = {
  status: urlField.oneOfOr(['all', ...AUTH_OPEN_STATUSES], 'all'),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 10),
};
export type RecordsQuery = UrlQuery<typeof recordsUrlShape>;

/** The list call of a URL query: 全部 sends no status. */
export function recordsRequestOf(query: RecordsQuery) {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    ...(query.status === 'all' ? {} : { status: query.status }),
  } satisfies AuthOpenQueryBody;
}
