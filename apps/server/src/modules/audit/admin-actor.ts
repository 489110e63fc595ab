import type { FastifyRequest } from 'fastify';
import { clientOf, type ClientInfo } from '../../http/client.js';
import type { AuthContext } from '../../plugins/request-context.js';

/** Who makes an administrative change and from where: what its audit row records. */
export type AdminActor = { caller: AuthContext; client: ClientInfo };

export function adminActorOf(ctx: { caller: () => AuthContext; request: FastifyRequest }): AdminActor {
  return { caller: ctx.caller(), client: clientOf(ctx.request) };
}
