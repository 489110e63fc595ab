import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../platform/redis.js';
import { testRedisUrl } from '../test/external-services.js';
import { startPrivateRedis, type PrivateRedis } from '../test/server-process.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const redisUrl = testRedisUrl();

/** Two instances behind a load balancer share one per-IP budget through Redis. */
describe.skipIf(!redisUrl)('per-IP rate limit shared through Redis', () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = openRedis(redisUrl ?? '');
    // This block is about sharing the count, not about stalls: a loaded CI machine must not trip the 50 ms
    // deadline and have an instance count alone for a moment (the next block covers that).
    const patientGuard = { redisCommandDeadlineMs: 2_000 };
    first = await createTestApp(patientGuard, { redis });
    second = await createTestApp(patientGuard, { redis });
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

/**
 * A stalled Redis (ADR 0004): the limit counts in the instance's memory instead, so it still applies and nobody
 * waits for Redis. A redis-server of this block alone, since a pause would stall every user of the shared one.
 */
describe.skipIf(!redisUrl)('per-IP rate limit while Redis stalls', () => {
  let own: PrivateRedis;
  let redis: Redis;
  let admin: Redis;
  let t: TestApp;

  beforeAll(async () => {
    own = await startPrivateRedis();
    redis = openRedis(own.url);
    admin = openRedis(own.url);
    t = await createTestApp({}, { redis });
  });

  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    admin?.disconnect();
    await own?.stop();
  });

  it('still refuses the 61st request of a minute, and answers every one without waiting for Redis', async () => {
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    expect(await admin.call('CLIENT', 'PAUSE', '5000', 'ALL')).toBe('OK');
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 61; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/auth/code', remoteAddress });
      statuses.push(response.statusCode);
    }
    // 61 requests in far less than the pause: only the first waited, for the deadline.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
