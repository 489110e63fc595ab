import { describe, expect, it } from 'vitest';
import { createWakeBus } from '../../platform/wake-bus.js';
import type { AuthContext } from '../../plugins/request-context.js';
import { createTestClock } from '../../test/test-app.js';
import { AUTH_CACHE_KEYS, createAuthCache } from './auth-cache.js';

const caller = (userId: number, nickName = '店员'): AuthContext => ({
  sessionId: userId * 10,
  user: { id: userId, username: `u${userId}`, nickName, workCode: `W${userId}`, phone: '', avatarPath: '' },
  roles: ['store_staff'],
});
const store = {
  id: 7,
  shopCode: 'S1001',
  shopName: '马驹桥店',
  businessScopeName: '马驹桥店',
  organizeId: null,
};

function setUp(ttlMs = 5_000) {
  const clock = createTestClock(new Date('2026-11-21T08:00:00Z'));
  const bus = createWakeBus(null);
  const cache = createAuthCache({ ttlMs, clock, bus });
  let loads = 0;
  const loadSession = (auth: AuthContext | null, sessionExpiresAt = new Date('2026-11-22T08:00:00Z')) => {
    return async () => {
      loads += 1;
      return auth && { auth, sessionExpiresAt };
    };
  };
  const loadStore = (value: typeof store | null) => async () => {
    loads += 1;
    return value;
  };
  return { clock, bus, cache, loadSession, loadStore, loads: () => loads };
}

describe('auth cache', () => {
  it('keeps a data scope per user until a forget of that user or of all (a role change)', async () => {
    const t = setUp();
    let reads = 0;
    const scope = (groupIds: number[]) => async () => {
      reads += 1;
      return { all: false, userId: 1, groupIds };
    };
    expect(await t.cache.dataScope(1, scope([1]))).toMatchObject({ groupIds: [1] });
    expect(await t.cache.dataScope(1, scope([2]))).toMatchObject({ groupIds: [1] });
    t.cache.forgetUser(2);
    expect(await t.cache.dataScope(1, scope([2]))).toMatchObject({ groupIds: [1] });
    t.cache.forgetAll();
    expect(await t.cache.dataScope(1, scope([2]))).toMatchObject({ groupIds: [2] });
    t.cache.forgetUser(1);
    expect(await t.cache.dataScope(1, scope([3]))).toMatchObject({ groupIds: [3] });
    expect(reads).toBe(3);
  });

  it('caches the store a session was loaded with, and drops it with the user', async () => {
    const t = setUp();
    const withStore = async () => ({
      auth: caller(1),
      sessionExpiresAt: new Date('2026-11-22T08:00:00Z'),
      store,
    });
    expect(await t.cache.session('h1', withStore)).toEqual(caller(1));
    expect(await t.cache.store(1, 'S1001', t.loadStore(null))).toEqual(store);
    // Only under the user it was loaded for and its own code.
    expect(await t.cache.store(2, 'S1001', t.loadStore(null))).toBeNull();
    t.cache.forgetUser(1);
    expect(await t.cache.store(1, 'S1001', t.loadStore(null))).toBeNull();
    expect(t.loads()).toBe(2);
  });

  it('does not keep a store loaded with a session across a forget that happened meanwhile', async () => {
    const t = setUp();
    let finish: () => void = () => undefined;
    const slow = () =>
      new Promise<{ auth: AuthContext; sessionExpiresAt: Date; store: typeof store }>((resolve) => {
        finish = () =>
          resolve({ auth: caller(1), sessionExpiresAt: new Date('2026-11-22T08:00:00Z'), store });
      });
    const loading = t.cache.session('h1', slow);
    t.cache.forgetUser(1);
    finish();
    await loading;
    expect(await t.cache.store(1, 'S1001', t.loadStore(null))).toBeNull();
  });

  it('answers a session from the cache until its time is up', async () => {
    const t = setUp();
    expect(await t.cache.session('h1', t.loadSession(caller(1)))).toEqual(caller(1));
    expect(await t.cache.session('h1', t.loadSession(caller(1, '改名')))).toEqual(caller(1));
    expect(t.loads()).toBe(1);
    t.clock.advance(5_000);
    expect((await t.cache.session('h1', t.loadSession(caller(1, '改名'))))?.user.nickName).toBe('改名');
    expect(t.loads()).toBe(2);
  });

  it('never keeps a session past its own expiry', async () => {
    const t = setUp();
    await t.cache.session('h1', t.loadSession(caller(1), new Date('2026-11-21T08:00:01Z')));
    t.clock.advance(1_000);
    expect(await t.cache.session('h1', t.loadSession(null))).toBeNull();
  });

  it('does not cache refusals', async () => {
    const t = setUp();
    expect(await t.cache.session('h1', t.loadSession(null))).toBeNull();
    expect(await t.cache.session('h1', t.loadSession(caller(1)))).toEqual(caller(1));
    expect(await t.cache.store(1, 'S1001', t.loadStore(null))).toBeNull();
    expect(await t.cache.store(1, 'S1001', t.loadStore(store))).toEqual(store);
    expect(t.loads()).toBe(4);
  });

  it('forgetUser drops that user only, sessions and stores alike', async () => {
    const t = setUp();
    await t.cache.session('h1', t.loadSession(caller(1)));
    await t.cache.session('h2', t.loadSession(caller(2)));
    await t.cache.store(1, 'S1001', t.loadStore(store));
    await t.cache.store(2, 'S1001', t.loadStore(store));
    t.cache.forgetUser(1);
    expect(await t.cache.session('h1', t.loadSession(null))).toBeNull();
    expect(await t.cache.store(1, 'S1001', t.loadStore(null))).toBeNull();
    expect(await t.cache.session('h2', t.loadSession(null))).toEqual(caller(2));
    expect(await t.cache.store(2, 'S1001', t.loadStore(null))).toEqual(store);
  });

  it('forgetAll drops everyone', async () => {
    const t = setUp();
    await t.cache.session('h1', t.loadSession(caller(1)));
    await t.cache.store(2, 'S1001', t.loadStore(store));
    t.cache.forgetAll();
    expect(await t.cache.session('h1', t.loadSession(null))).toBeNull();
    expect(await t.cache.store(2, 'S1001', t.loadStore(null))).toBeNull();
  });

  it('obeys forget messages from other instances on the bus', async () => {
    const t = setUp();
    await t.cache.session('h1', t.loadSession(caller(1)));
    await t.cache.session('h3', t.loadSession(caller(3)));
    t.bus.publish([AUTH_CACHE_KEYS.user(1)]);
    expect(await t.cache.session('h1', t.loadSession(null))).toBeNull();
    t.bus.publish([AUTH_CACHE_KEYS.all]);
    expect(await t.cache.session('h3', t.loadSession(null))).toBeNull();
  });

  it('does not put back what a load read before a forget', async () => {
    const t = setUp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = t.cache.session('h1', async () => {
      await gate;
      return { auth: caller(1), sessionExpiresAt: new Date('2026-11-22T08:00:00Z') };
    });
    t.cache.forgetUser(1);
    release();
    expect(await slow).toEqual(caller(1));
    expect(await t.cache.session('h1', t.loadSession(null))).toBeNull();
  });

  it('with ttl 0 always loads', async () => {
    const t = setUp(0);
    await t.cache.session('h1', t.loadSession(caller(1)));
    await t.cache.session('h1', t.loadSession(caller(1)));
    await t.cache.store(1, 'S1001', t.loadStore(store));
    await t.cache.store(1, 'S1001', t.loadStore(store));
    expect(t.loads()).toBe(4);
  });
});
