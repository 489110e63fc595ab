import { areaNamesAsWritten, type CnArea } from '@console/contract';
import type { ReactNode } from 'react';

/** A cascader option for an area; children load on demand. */
export type AreaOption = { value: string; label: string; isLeaf: boolean; children?: AreaOption[] };

export const toAreaOption = (area: CnArea): AreaOption => ({
  value: area.code,
  label: area.name,
  isLeaf: area.leaf,
});

/**
 * A chosen area path as people write it, for a cascader's `displayRender`: 北京市 / 海淀区, not the table's
 * 北京市 / 市辖区 / 海淀区 (the dropdown keeps the table's levels to choose from).
 */
export const areaPathDisplay = (labels: ReactNode[]): string =>
  areaNamesAsWritten(labels.map(String)).join(' / ');

/** The province and city codes above a 6-digit county code (GB/T 2260): 110105 → [110000, 110100, 110105]. */
export function areaPathOf(countyCode: string): [string, string, string] | null {
  if (!/^\d{6}$/.test(countyCode) || countyCode.endsWith('00')) return null;
  return [`${countyCode.slice(0, 2)}0000`, `${countyCode.slice(0, 4)}00`, countyCode];
}

/** Puts `children` under the option with `code`, anywhere in the tree; returns a new tree. */
export function withChildren(
  options: readonly AreaOption[],
  code: string,
  children: AreaOption[],
): AreaOption[] {
  return options.map((option) => {
    if (option.value === code) return { ...option, children };
    if (option.children) return { ...option, children: withChildren(option.children, code, children) };
    return option;
  });
}
