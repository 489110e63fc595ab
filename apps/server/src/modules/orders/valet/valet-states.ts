import type { ValetStatus } from '@console/contract';
import { IllegalTransitionError } from '../order-states.js';

/**
 * Valet orders: `pending_confirm → confirmed` (the OMS order is created and offered) or `→ cancelled` (staff);
 * `confirmed → cancelled` only by the customer's cancellation upstream (valet-notices.ts).
 */
export const VALET_TRANSITIONS = {
  confirm: { from: ['pending_confirm'], to: 'confirmed' },
  cancel: { from: ['pending_confirm'], to: 'cancelled' },
  customerCancel: { from: ['confirmed'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly ValetStatus[]; to: ValetStatus }>;

export type ValetAction = keyof typeof VALET_TRANSITIONS;

const VALET_REFUSALS: Record<ValetStatus, string> = {
  pending_confirm: '该代客订单尚未确认',
  confirmed: '该代客订单已确认，不能再执行此操作',
  cancelled: '该代客订单已取消，不能再执行此操作',
};

export const canValet = (action: ValetAction, status: ValetStatus): boolean =>
  (VALET_TRANSITIONS[action].from as readonly ValetStatus[]).includes(status);

export function assertValetTransition(action: ValetAction, status: ValetStatus): void {
  if (!canValet(action, status)) throw new IllegalTransitionError(VALET_REFUSALS[status]);
}
