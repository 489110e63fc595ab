import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVICE_TOKEN_HEADER } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../../http/errors.js';
import { IM_TEXT } from '../../im/im.messages.js';

/** Fixed-length digests, so the comparison takes the same time whatever the given token's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * onRequest hook of the integration endpoints (as `/api/im/publish`): runs before the body is parsed, so a
 * caller without the token learns nothing about the payload rules.
 */
export function requireServiceToken(serviceToken: string) {
  const expected = digest(serviceToken);
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers[SERVICE_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected))
      throw unauthorized(IM_TEXT.tokenInvalid, 'SERVICE_TOKEN_INVALID');
  };
}
