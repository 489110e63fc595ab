import { MONITOR_PATHS, type RedisMonitor } from '@console/contract';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../platform/redis.js';
import { testRedisUrl } from '../../test/external-services.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const redisUrl = testRedisUrl();

/** Redis监控 against a real Redis: its INFO read and shown. */
describe.skipIf(!redisUrl)('Redis监控 with REDIS_URL', () => {
  let redis: Redis;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    redis = openRedis(redisUrl ?? '');
    t = await createTestApp({}, { redis });
    token = await signIn(t.app, await createUser(t.db, { roles: ['admin', 'redis:list'] }));
  });

  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
  });

  it('answers the version, memory, clients, hit rate and keys per database', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: MONITOR_PATHS.redis,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const monitor = response.json().data as RedisMonitor;
    if (!monitor.configured) throw new Error('expected a configured Redis');
    expect(monitor.version).toMatch(/^\d+\.\d+/);
    expect(monitor.usedMemoryBytes).toBeGreaterThan(0);
    expect(monitor.connectedClients).toBeGreaterThanOrEqual(1);
    if (monitor.hitRate !== null) expect(monitor.hitRate).toBeGreaterThanOrEqual(0);
    expect(monitor.keyspace.every((db) => /^db\d+$/.test(db.db))).toBe(true);
  });
});
