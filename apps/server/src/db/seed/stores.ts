import { countyByCode, isMunicipality, regionText, shortName, type County } from './divisions.js';
import { randomFor } from './prng.js';
import { AREA_PHONE_CODES, STORE_SEEDS, type ShopGroupTitle, type StoreSeed } from './store-data.js';

/** A demo store with everything but the database ids it will point to. */
export type StorePlan = {
  group: ShopGroupTitle;
  shopCode: string;
  shopName: string;
  businessScopeName: string;
  shopPhone: string;
  shopProvinceCode: string;
  shopCityCode: string;
  shopCountyCode: string;
  shopProvinceName: string;
  shopCityName: string;
  shopCountyName: string;
  shopDetailAddress: string;
  shopAddress: string;
  latitude: number;
  longitude: number;
  infoConfirmed: boolean;
  enabled: boolean;
};

/** About ±150 m: enough for realistic-looking coordinates, small enough to stay in the neighbourhood. */
const JITTER_DEGREES = 0.0015;
const MOBILE_PREFIXES = ['135', '136', '137', '186', '188'] as const;

/** Turns the STORE_SEEDS table into store rows; deterministic. */
export function planStores(seeds: readonly StoreSeed[] = STORE_SEEDS): StorePlan[] {
  const perCounty = new Map<string, number>();
  return seeds.map((seed) => {
    const county = countyByCode(seed.county);
    const sequence = (perCounty.get(seed.county) ?? 0) + 1;
    perCounty.set(seed.county, sequence);
    // SD + county code + sequence in the county, e.g. SD11010501.
    const shopCode = `SD${seed.county}${String(sequence).padStart(2, '0')}`;
    const random = randomFor(shopCode);
    const [latitude, longitude] = seed.at
      ? [jitter(seed.at[0], random.next()), jitter(seed.at[1], random.next())]
      : [0, 0];
    return {
      group: seed.group,
      shopCode,
      shopName: seed.name,
      businessScopeName: businessScopeName(county, seed.name),
      shopPhone: seed.mobile
        ? `${random.pick(MOBILE_PREFIXES)}${random.digits(8)}`
        : `${areaCode(county)}-${random.pick(['5', '6', '8'])}${random.digits(7)}`,
      shopProvinceCode: county.provinceCode,
      shopCityCode: county.cityCode,
      shopCountyCode: county.countyCode,
      shopProvinceName: county.provinceName,
      shopCityName: county.cityName,
      shopCountyName: county.countyName,
      shopDetailAddress: seed.street,
      shopAddress: `${regionText(county)}${seed.street}`,
      latitude,
      longitude,
      infoConfirmed: !seed.unconfirmed,
      enabled: !seed.closed,
    };
  });
}

/** 北京朝阳三里屯店, 杭州西湖文三路店; 北京通州万达店 rather than 北京通州通州万达店. */
function businessScopeName(county: County, shopName: string): string {
  const place = shortName(isMunicipality(county) ? county.provinceName : county.cityName);
  const district = shortName(county.countyName);
  return shopName.startsWith(district) ? `${place}${shopName}` : `${place}${district}${shopName}`;
}

function areaCode(county: County): string {
  const code = AREA_PHONE_CODES[county.cityCode];
  if (!code) throw new Error(`no telephone area code for city ${county.cityCode}`);
  return code;
}

function jitter(value: number, unit: number): number {
  return Math.round((value + (unit * 2 - 1) * JITTER_DEGREES) * 1e6) / 1e6;
}
