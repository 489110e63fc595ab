import { INTEGRAL_ORDER_COLUMN_TITLES } from '@console/contract';

/** 积分订单 (head office): every visible string of the page. */
export const INTEGRAL_ORDER_LABELS = {
  title: '积分订单',
  columns: INTEGRAL_ORDER_COLUMN_TITLES,
  empty: '暂无积分订单',
  store: '门店',
  storePlaceholder: '全部门店',
  keywordPlaceholder: '订单号或会员手机号，回车搜索',
  datePlaceholder: ['下单开始日期', '下单结束日期'] as [string, string],
  detailTitle: '积分订单详情',
  storeTitle: '门店与上游订单',
  omsOrderNo: '上游订单号',
  planStatus: '派单状态',
  takenStore: '接单门店',
  notFound: '该积分订单不存在或不在你的数据范围内',
} as const;
