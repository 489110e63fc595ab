import { describe, expect, it } from 'vitest';
import { areaPathOf, toAreaOption, withChildren } from './area-options';

describe('areaPathOf', () => {
  it('derives province and city from a county code', () => {
    expect(areaPathOf('110105')).toEqual(['110000', '110100', '110105']);
    expect(areaPathOf('320506')).toEqual(['320000', '320500', '320506']);
  });
  it('refuses what is not a county code', () => {
    expect(areaPathOf('')).toBeNull();
    expect(areaPathOf('110100')).toBeNull();
    expect(areaPathOf('11010')).toBeNull();
  });
});

describe('withChildren', () => {
  it('places children at any depth without touching the input', () => {
    const tree = [{ ...toAreaOption({ code: '110000', name: '北京市', level: 1, leaf: false }) }];
    const cities = [toAreaOption({ code: '110100', name: '市辖区', level: 2, leaf: false })];
    const withCities = withChildren(tree, '110000', cities);
    const counties = [toAreaOption({ code: '110105', name: '朝阳区', level: 3, leaf: true })];
    const full = withChildren(withCities, '110100', counties);
    expect(full[0]?.children?.[0]?.children?.[0]).toEqual({ value: '110105', label: '朝阳区', isLeaf: true });
    expect(tree[0]?.children).toBeUndefined();
  });
});
