import { describe, expect, it } from 'vitest';
import { intArrayLiteral, textArrayLiteral } from './array-literal.js';

describe('array literals', () => {
  it('quotes every text, with its quotes and backslashes escaped', () => {
    expect(textArrayLiteral([])).toBe('{}');
    expect(textArrayLiteral(['a', 'b,c', 'say "hi"', 'back\\slash', '门店 1', 'NULL'])).toBe(
      '{"a","b,c","say \\"hi\\"","back\\\\slash","门店 1","NULL"}',
    );
  });

  it('writes a null as NULL, apart from the text "NULL"', () => {
    expect(textArrayLiteral(['a', null, 'NULL'])).toBe('{"a",NULL,"NULL"}');
  });

  it('takes integers only', () => {
    expect(intArrayLiteral([1, 22, 333])).toBe('{1,22,333}');
    expect(() => intArrayLiteral([1.5])).toThrow('integers only');
  });
});
