import { FULFILMENT_STATUSES, PLAN_STATUSES } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  assertFulfilmentTransition,
  assertPlanTransition,
  canFulfil,
  canPlan,
  FULFILMENT_TRANSITIONS,
  IllegalTransitionError,
  PLAN_TRANSITIONS,
} from './order-states.js';

describe('order state machine', () => {
  it('lets a plan be grabbed only while it is offered, and taken from the untaken list only once expired', () => {
    expect(PLAN_STATUSES.filter((s) => canPlan('grab', s))).toEqual(['offering']);
    expect(PLAN_STATUSES.filter((s) => canPlan('takeUntaken', s))).toEqual(['expired']);
    expect(PLAN_STATUSES.filter((s) => canPlan('customerCancel', s))).toEqual(['offering', 'expired']);
  });

  it('ships and modifies the address only before shipping; cancels only before shipping', () => {
    expect(FULFILMENT_STATUSES.filter((s) => canFulfil('deliver', s))).toEqual(['wait_ship']);
    expect(FULFILMENT_STATUSES.filter((s) => canFulfil('modifyAddress', s))).toEqual(['wait_ship']);
    expect(FULFILMENT_STATUSES.filter((s) => canFulfil('storeCancel', s))).toEqual(['wait_ship']);
    expect(FULFILMENT_STATUSES.filter((s) => canFulfil('writeOff', s))).toEqual(['wait_ship', 'shipped']);
  });

  it('lets the customer cancel upstream only before shipping, an approved cancel check also once shipped', () => {
    expect(FULFILMENT_STATUSES.filter((s) => canFulfil('customerCancel', s))).toEqual(['wait_ship']);
    expect(FULFILMENT_STATUSES.filter((s) => canFulfil('checkedCancel', s))).toEqual([
      'wait_ship',
      'shipped',
    ]);
    expect(() => assertFulfilmentTransition('checkedCancel', 'completed')).toThrow(
      '该订单已完成，不能再执行此操作',
    );
  });

  it('never leaves a terminal state', () => {
    for (const action of Object.keys(FULFILMENT_TRANSITIONS) as (keyof typeof FULFILMENT_TRANSITIONS)[]) {
      expect(canFulfil(action, 'cancelled')).toBe(false);
    }
    for (const action of Object.keys(PLAN_TRANSITIONS) as (keyof typeof PLAN_TRANSITIONS)[]) {
      expect(canPlan(action, 'taken')).toBe(false);
      expect(canPlan(action, 'cancelled')).toBe(false);
    }
  });

  it('refuses with a 409 and a Chinese reason', () => {
    expect(() => assertPlanTransition('grab', 'taken')).toThrow(IllegalTransitionError);
    expect(() => assertPlanTransition('grab', 'taken')).toThrow('该订单已被其他门店接单');
    expect(() => assertFulfilmentTransition('deliver', 'shipped')).toThrow('该订单已发货，不能再执行此操作');
    expect(() => assertFulfilmentTransition('storeCancel', 'completed')).toThrow(
      expect.objectContaining({ statusCode: 409, errorCode: 'ORDER_STATE_CONFLICT' }),
    );
    expect(() => assertFulfilmentTransition('deliver', 'wait_ship')).not.toThrow();
  });
});
