import { describe, expect, it } from 'vitest';
import { likeContains, likeLiteral } from './like-pattern.js';

describe('LIKE patterns', () => {
  it('makes %, _ and \\ match themselves', () => {
    expect(likeLiteral('50%_a\\')).toBe('50\\%\\_a\\\\');
    expect(likeContains('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});
