import {
  MEMBER_COUPON_STATUSES,
  MEMBER_COUPON_STATUS_TEXT,
  type MemberCouponStatus,
} from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import { statusOptionsOf } from '../../components/list/status-options';

const KEYWORD_MAX = 40;

/** 优惠券兑换's URL: the filters and the page. */
export const exchangeUrlShape = {
  status: urlField.oneOfOr(['all', ...MEMBER_COUPON_STATUSES], 'all'),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
export type ExchangeQuery = UrlQuery<typeof exchangeUrlShape>;

/** The list's filters as the contract names them; a date preset is resolved at `now`. */
export function exchangeFiltersOf(storeCode: string, query: ExchangeQuery, now: Date = new Date()) {
  return {
    storeCode,
    status: query.status,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  };
}

export const EXCHANGE_STATUS_COLOR: Record<MemberCouponStatus, string> = {
  unused: 'processing',
  used: 'success',
  cancelled: 'default',
  expired: 'warning',
};
export const EXCHANGE_STATUS_OPTIONS = statusOptionsOf(MEMBER_COUPON_STATUSES, MEMBER_COUPON_STATUS_TEXT);

/** React Query keys; every key carries the store. */
export const couponKeys = {
  all: ['coupons'] as const,
  page: (storeCode: string) => ['coupons', 'exchanges', storeCode] as const,
  exchangeable: (storeCode: string, memberId: string) =>
    ['coupons', 'exchangeable', storeCode, memberId] as const,
  members: (storeCode: string, keywords: string) => ['coupons', 'members', storeCode, keywords] as const,
};
