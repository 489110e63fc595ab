import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_AGE_MS, passwordStatusOf } from './password-status.js';

const now = new Date('2025-06-01T00:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('passwordStatusOf', () => {
  it('asks nothing of a recent password', () => {
    expect(passwordStatusOf({ mustChangePassword: false, passwordChangedAt: ago(1000) }, now)).toEqual({
      mustChange: false,
      reason: null,
    });
  });

  it('accepts a password exactly 90 days old and expires it a moment later', () => {
    expect(
      passwordStatusOf({ mustChangePassword: false, passwordChangedAt: ago(PASSWORD_MAX_AGE_MS) }, now)
        .mustChange,
    ).toBe(false);
    expect(
      passwordStatusOf({ mustChangePassword: false, passwordChangedAt: ago(PASSWORD_MAX_AGE_MS + 1) }, now),
    ).toEqual({
      mustChange: true,
      reason: 'expired',
    });
  });

  it('puts an initial password before its age', () => {
    expect(
      passwordStatusOf({ mustChangePassword: true, passwordChangedAt: ago(PASSWORD_MAX_AGE_MS * 2) }, now),
    ).toEqual({
      mustChange: true,
      reason: 'initial',
    });
  });
});
