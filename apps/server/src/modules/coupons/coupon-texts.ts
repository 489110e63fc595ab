import { COUPON_CANCEL_WINDOW_HOURS } from '@console/contract';

/** The Chinese refusals of the coupon calls (docs/domain/coupons.md). */
export const COUPON_TEXT = {
  couponNotFound: '优惠券不存在',
  exchangeNotFound: '兑换记录不存在',
  disabled: '优惠券已停用',
  notForPoints: '该优惠券不能用积分兑换',
  outsideWindow: '不在优惠券兑换时间内',
  soldOut: '优惠券已兑完',
  storeNotInScope: '本门店不能兑换该优惠券',
  memberLimit: (limit: number) => `每位会员最多兑换${limit}张该优惠券`,
  pointsShort: '会员积分不足',
  exchangeNoTaken: '兑换单号已使用，请重新打开兑换窗口',
  onlyUnusedCancel: '只有未使用的优惠券可以撤销',
  cancelTooLate: `兑换超过${COUPON_CANCEL_WINDOW_HOURS}小时，不能撤销`,
  changed: '兑换记录已被他人修改，请刷新后重试',
  unknownStores: (codes: string[]) => `门店不存在：${codes.slice(0, 5).join('、')}`,
  unknownSkus: (codes: string[]) => `商品不存在：${codes.slice(0, 5).join('、')}`,
  stockBelowExchanged: (n: number) => `库存不能少于已兑换数量${n}`,
} as const;
