import {
  CANCEL_CHECK_STATE_TEXT,
  DELIVERY_TYPE_TEXT,
  INTENTION_STATUS_TEXT,
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_TEXT,
  ORDER_CHANNEL_TEXT,
  VALET_KIND_TEXT,
} from '@console/contract';
import { MEMBER_TAG_GROUPS } from './member-data.js';

export type DictSeed = {
  code: string;
  name: string;
  description: string;
  /** value → label, in select order. */
  items: Readonly<Record<string, string>>;
};

/**
 * The built-in dictionaries: labels of the values the modules store (their enums stay in the contract, which
 * validates them; these are the texts and select options head office may re-word, re-order or hide), and
 * option lists the pages offer (cancel reasons, member tags).
 */
export const DICT_SEEDS: readonly DictSeed[] = [
  { code: 'delivery_type', name: '配送方式', description: '订单的配送方式', items: DELIVERY_TYPE_TEXT },
  { code: 'order_channel', name: '订单渠道', description: '上游订单的来源渠道', items: ORDER_CHANNEL_TEXT },
  { code: 'invoice_type', name: '发票类型', description: '顾客申请的发票类型', items: INVOICE_TYPE_TEXT },
  { code: 'invoice_status', name: '开票状态', description: '订单的开票进度', items: INVOICE_STATUS_TEXT },
  {
    code: 'intention_status',
    name: '意向状态',
    description: '客户意向的跟进状态',
    items: INTENTION_STATUS_TEXT,
  },
  {
    code: 'cancel_check_state',
    name: '取消核查状态',
    description: '门店发起的取消核查的处理结果',
    items: CANCEL_CHECK_STATE_TEXT,
  },
  { code: 'valet_kind', name: '代客下单类型', description: '代客下单的商城', items: VALET_KIND_TEXT },
  {
    code: 'cancel_reason',
    name: '取消原因',
    description: '取消订单时可选的常用原因',
    items: {
      customer_request: '顾客要求取消',
      out_of_stock: '商品缺货',
      address_unreachable: '地址超出配送范围',
      duplicate_order: '重复下单',
      price_error: '价格有误',
      other: '其他原因',
    },
  },
  {
    code: 'member_tag_group',
    name: '会员标签分组',
    description: '会员标签的分组：打标签只提供启用分组下的标签，按分组的排序展示（标签本身在会员标签表里）',
    items: MEMBER_TAG_GROUPS,
  },
  {
    // The number in the label is the days a kind of log is kept; a disabled item keeps it for ever
    // (docs/domain/system-tools.md). The 'system.log-retention' job reads it every night.
    code: 'log_retention',
    name: '日志保留天数',
    description: '各类日志的保留天数：修改标签中的天数，停用则不清理',
    items: {
      operation: '操作日志保留180天',
      login: '登录日志保留90天',
      error: '异常日志保留30天',
      job_run: '任务记录保留30天',
    },
  },
];
