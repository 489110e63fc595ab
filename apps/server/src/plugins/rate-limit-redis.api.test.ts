import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../platform/redis.js';
import { testRedisUrl } from '../test/external-services.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const redisUrl = testRedisUrl();

/** Two instances behind a load balancer share one per-IP budget through Redis. */
describe.skipIf(!redisUrl)('per-IP rate limit shared through Redis', () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = openRedis(redisUrl ?? '');
    first = await createTestApp({}, { redis });
    second = await createTestApp({}, { redis });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.disconnect();
  });

  it('counts requests of both instances against one limit', async () => {
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const app = i % 2 === 0 ? first.app : second.app;
      const response = await app.inject({ method: 'GET', url: '/auth/code', remoteAddress });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);

    const refused = await second.app.inject({ method: 'GET', url: '/auth/code', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({
      result: expect.any(Number),
      errorMsg: expect.stringMatching(/频繁/),
    });
  });
});
