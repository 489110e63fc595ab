import { PERSONAL_DISCOUNT_MAX_PERCENT } from '@console/contract';

/** Chinese refusals of the valet flows. */
export const VALET_TEXT = {
  notFound: '代客订单不存在',
  concurrentChange: '代客订单已被他人处理，请刷新后重试',
  notEnoughPoints: '会员积分不足',
  noPointsToConfirm: '该代客订单不使用积分，无需会员验证码',
  wrongKind: (kindText: string) => `${kindText}代客单只能选择${kindText}商品`,
  outOfBikeRange: (km: string) => `收货地址超出门店配送范围（${km}公里）`,
  addressUnlocated: '收货地址没有定位，无法门店配送',
  addressRequired: '请选择收货地址',
  discountTooLarge: `优惠金额不能超过商品金额的${PERSONAL_DISCOUNT_MAX_PERCENT}%`,
  trialInvalid: '试算结果无效，请重新试算',
  trialExpired: '试算结果已过期，请重新试算',
  trialOtherStore: '试算结果不属于当前门店，请重新试算',
  priceChanged: '商品价格已变动，请重新试算',
  firstDeliveryTooEarly: '首次配送日期最早为明天',
  firstDeliveryTooLate: (days: number) => `首次配送日期不能晚于${days}天后`,
  notUenjoySku: '请选择优享商品',
};
