import { CANCEL_CHECK_STATES, type CancelCheckPageBody } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

const KEYWORD_MAX = 50;

/** 取消核查's URL: the filters and page, and `id`, the check open in the drawer (a filter change closes it). */
export const cancelCheckUrlShape = {
  state: urlField.oneOfOr(['all', ...CANCEL_CHECK_STATES], 'all'),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
  id: urlField.recordId(),
};
export type CancelCheckQuery = UrlQuery<typeof cancelCheckUrlShape>;

/** The list's filters as the contract names them (the open check is none); a preset is resolved at `now`. */
export function cancelCheckFiltersOf(storeCode: string, query: CancelCheckQuery, now: Date = new Date()) {
  return {
    storeCode,
    state: query.state,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<CancelCheckPageBody>;
}
