import { describe, expect, it } from 'vitest';
import { checkUserInfoBodySchema, confirmOpenBodySchema, splitStoreCodes } from './auth-open.js';

describe('splitStoreCodes', () => {
  it('splits on 、 and commas (full and half width), semicolons and spaces, without repeats', () => {
    expect(splitStoreCodes('BJ001、BJ002,BJ003，BJ004; BJ005 BJ001')).toEqual([
      'BJ001',
      'BJ002',
      'BJ003',
      'BJ004',
      'BJ005',
    ]);
    expect(splitStoreCodes(' 、, ')).toEqual([]);
  });
});

describe('checkUserInfoBodySchema', () => {
  it('takes exactly one of work code and phone', () => {
    expect(checkUserInfoBodySchema.safeParse({ workCode: 'W01' }).success).toBe(true);
    expect(checkUserInfoBodySchema.safeParse({ phone: '13800000000' }).success).toBe(true);
    expect(checkUserInfoBodySchema.safeParse({}).error?.issues[0]?.message).toBe(
      '请输入工号或手机号（二选一）',
    );
    expect(checkUserInfoBodySchema.safeParse({ workCode: 'W01', phone: '13800000000' }).success).toBe(false);
    expect(checkUserInfoBodySchema.safeParse({ phone: '1380000' }).error?.issues[0]?.message).toBe(
      '手机号格式不正确',
    );
  });
});

it('confirmOpenBodySchema caps the store list', () => {
  const storeCodes = Array.from({ length: 201 }, (_, i) => `S${i}`);
  expect(confirmOpenBodySchema.safeParse({ userId: 1, storeCodes }).error?.issues[0]?.message).toBe(
    '一次最多开通200家门店',
  );
});
