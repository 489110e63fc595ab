import { describe, expect, it } from 'vitest';
import { STORE_LABELS, storeLabel } from './labels';

const store = { frontTitle: '华北一区', businessScopeName: '便利店', addressId: 'BJ001' };

describe('store labels', () => {
  it('names a store frontTitle-businessScopeName-addressId', () => {
    expect(storeLabel(store)).toBe('华北一区-便利店-BJ001');
    expect(storeLabel({ addressId: 'BJ001' })).toBe('BJ001');
  });

  it('asks to confirm a switch on 首页 (spec 5)', () => {
    expect(STORE_LABELS.switchConfirm(store, true)).toBe(
      '您将切换到门店【华北一区-便利店-BJ001】，是否确认？',
    );
  });

  it('adds the return to 首页 elsewhere (spec 5)', () => {
    expect(STORE_LABELS.switchConfirm(store, false)).toBe(
      '您将切换到门店【华北一区-便利店-BJ001】，并返回首页，是否确认？',
    );
  });
});
