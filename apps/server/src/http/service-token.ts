import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVICE_TOKEN_HEADER } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

export const SERVICE_TOKEN_INVALID = '服务令牌无效';

/** Fixed-length digests, so the comparison takes the same time whatever the given token's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The onRequest check of every `access.service()` route: runs before the body is parsed, so a caller without
 * the token learns nothing about the payload rules. 401 for a missing or wrong token alike.
 */
export function serviceTokenCheck(serviceToken: string) {
  const expected = digest(serviceToken);
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers[SERVICE_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected))
      throw unauthorized(SERVICE_TOKEN_INVALID, 'SERVICE_TOKEN_INVALID');
  };
}
