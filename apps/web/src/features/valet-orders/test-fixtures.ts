import type { MemberAddress, MemberSummary } from '@console/contract';
import type { DraftLine } from './valet-draft';

export const member = (overrides: Partial<MemberSummary> = {}): MemberSummary => ({
  memberId: 7,
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
  receiverPhone: '13700000021',
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
