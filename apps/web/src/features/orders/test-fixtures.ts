import type { MenuNode, OfferSummary, OrderDetail } from '@console/contract';
import { menuNode } from '../../test/menu-node';

const node = menuNode;

export const ORDER_MENUS: MenuNode[] = [
  node('Order', '/order', [
    node('RobOrders', 'rob-orders'),
    node('ReceivedCustomerOrders', 'received-orders'),
    node('robOrderDetail', 'rob-order-detail'),
    node('receivedOrderDetail', 'received-order-detail'),
    node('UntakenOrders', 'untaken-orders'),
  ]),
];

export const NOW = Date.parse('2026-11-21T10:00:00+08:00');

export function offer(overrides: Partial<OfferSummary> = {}): OfferSummary {
  return {
    performancePlanOrderNo: 'PP202611210001',
    omsOrderNo: 'OMS202611210001',
    channel: 'online',
    channelText: '线上订单',
    deliveryType: 'express',
    deliveryTypeText: '快递配送',
    status: 'offering',
    statusText: '待抢单',
    customerName: '王**',
    regionName: '北京市朝阳区',
    itemsSummary: '鲜肉月饼×2，蛋黄酥×1',
    itemCount: 3,
    goodsCents: 12_800,
    payCents: 123_456,
    pointsUsed: 0,
    distanceMeters: 1234,
    offeredAt: '2026-11-21 09:50:00',
    expiresAt: '2026-11-21 10:20:00',
    expiresAtMs: NOW + 20 * 60_000,
    secondsLeft: 1200,
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    performanceOrderNo: 'PO202611210001',
    omsOrderNo: 'OMS202611210001',
    performancePlanOrderNo: 'PP202611210001',
    channel: 'online',
    status: 'wait_ship',
    statusText: '待发货',
    customerName: '王小明',
    customerPhone: '13800001234',
    buyerRemark: '',
    orderedAt: '2026-11-21 09:49:00',
    takenAt: '2026-11-21 09:55:00',
    takenByName: '独立店员',
    shippedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancelReason: '',
    items: [
      {
        skuCode: 'SKU1',
        name: '鲜肉月饼',
        spec: '6枚',
        quantity: 2,
        unitCents: 4800,
        amountCents: 9600,
        points: 0,
      },
    ],
    amounts: { goodsCents: 9600, freightCents: 1000, discountCents: 0, payCents: 10_600, pointsUsed: 0 },
    address: {
      receiverName: '王小明',
      receiverPhone: '13800001234',
      regionName: '北京市 北京市 朝阳区',
      countyCode: '110105',
      detail: '建国路88号',
    },
    delivery: {
      type: 'express',
      typeText: '快递配送',
      courierCode: '',
      courierName: '',
      trackingNo: '',
      delivererName: '',
      delivererPhone: '',
    },
    invoice: {
      performanceOrderNo: 'PO202611210001',
      invoiceType: 'none',
      invoiceTypeText: '不开发票',
      title: '',
      taxNo: '',
      amountCents: 10_600,
      status: 'none',
      statusText: '无需开票',
      invoiceNo: '',
    },
    cyclePlans: [],
    actions: {
      deliver: true,
      modifyAddress: true,
      modifyCyclePlan: false,
      cancel: true,
      finishInvoice: false,
      writeOff: false,
    },
    ...overrides,
  };
}
