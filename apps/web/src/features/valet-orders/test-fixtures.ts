import type {
  MemberAddress,
  MemberSummary,
  MenuNode,
  ValetOrderDetail,
  ValetOrderSummary,
} from '@console/contract';
import { menuNode } from '../../test/menu-node';
import type { DraftLine } from './valet-draft';

export const member = (overrides: Partial<MemberSummary> = {}): MemberSummary => ({
  memberId: 'c0ffee00member0000000000000000007',
  memberNo: 'M100021',
  name: '王丽华',
  phoneMasked: '137****0021',
  level: 2,
  points: 1000,
  temporary: false,
  ...overrides,
});

export const address = (overrides: Partial<MemberAddress> = {}): MemberAddress => ({
  addressId: 31,
  receiverName: '王丽华',
  receiverPhoneMasked: '137****0021',
  provinceCode: '110000',
  cityCode: '110100',
  countyCode: '110115',
  regionName: '北京市北京市大兴区',
  detail: '文化园西路8号',
  latitude: 39.79,
  longitude: 116.51,
  isDefault: true,
  lastUsedAt: null,
  distanceMeters: 1200,
  withinBikeDistance: true,
  ...overrides,
});

export const BAG: DraftLine['sku'] = {
  skuCode: 'I2001',
  name: '品牌帆布袋',
  spec: '米白',
  priceCents: 0,
  points: 800,
};
export const MOULD: DraftLine['sku'] = {
  skuCode: 'I2004',
  name: '月饼模具套装',
  spec: '4件套',
  priceCents: 990,
  points: 1500,
};

/** The valet pages of the staff's menu (apps/server/src/db/seed/menu-tree.ts). */
export const VALET_MENUS: MenuNode[] = [
  menuNode('Order', '/order', [
    menuNode('ValetOrderCreate', 'valet-order-create'),
    menuNode('ValetOrders', 'valet-orders'),
    menuNode('valetOrderManagerDetail', 'valet-order-detail'),
    menuNode('robOrderDetail', 'rob-order-detail'),
    menuNode('receivedOrderDetail', 'received-order-detail'),
  ]),
];

export const valetRow = (overrides: Partial<ValetOrderSummary> = {}): ValetOrderSummary => ({
  valetOrderNo: 'VO202611210001',
  kind: 'integral',
  kindText: '积分商城',
  status: 'pending_confirm',
  statusText: '待确认',
  memberName: '王丽华',
  memberPhoneMasked: '137****0021',
  deliveryType: 'pickup',
  deliveryTypeText: '到店自提',
  itemsSummary: '蛋黄酥兑换券×1',
  goodsCents: 0,
  freightCents: 0,
  payCents: 0,
  points: 300,
  omsOrderNo: '',
  createdByName: '独立店员',
  createdAt: '2026-11-21 09:50:00',
  ...overrides,
});

export const valetDetail = (overrides: Partial<ValetOrderDetail> = {}): ValetOrderDetail => ({
  ...valetRow(),
  memberId: 'c0ffee00member0000000000000000007',
  memberNo: 'M100021',
  memberPoints: 1000,
  address: null,
  items: [{ skuCode: 'I2003', name: '蛋黄酥兑换券', quantity: 1, unitCents: 0, points: 300 }],
  discountCents: 0,
  trial: {},
  remark: '',
  confirmedAt: null,
  cancelledAt: null,
  cancelReason: '',
  performancePlanOrderNo: null,
  planStatus: null,
  planStatusText: null,
  takenStoreName: null,
  actions: { confirm: true, cancel: true },
  ...overrides,
});
