import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { NotifyChannel } from './pg-notify.js';

/** Redis channel of cross-instance wake-ups. */
export const WAKE_CHANNEL = 'im:wake';

type WakeHandler = (keys: string[]) => void;
type Logger = { warn(details: object, message: string): void };

export type WakeBus = {
  /** Wakes the holders of `keys` on this instance at once and on other instances through Redis. Never throws. */
  publish(keys: string[]): void;
  subscribe(handler: WakeHandler): () => void;
  close(): Promise<void>;
};

type WirePayload = { from: string; keys: string[] };

/**
 * Keys that must cross instances even without Redis: a dropped sign-in (modules/auth/auth-cache.ts) and a change
 * of maintenance mode (platform/maintenance.ts).
 */
const NOTIFY_KEY_PREFIXES = ['auth:', 'maintenance:'];

/**
 * Wake-ups for held long polls (and `auth:*` keys that drop cached sign-ins, modules/auth/auth-cache.ts). A
 * wake-up is only a hint that the database has something new; losing one
 * (Redis down, flushed, a dropped subscription) delays a message until the sweeper runs, it never loses one.
 * A dropped sign-in must not wait for anything: `auth:*` keys also travel through PostgreSQL's NOTIFY when
 * `notify` is given (several instances on PostgreSQL), so a sign-out holds on every instance with Redis down.
 * A key that arrives by both paths is handled twice, which dropping a cache entry allows.
 */
export function createWakeBus(
  redis: Redis | null,
  log: Logger = silentLogger,
  notify: NotifyChannel | null = null,
): WakeBus {
  const instanceId = randomUUID();
  const handlers = new Set<WakeHandler>();
  const deliver = (keys: string[]) => {
    for (const handler of handlers) {
      try {
        handler(keys);
      } catch (error) {
        log.warn({ err: error }, 'wake handler failed');
      }
    }
  };

  const fromOthers = (raw: string) => {
    const payload = parsePayload(raw);
    // Our own echo: local subscribers were called when we published.
    if (payload && payload.from !== instanceId) deliver(payload.keys);
  };
  const unsubscribeNotify = notify?.subscribe(fromOthers);

  const subscriber = redis ? redis.duplicate() : null;
  if (subscriber) {
    subscriber.on('error', (error: unknown) => log.warn({ err: error }, 'wake subscriber error'));
    subscriber.subscribe(WAKE_CHANNEL).catch((error: unknown) => {
      log.warn({ err: error }, 'wake subscription failed; the sweeper still delivers');
    });
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel === WAKE_CHANNEL) fromOthers(raw);
    });
  }

  return {
    publish(keys) {
      if (keys.length === 0) return;
      deliver(keys);
      const urgent = keys.filter((key) => NOTIFY_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)));
      if (notify && urgent.length > 0) notify.publish(JSON.stringify({ from: instanceId, keys: urgent }));
      if (!redis) return;
      const payload: WirePayload = { from: instanceId, keys };
      try {
        redis.publish(WAKE_CHANNEL, JSON.stringify(payload)).catch((error: unknown) => {
          log.warn({ err: error }, 'wake publish failed; the sweeper still delivers');
        });
      } catch (error) {
        log.warn({ err: error }, 'wake publish failed; the sweeper still delivers');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      unsubscribeNotify?.();
      if (subscriber) subscriber.disconnect();
      await notify?.close();
    },
  };
}

function parsePayload(raw: string): WirePayload | null {
  try {
    const value = JSON.parse(raw) as Partial<WirePayload>;
    if (typeof value.from !== 'string' || !Array.isArray(value.keys)) return null;
    return { from: value.from, keys: value.keys.filter((k): k is string => typeof k === 'string') };
  } catch {
    return null;
  }
}

const silentLogger: Logger = { warn: () => undefined };
