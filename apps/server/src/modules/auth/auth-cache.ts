import type { Clock } from '../../platform/clock.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { ScopedStore } from '../stores/store.repository.js';

/** Wake-bus keys that tell every instance to drop cached sign-ins (docs/adr/0003-auth-cache.md). */
export const AUTH_CACHE_KEYS = {
  all: 'auth:all',
  user: (userId: number) => `auth:user:${userId}`,
} as const;

const USER_KEY_PREFIX = 'auth:user:';

/** Whose sign-ins a batch of wake keys drops: everybody's, some users', or nobody's (null). */
export function signInsDroppedBy(keys: string[]): 'all' | Set<number> | null {
  const userIds = new Set<number>();
  for (const key of keys) {
    if (key === AUTH_CACHE_KEYS.all) return 'all';
    if (key.startsWith(USER_KEY_PREFIX)) userIds.add(Number(key.slice(USER_KEY_PREFIX.length)));
  }
  return userIds.size > 0 ? userIds : null;
}

/** Entries kept at most; the oldest go first (a Map keeps insertion order). */
const MAX_ENTRIES = 20_000;

/** A sign-in as read, with the store its request works in when the user holds it (cached with it). */
export type LoadedSession = { auth: AuthContext; sessionExpiresAt: Date; store?: ScopedStore };

export type AuthCache = {
  /**
   * The caller behind a token hash, from the cache while fresh, else from `load` (null is never cached); a store
   * loaded with it is cached as `store` would.
   */
  session(tokenHash: string, load: () => Promise<LoadedSession | null>): Promise<AuthContext | null>;
  /** A store the user is authorised for, from the cache while fresh, else from `load` (null is never cached). */
  store(
    userId: number,
    storeCode: string,
    load: () => Promise<ScopedStore | null>,
  ): Promise<ScopedStore | null>;
  /**
   * The user's data scope (modules/roles/data-scope.ts), from the cache while fresh, else from `load`; typed by
   * its loader so the cache needs nothing of the roles module. Dropped with the user's sign-ins.
   */
  dataScope<T>(userId: number, load: () => Promise<T>): Promise<T>;
  /** After a change to a user's sessions, roles, stores or profile: drops them here and on every instance. */
  forgetUser(userId: number): void;
  /** After a change that may touch anyone (a store disabled, a role's menus changed). */
  forgetAll(): void;
  close(): void;
};

type Timed<T> = { value: T; userId: number; expiresAt: number };

const storeKey = (userId: number, storeCode: string) => `${userId}\u0000${storeCode}`;

/**
 * A short-lived cache of what every signed-in request would otherwise read first: the session with its user
 * and roles, and the user's authorisation for the store it works in. `ttlMs` 0 turns it off.
 *
 * Writes that change those rows call `forgetUser` / `forgetAll` after they commit; the wake bus carries that to
 * the other instances. A load that started before a forget is not cached (the generation check), so a reader
 * racing a revocation cannot put the old rows back. If a bus message is lost, an entry still dies within ttlMs.
 */
export function createAuthCache({
  ttlMs,
  clock,
  bus,
}: {
  ttlMs: number;
  clock: Clock;
  bus: WakeBus;
}): AuthCache {
  const sessions = new Map<string, Timed<AuthContext>>();
  const stores = new Map<string, Timed<ScopedStore>>();
  const scopes = new Map<string, Timed<unknown>>();
  let generation = 0;

  const now = () => clock().getTime();
  const fresh = <T>(entry: Timed<T> | undefined): entry is Timed<T> =>
    entry !== undefined && entry.expiresAt > now();
  const put = <T>(map: Map<string, Timed<T>>, key: string, entry: Timed<T>) => {
    map.delete(key);
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
    map.set(key, entry);
  };
  const dropUser = (userId: number) => {
    generation += 1;
    for (const map of [sessions, stores, scopes] as Map<string, Timed<unknown>>[])
      for (const [key, entry] of map) if (entry.userId === userId) map.delete(key);
  };
  const dropAll = () => {
    generation += 1;
    sessions.clear();
    stores.clear();
    scopes.clear();
  };

  const unsubscribe = bus.subscribe((keys) => {
    const dropped = signInsDroppedBy(keys);
    if (dropped === 'all') dropAll();
    else if (dropped) for (const userId of dropped) dropUser(userId);
  });

  return {
    async session(tokenHash, load) {
      if (ttlMs === 0) return (await load())?.auth ?? null;
      const cached = sessions.get(tokenHash);
      if (fresh(cached)) return cached.value;
      const startedAt = generation;
      const loaded = await load();
      if (!loaded) return null;
      if (startedAt === generation) {
        const userId = loaded.auth.user.id;
        const expiresAt = Math.min(now() + ttlMs, loaded.sessionExpiresAt.getTime());
        put(sessions, tokenHash, { value: loaded.auth, userId, expiresAt });
        if (loaded.store)
          put(stores, storeKey(userId, loaded.store.shopCode), { value: loaded.store, userId, expiresAt });
      }
      return loaded.auth;
    },

    async store(userId, storeCode, load) {
      if (ttlMs === 0) return load();
      const key = storeKey(userId, storeCode);
      const cached = stores.get(key);
      if (fresh(cached)) return cached.value;
      const startedAt = generation;
      const loaded = await load();
      if (loaded && startedAt === generation)
        put(stores, key, { value: loaded, userId, expiresAt: now() + ttlMs });
      return loaded;
    },

    async dataScope<T>(userId: number, load: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return load();
      const key = String(userId);
      const cached = scopes.get(key);
      if (fresh(cached)) return cached.value as T;
      const startedAt = generation;
      const loaded = await load();
      if (startedAt === generation) put(scopes, key, { value: loaded, userId, expiresAt: now() + ttlMs });
      return loaded;
    },

    forgetUser(userId) {
      bus.publish([AUTH_CACHE_KEYS.user(userId)]);
    },

    forgetAll() {
      bus.publish([AUTH_CACHE_KEYS.all]);
    },

    close() {
      unsubscribe();
      dropAll();
    },
  };
}
