import type { OrderActions } from '@console/contract';
import { hasPermission } from '../../lib/permission';

export type OrderAction = keyof OrderActions;

/** The actions of a received order, in the order their buttons appear. */
export const ORDER_ACTIONS: readonly OrderAction[] = [
  'deliver',
  'modifyAddress',
  'modifyCyclePlan',
  'cancel',
  'finishInvoice',
  'writeOff',
];

/** The menu button permission each action needs (apps/server/src/db/seed/menu-tree.ts). */
export const ACTION_PERMISSION: Record<OrderAction, string> = {
  deliver: 'order:ship',
  modifyAddress: 'order:modifyAddress',
  modifyCyclePlan: 'order:modifyCyclePlan',
  cancel: 'order:cancel',
  finishInvoice: 'order:invoice',
  writeOff: 'order:writeOff',
};

/**
 * The buttons to show: an action the detail says is allowed now (its state and the caller's permissions), for a
 * user whose session holds the permission too, so a stale detail after a role change shows no dead button.
 */
export function visibleActions(allowed: Partial<OrderActions>, roles: readonly string[]): OrderAction[] {
  return ORDER_ACTIONS.filter(
    (action) => allowed[action] === true && hasPermission(roles, [ACTION_PERMISSION[action]]),
  );
}
