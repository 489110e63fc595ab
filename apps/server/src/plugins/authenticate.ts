import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-types.js';
import { unauthorized } from '../http/errors.js';
import { createSessionService } from '../modules/auth/session.service.js';
import './request-context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: rejects with 401 unless the request carries a live session token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The token travels as `Authorization: Bearer <token>` and as `externalToken: <token>` (spec 7.1). */
export function tokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim()) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    return match?.[1] ?? authorization.trim();
  }
  const external = request.headers.externaltoken;
  return typeof external === 'string' && external.trim() ? external.trim() : null;
}

export function registerAuthentication(app: FastifyInstance, { db, clock }: AppDeps): void {
  const sessions = createSessionService(db, clock);
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized('请先登录');
    const auth = await sessions.resolve(token);
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}
