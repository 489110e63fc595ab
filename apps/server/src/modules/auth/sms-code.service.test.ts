import { describe, expect, it } from 'vitest';
import { chinaDayBounds, hashSmsCode, newSmsCode, smsContent } from './sms-code.service.js';

describe('newSmsCode', () => {
  it('is always six digits, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, newSmsCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });
});

describe('hashSmsCode', () => {
  it('is a SHA-256 that depends on phone and purpose', () => {
    const hash = hashSmsCode('13800138000', 'login', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode('13800138001', 'login', '123456')).not.toBe(hash);
    expect(hashSmsCode('13800138000', 'reset', '123456')).not.toBe(hash);
  });

  it('joins what a code is bound to into the salt (a member’s code matches only its own order)', () => {
    const bound = hashSmsCode('13800138000', 'points_redeem', '123456', 'valet_redeem:VO1:2600');
    expect(hashSmsCode('13800138000', 'points_redeem', '123456', 'valet_redeem:VO2:2600')).not.toBe(bound);
    expect(hashSmsCode('13800138000', 'points_redeem', '123456')).not.toBe(bound);
    expect(hashSmsCode('13800138000', 'login', '123456', '')).toBe(
      hashSmsCode('13800138000', 'login', '123456'),
    );
  });
});

describe('chinaDayBounds', () => {
  it('follows midnight in China (UTC+8)', () => {
    expect(chinaDayBounds(new Date('2025-03-01T15:59:59Z'))).toEqual({
      start: new Date('2025-02-28T16:00:00Z'),
      next: new Date('2025-03-01T16:00:00Z'),
    });
    expect(chinaDayBounds(new Date('2025-03-01T16:00:00Z')).start).toEqual(new Date('2025-03-01T16:00:00Z'));
  });
});

describe('smsContent', () => {
  it('writes the Chinese text for each purpose', () => {
    expect(smsContent('login', '012345')).toBe(
      '【门店运营云平台】您的登录验证码为012345，5分钟内有效，请勿泄露。',
    );
    expect(smsContent('reset', '012345')).toBe(
      '【门店运营云平台】您正在找回密码，验证码为012345，5分钟内有效，请勿泄露。',
    );
  });
});
