import { describe, expect, it } from 'vitest';
import { isStorePhone, shopGroupQuerySchema, storeInfoSaveBodySchema } from './stores.js';

describe('store contract', () => {
  it('accepts landlines and mobiles as store phones', () => {
    expect(isStorePhone('010-12345678')).toBe(true);
    expect(isStorePhone('0571-88886666')).toBe(true);
    expect(isStorePhone('13800138000')).toBe(true);
    expect(isStorePhone('12800138000')).toBe(false);
    expect(isStorePhone('010-1234')).toBe(false);
    expect(isStorePhone('88886666')).toBe(false);
  });

  it('defaults the store list page', () => {
    expect(shopGroupQuerySchema.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(shopGroupQuerySchema.safeParse({ pageSize: 51 }).success).toBe(false);
  });

  it('reports the spec messages for the store-info form', () => {
    const result = storeInfoSaveBodySchema.safeParse({ shopCode: 'SD1', shopName: '', shopPhone: '123' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('请选择门店');
    expect(messages).toContain('联系电话格式不正确');
    expect(messages).toContain('请输入详细地址');
  });
});
