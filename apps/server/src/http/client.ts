import type { FastifyRequest } from 'fastify';

/** Where a request came from, for sessions, limits and the audit log. */
export type ClientInfo = { ip: string; userAgent: string };

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : '' };
}
