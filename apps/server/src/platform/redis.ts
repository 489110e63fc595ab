import { Redis } from 'ioredis';

/** A Redis client tuned for short, fail-fast commands (rate limits, wake-ups). */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}
