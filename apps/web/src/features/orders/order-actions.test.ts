import { describe, expect, it } from 'vitest';
import type { OrderActions } from '@console/contract';
import { primaryAction, visibleActions } from './order-actions';

const NONE: OrderActions = {
  deliver: false,
  modifyAddress: false,
  modifyCyclePlan: false,
  cancel: false,
  finishInvoice: false,
  writeOff: false,
};
const allow = (...actions: (keyof OrderActions)[]): OrderActions =>
  Object.fromEntries(
    Object.keys(NONE).map((key) => [key, actions.includes(key as keyof OrderActions)]),
  ) as OrderActions;

const STAFF = ['order:ship', 'order:cancel', 'order:writeOff'];

describe('visibleActions', () => {
  it('shows what is allowed now and permitted, in button order', () => {
    expect(visibleActions(allow('cancel', 'deliver', 'modifyAddress'), STAFF)).toEqual(['deliver', 'cancel']);
  });
  it('shows nothing the order does not allow', () => {
    expect(visibleActions(NONE, STAFF)).toEqual([]);
    expect(visibleActions(NONE, ['admin'])).toEqual([]);
  });
  it('shows every allowed action to admin', () => {
    expect(visibleActions(allow('writeOff', 'finishInvoice', 'modifyCyclePlan'), ['admin'])).toEqual([
      'writeOff',
      'modifyCyclePlan',
      'finishInvoice',
    ]);
  });
  it('puts cancel last: a pickup order offers 核销 before 取消订单', () => {
    expect(visibleActions(allow('cancel', 'writeOff'), STAFF)).toEqual(['writeOff', 'cancel']);
  });
  it('never draws cancel as the primary button', () => {
    expect(primaryAction(['writeOff', 'cancel'])).toBe('writeOff');
    expect(primaryAction(['deliver', 'modifyAddress', 'cancel'])).toBe('deliver');
    expect(primaryAction(['cancel'])).toBeUndefined();
    expect(primaryAction([])).toBeUndefined();
  });
  it('shows nothing to an account with no order permission', () => {
    expect(visibleActions(allow('deliver', 'cancel'), [])).toEqual([]);
  });
});
