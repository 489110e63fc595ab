import { describe, expect, it } from 'vitest';
import { address, BAG, member, MOULD } from './test-fixtures';
import {
  blockingStep,
  draftReducer,
  emptyDraft,
  integralTrial,
  isDirty,
  stepError,
  type ValetDraft,
} from './valet-draft';

const withMember = (): ValetDraft => draftReducer(emptyDraft(), { type: 'member', member: member() });

describe('valet draft', () => {
  it('needs a member before anything else', () => {
    expect(stepError(emptyDraft(), 0)).toBe('请选择会员');
    expect(blockingStep(emptyDraft(), 3)).toBe(0);
    expect(stepError(withMember(), 0)).toBeNull();
  });

  it('needs an address unless the customer picks up, and one within the bike distance for store delivery', () => {
    let draft = withMember();
    expect(stepError(draft, 1)).toBeNull();
    draft = draftReducer(draft, { type: 'delivery', deliveryType: 'express' });
    expect(stepError(draft, 1)).toBe('请选择收货地址');
    draft = draftReducer(draft, { type: 'address', address: address({ withinBikeDistance: false }) });
    expect(stepError(draft, 1)).toBeNull();
    draft = draftReducer(draft, { type: 'delivery', deliveryType: 'store_delivery' });
    expect(stepError(draft, 1)).toBe('超出门店配送范围');
  });

  it('keeps a basket per kind, merges quantities and drops a line set to zero', () => {
    let draft = withMember();
    draft = draftReducer(draft, { type: 'quantity', kind: 'integral', sku: BAG, quantity: 1 });
    draft = draftReducer(draft, { type: 'quantity', kind: 'integral', sku: BAG, quantity: 3 });
    draft = draftReducer(draft, { type: 'quantity', kind: 'integral', sku: MOULD, quantity: 500 });
    expect(draft.lines.integral.map((l) => [l.sku.skuCode, l.quantity])).toEqual([
      ['I2001', 3],
      ['I2004', 99],
    ]);
    draft = draftReducer(draft, { type: 'kind', kind: 'uenjoy' });
    expect(stepError(draft, 2)).toBe('请选择商品');
    draft = draftReducer(draft, { type: 'kind', kind: 'integral' });
    draft = draftReducer(draft, { type: 'quantity', kind: 'integral', sku: BAG, quantity: 0 });
    expect(draft.lines.integral.map((l) => l.sku.skuCode)).toEqual(['I2004']);
  });

  it('refuses the trial step when the member has too few points', () => {
    let draft = draftReducer(withMember(), { type: 'quantity', kind: 'integral', sku: BAG, quantity: 1 });
    expect(stepError(draft, 3)).toBeNull();
    draft = draftReducer(draft, { type: 'quantity', kind: 'integral', sku: BAG, quantity: 2 });
    expect(stepError(draft, 3)).toBe('会员积分不足');
    expect(blockingStep(draft, 4)).toBe(3);
  });

  it('voids the uEnjoy trial when the member, delivery or basket changes', () => {
    const trial = { trialId: 't1' } as NonNullable<ValetDraft['trial']>;
    let draft = draftReducer({ ...withMember(), kind: 'uenjoy' }, { type: 'trial', trial });
    expect(stepError(draft, 3)).toBeNull();
    draft = draftReducer(draft, { type: 'delivery', deliveryType: 'express' });
    expect(draft.trial).toBeNull();
    expect(stepError(draft, 3)).toBe('请先试算价格');
    draft = draftReducer(
      { ...draft, trial },
      { type: 'member', member: member({ memberId: 'c0ffee00member0000000000000000008' }) },
    );
    expect(draft.trial).toBeNull();
  });

  it('keeps the address when the same member is picked again, drops it for another one', () => {
    let draft = draftReducer(withMember(), { type: 'address', address: address() });
    draft = draftReducer(draft, { type: 'member', member: member() });
    expect(draft.address?.addressId).toBe(31);
    draft = draftReducer(draft, {
      type: 'member',
      member: member({ memberId: 'c0ffee00member0000000000000000009' }),
    });
    expect(draft.address).toBeNull();
  });

  it('is dirty once something is chosen, and no longer once the order is submitted', () => {
    expect(isDirty(emptyDraft())).toBe(false);
    const draft = withMember();
    expect(isDirty(draft)).toBe(true);
    const created = {
      valetOrderNo: 'VO1',
      status: 'pending_confirm' as const,
      omsOrderNo: '',
      performancePlanOrderNo: null,
      candidateStoreCodes: [],
    };
    expect(isDirty(draftReducer(draft, { type: 'created', result: created }))).toBe(false);
  });

  it('prices the points mall from the SKUs: points, cash part, free shipping', () => {
    const trial = integralTrial(
      [
        { sku: BAG, quantity: 2 },
        { sku: MOULD, quantity: 1 },
      ],
      3000,
    );
    expect(trial).toEqual({
      goodsCents: 990,
      freightCents: 0,
      discountCents: 0,
      payCents: 990,
      points: 3100,
      memberPoints: 3000,
      remainingPoints: -100,
      pointsShort: true,
    });
  });
});
