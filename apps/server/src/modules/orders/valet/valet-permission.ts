import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../http/errors.js';
import { callerOf } from '../../../plugins/request-context.js';
import { ORDER_PERMISSION_DENIED } from '../order-permission.js';

/** The menu buttons of the valet pages (seed/menu-tree.ts). */
export type ValetPermission = 'valetOrder:create' | 'valetOrder:confirm' | 'valetOrder:cancel';

export const hasValetPermission = (request: FastifyRequest, permission: ValetPermission): boolean =>
  callerOf(request).roles.includes(permission);

/** preHandler (after authentication and the store scope): 403 without the button's permission. */
export function requireValetPermission(permission: ValetPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!hasValetPermission(request, permission))
      throw forbidden(ORDER_PERMISSION_DENIED, 'ORDER_PERMISSION_DENIED');
  };
}
