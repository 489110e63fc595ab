import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.js';
import { callerOf } from '../../plugins/request-context.js';

export const ORDER_PERMISSION_DENIED = '您没有该操作权限';

/** The menu buttons of the order pages (seed/menu-tree.ts) that gate a server action. */
export type OrderPermission =
  | 'order:rob'
  | 'order:take'
  | 'order:ship'
  | 'order:modifyAddress'
  | 'order:modifyCyclePlan'
  | 'order:cancel'
  | 'order:invoice'
  | 'order:writeOff'
  | 'order:export'
  | 'customerIntention:follow'
  | 'cancelCheck:add'
  | 'cancelCheck:setState';

export function hasOrderPermission(request: FastifyRequest, permission: OrderPermission): boolean {
  return callerOf(request).roles.includes(permission);
}

/**
 * preHandler (after `app.authenticate`): the caller's roles carry the permission of the button, as the session
 * lists them (role permissions plus the menu buttons granted to the roles). Otherwise 403.
 */
export function requireOrderPermission(permission: OrderPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!hasOrderPermission(request, permission))
      throw forbidden(ORDER_PERMISSION_DENIED, 'ORDER_PERMISSION_DENIED');
  };
}
