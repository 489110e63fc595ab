import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVICE_TOKEN_HEADER } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

export const SERVICE_TOKEN_INVALID = '服务令牌无效';

/** Fixed-length digests, so the comparison takes the same time whatever the given token's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

const givenMatches = (request: FastifyRequest, expected: Buffer) => {
  const given = request.headers[SERVICE_TOKEN_HEADER];
  return typeof given === 'string' && timingSafeEqual(digest(given), expected);
};

/**
 * The onRequest check of every `access.service()` route: runs before the body is parsed, so a caller without
 * the token learns nothing about the payload rules. 401 for a missing or wrong token alike.
 */
export function serviceTokenCheck(serviceToken: string) {
  const expected = digest(serviceToken);
  return async (request: FastifyRequest): Promise<void> => {
    if (!givenMatches(request, expected)) throw unauthorized(SERVICE_TOKEN_INVALID, 'SERVICE_TOKEN_INVALID');
  };
}

/**
 * The rate-limit key of a service route: one bucket for the credential wherever its calls come from (an upstream
 * system behind several addresses shares its limit, and its retries cannot use up another source's), the source
 * IP for a call without the right token, so guessing tokens is limited per address.
 */
export function serviceRateLimitKey(serviceToken: string) {
  const expected = digest(serviceToken);
  return (request: FastifyRequest): string =>
    givenMatches(request, expected) ? 'service-credential' : `ip:${request.ip}`;
}
