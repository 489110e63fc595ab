import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test/external-services.js';
import { openRedis } from './redis.js';
import { WAKE_CHANNEL, createWakeBus } from './wake-bus.js';

const redisUrl = testRedisUrl();
const until = async (condition: () => boolean, timeoutMs = 2_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('wake bus without Redis', () => {
  it('calls local subscribers at once and stops after unsubscribe', () => {
    const bus = createWakeBus(null);
    const seen: string[][] = [];
    const unsubscribe = bus.subscribe((keys) => seen.push(keys));
    bus.publish(['1:2', '3:4']);
    bus.publish([]);
    unsubscribe();
    bus.publish(['5:6']);
    expect(seen).toEqual([['1:2', '3:4']]);
  });

  it('keeps calling other subscribers when one throws', () => {
    const warnings: string[] = [];
    const bus = createWakeBus(null, { warn: (_details, message) => warnings.push(message) });
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('broken subscriber');
    });
    bus.subscribe((keys) => seen.push(...keys));
    expect(() => bus.publish(['1:1'])).not.toThrow();
    expect(seen).toEqual(['1:1']);
    expect(warnings).toEqual(['wake handler failed']);
  });

  it('never throws when Redis is unreachable', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const warnings: string[] = [];
    const bus = createWakeBus(redis, { warn: (_details, message) => warnings.push(message) });
    const seen: string[] = [];
    bus.subscribe((keys) => seen.push(...keys));
    expect(() => bus.publish(['7:7'])).not.toThrow();
    expect(seen).toEqual(['7:7']);
    await until(() => warnings.includes('wake publish failed; the sweeper still delivers'));
    await bus.close();
    redis.disconnect();
  });
});

describe.skipIf(!redisUrl)('wake bus through Redis', () => {
  const clients: Redis[] = [];
  const client = () => {
    const redis = openRedis(redisUrl ?? '');
    clients.push(redis);
    return redis;
  };
  afterAll(() => clients.forEach((c) => c.disconnect()));

  it("wakes another instance's subscribers and ignores its own echo", async () => {
    const first = createWakeBus(client());
    const second = createWakeBus(client());
    const onFirst: string[] = [];
    const onSecond: string[] = [];
    first.subscribe((keys) => onFirst.push(...keys));
    second.subscribe((keys) => onSecond.push(...keys));
    // The subscription is asynchronous: publish until the other side hears it.
    await until(() => {
      first.publish(['11:22']);
      return onSecond.length > 0;
    }, 5_000);
    expect(new Set(onSecond)).toEqual(new Set(['11:22']));
    // Local delivery once per publish, never doubled by the echo from Redis.
    const published = onFirst.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onFirst.length).toBe(published);
    await first.close();
    await second.close();
  });

  it('ignores malformed payloads on the channel', async () => {
    const bus = createWakeBus(client());
    const seen: string[] = [];
    bus.subscribe((keys) => seen.push(...keys));
    const publisher = client();
    await until(() => {
      void publisher.publish(WAKE_CHANNEL, 'not json');
      void publisher.publish(WAKE_CHANNEL, JSON.stringify({ from: 'elsewhere', keys: ['9:9', 5] }));
      return seen.length > 0;
    }, 5_000);
    expect(new Set(seen)).toEqual(new Set(['9:9']));
    await bus.close();
  });
});
