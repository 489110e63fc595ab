import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const current = new AsyncLocalStorage<FastifyRequest>();

/**
 * Keeps the request being answered reachable from the code it calls, so that every audit row names its request
 * (id, method, path, parameters, store) without each of the many services passing it down. The hook's `done`
 * runs the rest of the request inside the storage's context (what @fastify/request-context does).
 */
export function registerRequestTrace(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(request, done);
  });
}

/** The request this code runs for, or undefined in a job or at start-up. */
export function currentRequest(): FastifyRequest | undefined {
  return current.getStore();
}

/** The store a call names: its body's or query's `storeCode`, else the `X-Store-Code` header. */
export function storeCodeOf(request: FastifyRequest): string | null {
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object' && 'storeCode' in source) {
      const code = (source as { storeCode: unknown }).storeCode;
      if (typeof code === 'string' && code) return code.slice(0, 32);
    }
  }
  const header = request.headers['x-store-code'];
  return typeof header === 'string' && header ? header.slice(0, 32) : null;
}
