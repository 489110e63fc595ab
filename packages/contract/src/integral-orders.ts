import { z } from 'zod';
import { dateRangeFields } from './common/date-range.js';
import { endpoint } from './common/endpoint.js';
import { listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import {
  VALET_PAGE_SIZE_MAX,
  VALET_STATUSES,
  valetOrderDetailSchema,
  valetOrderNoSchema,
  valetOrderSummarySchema,
} from './orders-valet.js';
import { storeCodeSchema } from './stores.js';

/**
 * 积分订单 (head office, docs/domain/points-mall.md "积分订单"): the points-mall orders of every store in the
 * caller's data scope. They are the valet points orders (`kind = integral`); once confirmed each has its upstream
 * order (`omsOrderNo`). Designed paths beside the store's valet calls.
 */
export const INTEGRAL_ORDER_PATHS = {
  page: '/tec/trade_order/integralMall/admin/order/page',
  detail: '/tec/trade_order/integralMall/admin/order/detail',
  /** Queue the head-office Excel export (`integralOrder:export`); the job is exportEndpoints.integralOrders. */
  export: '/tec/trade_order/integralMall/admin/order/export',
} as const;

/** The list's filters; dateFrom/dateTo bound the day the order was placed (Asia/Shanghai). */
export const integralOrderFilters = listFilters(
  {
    storeCode: storeCodeSchema.nullish(),
    status: z.enum(VALET_STATUSES, { error: '订单状态不正确' }).nullish(),
    /** An order number (valet or upstream) or a member's whole phone number. */
    keyword: z.string({ error: '关键字格式不正确' }).trim().max(40, '关键字不能超过40个字符').nullish(),
    ...dateRangeFields,
  },
  { max: VALET_PAGE_SIZE_MAX, defaultSize: 20, tooLarge: `每页最多${VALET_PAGE_SIZE_MAX}条` },
);
export type IntegralOrderFilters = z.input<typeof integralOrderFilters.filters>;
export const integralOrderExportBodySchema = integralOrderFilters.filters;
export type IntegralOrderExportBody = z.infer<typeof integralOrderExportBodySchema>;

const storeFields = { storeCode: z.string(), storeName: z.string() };
export const integralOrderRowSchema = valetOrderSummarySchema.extend(storeFields);
export type IntegralOrderRow = z.infer<typeof integralOrderRowSchema>;
/** The store's detail without its actions: head office reads, the store confirms and cancels. */
export const integralOrderDetailSchema = valetOrderDetailSchema.omit({ actions: true }).extend(storeFields);
export type IntegralOrderDetail = z.infer<typeof integralOrderDetailSchema>;

export const integralOrderDetailQuerySchema = z.object({ valetOrderNo: valetOrderNoSchema });

export const INTEGRAL_ORDER_COLUMN_TITLES = {
  valetOrderNo: '订单号',
  storeName: '门店',
  memberName: '会员',
  itemsSummary: '商品',
  points: '积分',
  payCents: '实付',
  status: '状态',
  createdByName: '下单人',
  createdAt: '下单时间',
  omsOrderNo: '上游订单号',
} as const;

export const integralOrderEndpoints = {
  page: endpoint({
    method: 'POST',
    path: INTEGRAL_ORDER_PATHS.page,
    request: integralOrderFilters.request,
    response: pageOf(integralOrderRowSchema),
    summary:
      "Points-mall orders of every store in the caller's data scope, newest first (store, status, keyword, dates)",
  }),
  detail: endpoint({
    method: 'GET',
    path: INTEGRAL_ORDER_PATHS.detail,
    request: integralOrderDetailQuerySchema,
    response: integralOrderDetailSchema,
    summary:
      "One points-mall order of a store in the caller's data scope (404 outside it); audited phone view",
  }),
};
