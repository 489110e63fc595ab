/**
 * Store orders and fulfilment (docs/domain/orders.md): paths, states and the enums both sides share.
 * Request/response schemas live beside them in orders-plans.ts (offer, grab, upstream push) and
 * orders-fulfilment.ts (the store's own orders and their actions).
 */

/** Business calls of spec 7.6 (under `{host}/tec/`), plus the few lists the spec leaves unnamed. */
export const ORDER_PATHS = {
  /** Orders offered to the store (抢单): designed, the spec names no list for it. */
  offers: '/tec/trade_order/manager/uEnjoy/onlineList',
  /** Grab a plan order (履约接单). */
  grab: '/tec/trade_order/manager/uEnjoy/performanceReceipt',
  /** One plan order as a candidate store sees it (robOrderDetail), in every state. */
  offerDetail: '/tec/trade_order/manager/uEnjoy/onlineDetail',
  /** Offers that expired without a taker (未接订单), still open to candidate stores. */
  untaken: '/tec/trade_order/manager/order/untaken-list',
  /** Take an untaken (expired) plan order (`order:take`). */
  takeUntaken: '/tec/trade_order/manager/order/untaken-take',
  /** The store's received orders (已接订单): designed list, keyset-paged. */
  received: '/tec/trade_order/manager/order/list',
  detail: '/tec/trade_order/manager/order/detail',
  logList: '/tec/trade_order/manager/order/log-list',
  deliver: '/tec/trade_order/manager/order/deliver',
  modifyAddress: '/tec/trade_order/manager/order/modify-address',
  modifyCyclePlan: '/tec/trade_order/manager/order/modify-cycle-plan',
  cancel: '/tec/trade_order/manager/order/cancel',
  finishInvoice: '/tec/trade_order/manager/order/finishInvoice',
  invoiceDetail: '/tec/trade_order/manager/invoice/detail',
  writeOff: '/tec/trade_order/manager/uEnjoy/writeOff',
  cnArea: '/tec/delivery/cnArea/getCnArea',
  deliveryCompany: '/tec/delivery/deliveryCompany/getDeliveryByComNum',
} as const;

/** Service-token endpoints through which the upstream platform (OMS) pushes work; idempotent on its numbers. */
export const ORDER_INTEGRATION_PATHS = {
  pushOrder: '/api/integration/orders',
  cancelOrder: '/api/integration/orders/cancel',
  pushIntention: '/api/integration/intentions',
} as const;

/** Channels of an upstream order. */
export const ORDER_CHANNELS = ['online', 'valet_integral', 'valet_uenjoy'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_TEXT: Record<OrderChannel, string> = {
  online: '线上订单',
  valet_integral: '积分商城代客下单',
  valet_uenjoy: 'uEnjoy代客下单',
};

export const DELIVERY_TYPES = ['express', 'store_delivery', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_TEXT: Record<DeliveryType, string> = {
  express: '快递配送',
  store_delivery: '门店配送',
  pickup: '到店自提',
};

/** A plan order offered to candidate stores. */
export const PLAN_STATUSES = ['offering', 'taken', 'expired', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_TEXT: Record<PlanStatus, string> = {
  offering: '待抢单',
  taken: '已接单',
  expired: '无人接单',
  cancelled: '已取消',
};

/** The store's own (performance) order. */
export const FULFILMENT_STATUSES = ['wait_ship', 'shipped', 'completed', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
export const FULFILMENT_STATUS_TEXT: Record<FulfilmentStatus, string> = {
  wait_ship: '待发货',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
};

export const INVOICE_STATUS_TEXT: Record<string, string> = {
  none: '无需开票',
  pending: '待开票',
  issued: '已开票',
};

/** How long an offer stays open to grab, and how long a taken order may wait before the "not shipped" reminder. */
export const ORDER_TIMING = {
  offerMinutes: 30,
  shipReminderHours: 4,
} as const;
