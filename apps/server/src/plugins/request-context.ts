import type { SessionUser } from '@console/contract';

/** Who is calling, established from the token only (never from custom headers). */
export type AuthContext = {
  user: SessionUser;
  roles: string[];
  sessionId: number;
  /** Signed in with a one-time password not changed yet: only the caller's own account is open to them. */
  passwordChangeRequired?: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated caller of a route guarded by `app.authenticate`. */
export function callerOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route is missing the authenticate hook');
  return request.auth;
}
