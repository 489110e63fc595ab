import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { serverErrors } from '../../db/schema.js';
import { clientOf } from '../../http/client.js';
import type { Clock } from '../../platform/clock.js';
import type { AuditLog } from '../audit/audit-log.js';

/** The action of the audit row a refused state-changing call leaves (操作日志's 失败 rows). */
export const REFUSED_CALL_ACTION = 'request.refused';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The refusal a state-changing call answered, kept for its audit row. */
    refusal: { code: string; message: string } | null;
  }
}

/**
 * A signed-in caller's state-changing call that ended in a 4xx or 5xx leaves a `fail` row in the audit log (a
 * successful one leaves its own row, written in its transaction). Sign-in failures are the login log's.
 */
export function registerRefusedCallLog(app: FastifyInstance, audit: AuditLog): void {
  app.decorateRequest('refusal', null);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isRefusedChange(request, reply.statusCode) || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { errorCode?: unknown; errorMsg?: unknown };
      request.refusal = { code: String(body.errorCode ?? ''), message: String(body.errorMsg ?? '') };
    } catch {
      request.refusal = { code: '', message: '' };
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isRefusedChange(request, reply.statusCode)) return;
    try {
      await audit.record({
        action: REFUSED_CALL_ACTION,
        userId: request.auth?.user.id ?? null,
        target: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        detail: { status: reply.statusCode, ...request.refusal },
        client: clientOf(request),
        result: 'fail',
      });
    } catch (error) {
      request.log.warn({ err: error }, 'refused call not recorded');
    }
  });
}

function isRefusedChange(request: FastifyRequest, status: number): boolean {
  return status >= 400 && request.auth !== null && CHANGING_METHODS.has(request.method);
}

export type ServerErrorLog = (request: FastifyRequest, error: FastifyError) => void;

/** Writes a 5xx into `server_errors` (异常日志) without holding the answer up; a failed write is only logged. */
export function createServerErrorLog(db: Database, clock: Clock): ServerErrorLog {
  return (request, error) => {
    void db
      .insert(serverErrors)
      .values({
        requestId: String(request.id).slice(0, 64),
        method: request.method.slice(0, 8),
        path: (request.routeOptions.url ?? request.url.split('?')[0] ?? '').slice(0, 500),
        status: 500,
        message: (error.message || String(error)).slice(0, 1000),
        stack: (error.stack ?? '').slice(0, 8000),
        userId: request.auth?.user.id ?? null,
        // A request whose client has gone has no address any more.
        ip: (request.ip ?? '').slice(0, 64),
        createdAt: clock(),
      })
      .catch((failure: unknown) => request.log.warn({ err: failure }, 'server error not recorded'));
  };
}
