import { TRANSFER_STATUSES, type TransferListBody, type TransferSide } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

const KEYWORD_MAX = 50;

/** 调拨调入 / 调拨调出's URL; `inOrderNo` is the transfer-in order a message opens (spec 2.15). */
export const transferUrlShape = {
  status: urlField.oneOfOr(['all', ...TRANSFER_STATUSES], 'all'),
  keyword: urlField.keyword(KEYWORD_MAX),
  inOrderNo: urlField.keyword(32),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
export type TransferQuery = UrlQuery<typeof transferUrlShape>;

export function transferFiltersOf(side: TransferSide) {
  return (storeCode: string, query: TransferQuery, now: Date = new Date()) =>
    ({
      storeCode,
      side,
      status: query.status,
      keyword: query.keyword || null,
      inOrderNo: query.inOrderNo || null,
      ...dateRangeOfQuery(query, now),
    }) satisfies Partial<TransferListBody>;
}
