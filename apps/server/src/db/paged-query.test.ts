import { describe, expect, it } from 'vitest';
import { decodeKeyset, encodeKeyset } from './paged-query.js';

describe('keyset cursors', () => {
  const kinds = ['timestamptz', 'date', 'id', 'text'] as const;
  const values = ['2026-11-28T03:04:05.123456Z', 'infinity', 42, 'mooncake'];

  it('gives back the key values it was made of', () => {
    expect(decodeKeyset(encodeKeyset(values), kinds)).toEqual(values);
  });

  it('refuses what it did not issue: not JSON, the wrong length, a value of the wrong kind', () => {
    const bad = [
      'not-a-cursor',
      encodeKeyset(values.slice(0, 3)),
      encodeKeyset(['2026-11-28 03:04:05', 'infinity', 42, 'x']),
      encodeKeyset([values[0], '2026-13-45x', 42, 'x']),
      encodeKeyset([values[0], '2026-02-30', 42, 'x']),
      encodeKeyset(['2026-02-30T03:04:05.123456Z', 'infinity', 42, 'x']),
      encodeKeyset([values[0], '2026-11-28', -1, 'x']),
      encodeKeyset([values[0], '2026-11-28', 1.5, 'x']),
      encodeKeyset([values[0], '2026-11-28', 1, 'x'.repeat(65)]),
      encodeKeyset([values[0], '2026-11-28', '1', 'x']),
    ];
    for (const cursor of bad) expect(decodeKeyset(cursor, kinds)).toBeNull();
  });
});
