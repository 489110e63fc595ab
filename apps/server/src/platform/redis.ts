import { Redis } from 'ioredis';
import { createRedisGuard, type RedisGuard } from './redis-guard.js';

/** A Redis client tuned for short, fail-fast commands (rate limits, wake-ups). */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

/** The key the open circuit writes to learn whether Redis answers again (a write: the counters are writes). */
export const REDIS_PROBE_KEY = 'console-redis-guard-probe';

type Logger = { warn(details: object, message: string): void; info(details: object, message: string): void };

/** The guard every Redis call a request waits on goes through (platform/redis-guard.ts, ADR 0004). */
export function guardRedis(redis: Redis, deadlineMs: number, log?: Logger): RedisGuard<Redis> {
  return createRedisGuard(redis, {
    deadlineMs,
    probe: (client) => client.set(REDIS_PROBE_KEY, String(Date.now()), 'PX', 60_000),
    log,
  });
}
