import { STORE_CODE_HEADER } from '@console/contract';
import type { FastifyRequest } from 'fastify';

/** The store code of a request: the route's body or query field, else the `X-Store-Code` header. */
export function storeCodeOf(request: FastifyRequest, field: string | null): string | null {
  const fromObject = (source: unknown): unknown =>
    field && source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
  const candidates = [
    fromObject(request.body),
    fromObject(request.query),
    request.headers[STORE_CODE_HEADER],
  ];
  for (const value of candidates) {
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}
