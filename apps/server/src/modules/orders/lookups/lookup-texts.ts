/** Chinese refusals of the valet lookups. */
export const LOOKUP_TEXT = {
  memberNotFound: '会员不存在',
  memberLookupsTooFast: '会员查询过于频繁，请1分钟后再试',
  addressNotFound: '收货地址不存在',
  countyNotFound: '区县不存在，请重新选择',
  storeNotFound: '门店不存在',
  skuNotFound: '商品不存在',
};
