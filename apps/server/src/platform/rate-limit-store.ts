import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisGuard } from './redis-guard.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What @fastify/rate-limit asks of a store (its README, "store"); `read` backs `{ increment: false }`. */
type Store = {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
};
/** The part of the plugin's merged options a store is built from. */
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

// The plugin's own stores (CommonJS, not in its type declarations): the Redis one keeps the keys and the Lua
// script every instance already shares, the local one is what the plugin uses without Redis.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  nameSpace: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => Store;

/**
 * Counts in Redis through the guard (platform/redis-guard.ts) and, when the guard refuses (Redis missed the
 * deadline, failed, or the circuit is open), in this instance's memory: "fail to local". A limit never opens
 * fully: during a Redis stall each instance applies the whole limit on its own, so a caller spread over N
 * instances gets at most N times the limit until Redis answers again (ADR 0004).
 */
class GuardedStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly guard: RedisGuard<Redis>,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new GuardedStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.guard);
  }

  private count(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    const locally = () => this.local[method](key, callback, timeWindow, max);
    if (this.guard.isOpen()) {
      locally();
      return;
    }
    this.guard
      .run(
        () =>
          new Promise<Counted>((resolve, reject) => {
            this.shared[method](
              key,
              (error, result) =>
                error || !result ? reject(error ?? new Error('no count')) : resolve(result),
              timeWindow,
              max,
            );
          }),
      )
      .then((result) => callback(null, result), locally);
  }
}

/** The `store` option of @fastify/rate-limit: Redis behind `guard`, this instance's memory when it refuses. */
export function guardedRateLimitStore(
  redis: Redis,
  guard: RedisGuard<Redis>,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  return class extends GuardedStore {
    constructor(params: StoreParams) {
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache),
        guard,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
