import { VALET_KINDS, VALET_STATUSES, type ValetListBody } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

const VALET_KEYWORD_MAX = 40;

/** 代客订单's URL: each parameter checked on its own, a bad one falls back to its default. */
export const valetUrlShape = {
  kind: urlField.oneOfOr(VALET_KINDS, 'integral'),
  status: urlField.oneOfOr(['all', ...VALET_STATUSES], 'all'),
  keyword: urlField.keyword(VALET_KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
/** The kind tab chooses which list is shown: 重置 keeps it. */
export const VALET_VIEWS = ['kind'] as const;
export type ValetQuery = UrlQuery<typeof valetUrlShape>;

/** The list's filters as the contract names them; a date preset is resolved at `now`. */
export function valetFiltersOf(storeCode: string, query: ValetQuery, now: Date = new Date()) {
  return {
    storeCode,
    status: query.status,
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<ValetListBody>;
}
