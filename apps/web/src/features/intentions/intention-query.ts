import { INTENTION_STATUSES, type IntentionListBody } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

const KEYWORD_MAX = 50;

/** 客户意向's URL: each parameter checked on its own, a bad one falls back to its default. */
export const intentionUrlShape = {
  status: urlField.oneOfOr(['all', ...INTENTION_STATUSES], 'all'),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
export type IntentionQuery = UrlQuery<typeof intentionUrlShape>;

/** The list's filters as the contract names them; a date preset is resolved at `now`. */
export function intentionFiltersOf(storeCode: string, query: IntentionQuery, now: Date = new Date()) {
  return {
    storeCode,
    status: query.status,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<IntentionListBody>;
}
