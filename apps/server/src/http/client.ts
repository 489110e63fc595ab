import type { FastifyRequest } from 'fastify';

/** What an audit row records of the request it was written for (modules/audit/audit-log.ts `requestRecordOf`). */
export type TracedRequest = Pick<
  FastifyRequest,
  'id' | 'method' | 'url' | 'routeOptions' | 'headers' | 'query' | 'body'
>;

/**
 * Where a request came from, for sessions, limits and the audit log. `request` travels with it so that an audit
 * row names its request; it is null for work no request asked for (jobs, start-up, demo traffic).
 */
export type ClientInfo = { ip: string; userAgent: string; request: TracedRequest | null };

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : '', request };
}

/** A caller no request stands behind: a job, the start-up, the demo traffic. */
export function internalClient(ip: string): ClientInfo {
  return { ip, userAgent: '', request: null };
}
