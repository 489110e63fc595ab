import { describe, expect, it } from 'vitest';
import { MASKED, maskPhones, maskSecrets } from './audit-log.js';

describe('maskSecrets', () => {
  it('masks passwords, tokens, hashes, tickets and codes at any depth', () => {
    expect(
      maskSecrets({
        password: 'Store#2024ok',
        newPassword: 'Other#2024ok',
        passwordHash: '$argon2id$…',
        token: 'abc',
        serviceToken: 'def',
        ticket: 'T1',
        code: '123456',
        smsCode: '654321',
        nested: [{ secret: 's', apiSecret: 'k' }],
      }),
    ).toEqual({
      password: MASKED,
      newPassword: MASKED,
      passwordHash: MASKED,
      token: MASKED,
      serviceToken: MASKED,
      ticket: MASKED,
      code: MASKED,
      smsCode: MASKED,
      nested: [{ secret: MASKED, apiSecret: MASKED }],
    });
  });

  it('keeps codes that name things, and leaves absent values absent', () => {
    const state = { storeCode: 'A1', shopCode: 'B2', workCode: 'W3', storeCodes: ['A1'], status: 'pending' };
    expect(maskSecrets(state)).toEqual(state);
    expect(maskSecrets({ password: null, token: undefined })).toEqual({ password: null, token: undefined });
  });

  it('keeps a parsed __proto__ key as a key of the copy, for both masks', () => {
    const parsed = JSON.parse('{"__proto__": {"token": "t", "phone": "13912345678"}, "a": 1}') as object;
    for (const masked of [maskSecrets(parsed), maskPhones(parsed)]) {
      expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
      expect(Object.keys(masked as object)).toEqual(['__proto__', 'a']);
    }
    expect(JSON.stringify(maskPhones(maskSecrets(parsed)))).toBe(
      `{"__proto__":{"token":"${MASKED}","phone":"139****5678"},"a":1}`,
    );
  });

  it('writes dates as ISO strings and leaves scalars alone', () => {
    expect(maskSecrets({ at: new Date('2026-01-02T03:04:05Z') })).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    expect(maskSecrets(null)).toBeNull();
    expect(maskSecrets('x')).toBe('x');
  });
});

describe('maskPhones', () => {
  it('masks every mainland mobile number in the texts, at any depth, and leaves other numbers', () => {
    expect(
      maskPhones({
        query: { keywords: '13562388184', storeCode: 'SD0001' },
        body: {
          receiver: { phone: '13900005678' },
          note: '联系13800000001或13800000002',
          orderNo: 'VO20261128123456000001',
        },
        list: ['18612345678', 12_345_678_901],
      }),
    ).toEqual({
      query: { keywords: '135****8184', storeCode: 'SD0001' },
      body: {
        receiver: { phone: '139****5678' },
        note: '联系138****0001或138****0002',
        orderNo: 'VO20261128123456000001',
      },
      list: ['186****5678', 12_345_678_901],
    });
  });
});
