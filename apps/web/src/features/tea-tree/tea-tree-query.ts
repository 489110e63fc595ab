import { TEA_TREE_ADOPTION_STATUSES, type TeaTreeListRequest } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

const KEYWORD_MAX = 50;

/** 茶树认养's URL: filters, page and `id`, the adoption open in the drawer. */
export const teaTreeUrlShape = {
  status: urlField.oneOfOr(['all', ...TEA_TREE_ADOPTION_STATUSES], 'all'),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
  id: urlField.recordId(),
};
export type TeaTreeQuery = UrlQuery<typeof teaTreeUrlShape>;

export function teaTreeFiltersOf(storeCode: string, query: TeaTreeQuery, now: Date = new Date()) {
  return {
    storeCode,
    status: query.status,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<TeaTreeListRequest>;
}
