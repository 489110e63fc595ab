import { describe, expect, it } from 'vitest';
import { shanghaiDateTime, shanghaiStamp, yuanOf } from './export-cells.js';

describe('yuanOf', () => {
  it('turns cents into yuan', () => {
    expect(yuanOf(13_000)).toBe(130);
    expect(yuanOf(12_999)).toBe(129.99);
    expect(yuanOf(1)).toBe(0.01);
    expect(yuanOf(0)).toBe(0);
  });
});

describe('shanghaiDateTime', () => {
  it('writes the Asia/Shanghai wall clock, across the UTC day boundary', () => {
    expect(shanghaiDateTime(new Date('2024-05-31T16:30:05.123Z'))).toBe('2024-06-01 00:30:05');
    expect(shanghaiDateTime(new Date('2024-01-01T00:00:00Z'))).toBe('2024-01-01 08:00:00');
    expect(shanghaiDateTime(null)).toBe('');
  });

  it('stamps file names with digits only', () => {
    expect(shanghaiStamp(new Date('2024-05-31T16:30:05Z'))).toBe('20240601003005');
  });
});
