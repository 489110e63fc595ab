import { describe, expect, it } from 'vitest';
import { isWellFormedToken, newToken, sha256 } from './token.js';

describe('tokens', () => {
  it('carry 256 random bits as 43 base64url characters', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
  });

  it.each([
    '',
    'Bearer',
    '../../x',
    'a'.repeat(42),
    'a'.repeat(44),
    `${'a'.repeat(42)}=`,
    'x'.repeat(10_000),
  ])('refuses the malformed token %j', (token) => {
    expect(isWellFormedToken(token)).toBe(false);
  });

  it('are stored as a hex SHA-256', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
