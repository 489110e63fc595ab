import type { FulfilmentStatus, PlanStatus } from '@console/contract';
import { AppError } from '../../http/errors.js';

/**
 * The legal transitions of plan orders and performance orders (docs/domain/orders.md). Services check a
 * transition here before the conditional UPDATE that performs it (`where status = <from>`), so a second,
 * concurrent attempt finds no row and answers the same 409.
 */
export const PLAN_TRANSITIONS = {
  grab: { from: ['offering'], to: 'taken' },
  takeUntaken: { from: ['expired'], to: 'taken' },
  expire: { from: ['offering'], to: 'expired' },
  customerCancel: { from: ['offering', 'expired'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly PlanStatus[]; to: PlanStatus }>;

export const FULFILMENT_TRANSITIONS = {
  deliver: { from: ['wait_ship'], to: 'shipped' },
  writeOff: { from: ['wait_ship', 'shipped'], to: 'completed' },
  storeCancel: { from: ['wait_ship'], to: 'cancelled' },
  /** The customer cancelled upstream: the platform refuses once the order left the store. */
  customerCancel: { from: ['wait_ship'], to: 'cancelled' },
  /** Head office approved a cancel check: meant for orders already on their way, never a finished one. */
  checkedCancel: { from: ['wait_ship', 'shipped'], to: 'cancelled' },
  modifyAddress: { from: ['wait_ship'], to: 'wait_ship' },
  modifyCyclePlan: { from: ['wait_ship', 'shipped'], to: null },
  finishInvoice: { from: ['shipped', 'completed'], to: null },
} as const satisfies Record<string, { from: readonly FulfilmentStatus[]; to: FulfilmentStatus | null }>;

export type PlanAction = keyof typeof PLAN_TRANSITIONS;
export type FulfilmentAction = keyof typeof FULFILMENT_TRANSITIONS;

const PLAN_REFUSALS: Record<PlanStatus, string> = {
  offering: '该订单仍在抢单中',
  taken: '该订单已被其他门店接单',
  expired: '该订单抢单已超时',
  cancelled: '该订单已被顾客取消',
};

const FULFILMENT_REFUSALS: Record<FulfilmentStatus, string> = {
  wait_ship: '该订单尚未发货',
  shipped: '该订单已发货，不能再执行此操作',
  completed: '该订单已完成，不能再执行此操作',
  cancelled: '该订单已取消，不能再执行此操作',
};

export class IllegalTransitionError extends AppError {
  constructor(message: string) {
    super(409, 'ORDER_STATE_CONFLICT', message);
  }
}

export function canPlan(action: PlanAction, status: PlanStatus): boolean {
  return (PLAN_TRANSITIONS[action].from as readonly PlanStatus[]).includes(status);
}

export function canFulfil(action: FulfilmentAction, status: FulfilmentStatus): boolean {
  return (FULFILMENT_TRANSITIONS[action].from as readonly FulfilmentStatus[]).includes(status);
}

/** Throws the 409 a person understands when `action` is not allowed from `status`. */
export function assertPlanTransition(action: PlanAction, status: PlanStatus): void {
  if (!canPlan(action, status)) throw new IllegalTransitionError(PLAN_REFUSALS[status]);
}

export function assertFulfilmentTransition(action: FulfilmentAction, status: FulfilmentStatus): void {
  if (!canFulfil(action, status)) throw new IllegalTransitionError(FULFILMENT_REFUSALS[status]);
}
