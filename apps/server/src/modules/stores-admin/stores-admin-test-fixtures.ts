/** A valid 开店 / 编辑 form in `shopGroupId`: 朝阳区, Beijing; `extra` replaces or adds fields. */
export const storeFormIn = (shopGroupId: number, extra: Record<string, unknown> = {}) => ({
  shopName: '国贸店',
  businessScopeName: '北京朝阳国贸店',
  shopGroupId,
  shopPhone: '010-65051234',
  shopProvinceCode: '110000',
  shopCityCode: '110100',
  shopCountyCode: '110105',
  shopDetailAddress: '建国门外大街1号',
  latitude: 39.9087,
  longitude: 116.4599,
  ...extra,
});
