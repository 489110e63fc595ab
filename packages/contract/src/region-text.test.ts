import { describe, expect, it } from 'vitest';
import { areaNamesAsWritten, regionAsWritten } from './region-text.js';

describe('regions as people write them', () => {
  it('leaves out the placeholder levels of the division table', () => {
    expect(regionAsWritten('北京市/市辖区/大兴区')).toBe('北京市大兴区');
    expect(regionAsWritten('北京市市辖区大兴区')).toBe('北京市大兴区');
    expect(regionAsWritten('海南省 省直辖县级行政区划 琼海市')).toBe('海南省琼海市');
    expect(areaNamesAsWritten(['重庆市', '县', '城口县'])).toEqual(['重庆市', '城口县']);
  });

  it('says a municipality once and keeps real names whole', () => {
    expect(regionAsWritten('北京市 北京市 朝阳区')).toBe('北京市朝阳区');
    expect(regionAsWritten('浙江省杭州市西湖区')).toBe('浙江省杭州市西湖区');
    expect(regionAsWritten('重庆市城口县')).toBe('重庆市城口县');
    expect(regionAsWritten('')).toBe('');
    expect(regionAsWritten(null)).toBe('');
  });
});
