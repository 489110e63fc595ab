import type { OrderActions } from '@console/contract';
import { hasPermission } from '../../lib/permission';

export type OrderAction = keyof OrderActions;

/** The actions of a received order, in the order their buttons appear: the destructive cancel comes last. */
export const ORDER_ACTIONS: readonly OrderAction[] = [
  'deliver',
  'writeOff',
  'modifyAddress',
  'modifyCyclePlan',
  'finishInvoice',
  'cancel',
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

/** The button drawn as primary: the first shown, unless it is cancel (a pickup order's only other action). */
export function primaryAction(actions: readonly OrderAction[]): OrderAction | undefined {
  return actions.find((action) => action !== 'cancel');
}

/**
 * The buttons to show: an action the detail says is allowed now (its state and the caller's permissions), for a
 * user whose session holds the permission too, so a stale detail after a role change shows no dead button.
 */
export function visibleActions(allowed: Partial<OrderActions>, roles: readonly string[]): OrderAction[] {
  return ORDER_ACTIONS.filter(
    (action) => allowed[action] === true && hasPermission(roles, [ACTION_PERMISSION[action]]),
  );
}
