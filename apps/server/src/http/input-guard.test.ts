import { describe, expect, it } from 'vitest';
import { nulCharacterPath } from './input-guard.js';

describe('nulCharacterPath', () => {
  it('finds the first NUL character and names where it is', () => {
    expect(nulCharacterPath('a\u0000')).toBe('');
    expect(nulCharacterPath({ keyword: 'a\u0000' })).toBe('keyword');
    expect(nulCharacterPath({ items: [{ name: 'ok' }, { name: '\u0000' }] })).toBe('items.1.name');
    expect(nulCharacterPath({ ['k\u0000']: 1 })).toBe('k\\u0000');
  });

  it('passes everything else', () => {
    for (const value of [
      '',
      '亦庄',
      1,
      null,
      undefined,
      true,
      [],
      {},
      { a: ['b', { c: 'd' }] },
      Buffer.from([0]),
    ])
      expect(nulCharacterPath(value)).toBeNull();
  });

  it('stops at a depth no request reaches instead of recursing without end', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(nulCharacterPath(deep)).toBeNull();
  });
});
