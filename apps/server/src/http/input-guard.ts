import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { badRequest } from './errors.js';

/**
 * PostgreSQL stores no NUL character in text ("invalid byte sequence for encoding UTF8: 0x00"), so a `\u0000` in
 * any string of a request would reach the database and fail there as a 500. Every route gets one more
 * preValidation hook, after its own (the access rule's sign-in check answers first), that refuses the raw input
 * before the schema or any handler sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.preValidation = [...[route.preValidation ?? []].flat(), refuseNulCharacters];
  });
}

const refuseNulCharacters: preValidationHookHandler = async (request: FastifyRequest) => {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [part, value] of Object.entries(parts)) {
    const path = nulCharacterPath(value);
    if (path !== null) throw nulCharacterRefusal(path || part);
  }
};

export const nulCharacterRefusal = (field: string) =>
  badRequest(`参数 ${field} 含有无法保存的空字符（\\u0000），请删除后重试`, 'NUL_CHARACTER');

const MAX_DEPTH = 32;

/**
 * The dotted path of the first string (or object key) holding a NUL character: `''` for the value itself,
 * null when there is none.
 */
export function nulCharacterPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return key.replaceAll('\u0000', '\\u0000');
    const inner = nulCharacterPath(item, depth + 1);
    if (inner !== null) return inner ? `${key}.${inner}` : key;
  }
  return null;
}
