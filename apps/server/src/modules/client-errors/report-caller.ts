import type { FastifyRequest } from 'fastify';
import { tokenOf } from '../../plugins/authenticate.js';
import { TOKEN_COOKIE } from '../auth/report-cookie.js';
import type { SessionService } from '../auth/session.service.js';

export function tokenCookieOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== TOKEN_COOKIE) continue;
    try {
      const value = decodeURIComponent(part.slice(separator + 1).trim());
      return value || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Optional authentication: the user behind the header token or the token cookie, or null for anyone else.
 * An unknown or expired token is not an error here — a report from a dead session still matters.
 */
export async function reportingUserId(
  request: FastifyRequest,
  sessions: Pick<SessionService, 'resolve'>,
): Promise<number | null> {
  const token = tokenOf(request) ?? tokenCookieOf(request.headers.cookie);
  if (!token) return null;
  const auth = await sessions.resolve(token);
  return auth?.user.id ?? null;
}
