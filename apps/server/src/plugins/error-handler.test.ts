import { describe, expect, it } from 'vitest';
import { validationMessage } from './error-handler.js';

describe('validationMessage', () => {
  it("keeps the schema's Chinese message", () => {
    expect(validationMessage({ instancePath: '/phone', message: '请输入正确的手机号' })).toBe(
      '请输入正确的手机号',
    );
  });

  it('names a missing field', () => {
    expect(
      validationMessage({
        instancePath: '/username',
        message: 'Invalid input: expected string, received undefined',
      }),
    ).toBe('缺少参数 username');
  });

  it('names a malformed nested field', () => {
    expect(
      validationMessage({
        instancePath: '/items/0/count',
        message: 'Invalid input: expected number, received string',
      }),
    ).toBe('参数 items.0.count 格式不正确');
  });

  it('speaks of the whole request when no field is at fault', () => {
    expect(
      validationMessage({ instancePath: '/', message: 'Invalid input: expected object, received array' }),
    ).toBe('请求参数格式不正确');
    expect(validationMessage(undefined)).toBe('请求参数格式不正确');
  });
});
