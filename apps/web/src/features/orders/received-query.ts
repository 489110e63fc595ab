import { DELIVERY_TYPES, FULFILMENT_STATUSES, type ReceivedListBody } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

export const KEYWORD_MAX = 50;
export const RECEIVED_PAGE_SIZES = [10, 20, 50] as const;

/** 已接订单's URL: each parameter checked on its own, a bad one falls back to its default. */
export const receivedUrlShape = {
  status: urlField.oneOfOr(['all', ...FULFILMENT_STATUSES], 'all'),
  deliveryType: urlField.oneOf(DELIVERY_TYPES),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize(RECEIVED_PAGE_SIZES, 20),
};
export type ReceivedQuery = UrlQuery<typeof receivedUrlShape>;

/** The list's filters as the contract names them (the export takes the same); a date preset is resolved at `now`. */
export function receivedFiltersOf(storeCode: string, query: ReceivedQuery, now: Date = new Date()) {
  return {
    storeCode,
    status: query.status,
    deliveryType: query.deliveryType ?? null,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<ReceivedListBody>;
}
