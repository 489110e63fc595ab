import { EMPLOYEE_ORDER_STATUSES, type EmployeeOrderListRequest } from '@console/contract';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';

const KEYWORD_MAX = 50;

/** React Query keys; every key carries the store. */
export const employeePurchaseKeys = {
  all: ['employee-purchase'] as const,
  page: (storeCode: string) => ['employee-purchase', 'page', storeCode] as const,
  draft: (storeCode: string) => ['employee-purchase', 'draft', storeCode] as const,
  order: (storeCode: string) => ['employee-purchase', 'order', storeCode] as const,
};

/** 员工内购's URL: the list's filters and page. */
export const employeePurchaseUrlShape = {
  status: urlField.oneOfOr(['all', ...EMPLOYEE_ORDER_STATUSES], 'all'),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
export type EmployeePurchaseQuery = UrlQuery<typeof employeePurchaseUrlShape>;

export function employeePurchaseFiltersOf(storeCode: string, query: EmployeePurchaseQuery, now = new Date()) {
  return {
    storeCode,
    status: query.status,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<EmployeeOrderListRequest>;
}
