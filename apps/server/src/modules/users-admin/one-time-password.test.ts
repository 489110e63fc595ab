import { isStrongPassword } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { newOneTimePassword, ONE_TIME_PASSWORD_LENGTH } from './one-time-password.js';

describe('newOneTimePassword', () => {
  it('is strong, of its length, without look-alike characters, and different every time', () => {
    const passwords = Array.from({ length: 200 }, newOneTimePassword);
    for (const password of passwords) {
      expect(password).toHaveLength(ONE_TIME_PASSWORD_LENGTH);
      expect(isStrongPassword(password)).toBe(true);
      expect(password).not.toMatch(/[0O1lI]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
