import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-types.js';
import { unauthorized } from '../http/errors.js';
import { serviceTokenCheck } from '../http/service-token.js';
import { createAuthCache, type AuthCache } from '../modules/auth/auth-cache.js';
import { createSessionService, type SessionRequest } from '../modules/auth/session.service.js';
import { createBatcher } from '../platform/batcher.js';
import { createLastSeenGate } from './last-seen-gate.js';
import { storeCodeOf } from './store-code.js';
import { isWellFormedToken, sha256 } from '../modules/auth/token.js';
import type { WakeBus } from '../platform/wake-bus.js';
import { createStoreRepository, type StoreRepository } from '../modules/stores/store.repository.js';
import './request-context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preValidation: rejects with 401 unless the request carries a live session token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * `authenticate` for a store-scoped route whose store code sits in `storeField` (or the header): a sign-in
     * read from the database brings the store with it, so the store-scope guard finds it cached.
     */
    authenticateInStore: (storeField: string | null) => (request: FastifyRequest) => Promise<void>;
    /** Cached sign-ins and store authorisations; writes that change them call its `forget…`. */
    authCache: AuthCache;
    /** Looks up the caller's authorisation for a store: what the store-scope guard checks. */
    storeAccess: Pick<StoreRepository, 'findAuthorised'>;
    /** Of the given session ids, those still signed in: held long polls of ended sessions are closed. */
    liveSessionIds: (sessionIds: number[]) => Promise<Set<number>>;
    /** onRequest: rejects with 401 unless the request carries the service token (`access.service()` routes). */
    requireServiceToken: (request: FastifyRequest) => Promise<void>;
  }
}

/** How stale 在线用户's 最后访问 may be. */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * A store code fit to send with the sign-in statement, else null. This runs before validation (a NUL that
 * PostgreSQL refuses is still in the input), and the code is only a hint: without it the store-scope guard reads
 * the store after validation, as for any cache miss.
 */
function plainStoreCode(code: string | null): string | null {
  return code !== null && /^[\p{L}\p{N}_.-]{1,64}$/u.test(code) ? code : null;
}

/** The token travels as `Authorization: Bearer <token>` and as `externalToken: <token>` (spec 7.1). */
export function tokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim()) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    return match?.[1] ?? authorization.trim();
  }
  const external = request.headers.externaltoken;
  return typeof external === 'string' && external.trim() ? external.trim() : null;
}

export function registerAuthentication(
  app: FastifyInstance,
  { db, clock, config }: AppDeps,
  bus: WakeBus,
): void {
  const authCache = createAuthCache({ ttlMs: config.authCacheTtlMs, clock, bus });
  const sessions = createSessionService(db, clock, authCache);
  app.decorate('authCache', authCache);
  const storeRepository = createStoreRepository(db);
  const storeLoads = createBatcher({
    run: (pairs: readonly { userId: number; shopCode: string }[]) =>
      storeRepository.findAuthorisedMany(pairs),
    concurrency: 2,
  });
  app.decorate('storeAccess', {
    findAuthorised: (userId: number, shopCode: string) => storeLoads.load({ userId, shopCode }),
  });
  app.decorate('liveSessionIds', sessions.liveSessionIds);
  app.decorate('requireServiceToken', serviceTokenCheck(config.serviceToken));
  app.addHook('onClose', async () => authCache.close());
  app.decorateRequest('auth', null);
  // Many requests at once (thousands of long polls re-sent together) check their sign-ins and write 最后访问 in a
  // few statements instead of one set per request. One statement at a time: requests arriving one by one while it
  // runs go together in the next, where a second slot would send them in twos.
  const loads = createBatcher({
    run: (requests: readonly SessionRequest[]) => sessions.loadMany(requests),
    concurrency: 1,
  });
  const touches = createBatcher({
    run: async (ids: readonly number[]) => {
      await sessions.touchMany(ids, LAST_SEEN_EVERY_MS);
      return ids.map(() => undefined);
    },
    // Nobody waits for it: a second's sign-ins go as one statement.
    collectMs: 1_000,
  });
  app.addHook('preClose', async () => {
    await touches.drain();
  });
  // 在线用户's 最后访问: at most one write a minute per session and instance, after the answer is decided.
  const lastSeen = createLastSeenGate(LAST_SEEN_EVERY_MS);
  const markSeen = (request: FastifyRequest, sessionId: number) => {
    if (!lastSeen.due(sessionId, clock().getTime())) return;
    void touches
      .load(sessionId)
      .catch((error: unknown) => request.log.warn({ err: error }, 'last seen not saved'));
  };
  const signIn = async (request: FastifyRequest, storeCode: string | null) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized('请先登录');
    if (!isWellFormedToken(token)) throw unauthorized();
    const auth = await authCache.session(sha256(token), () => loads.load({ token, storeCode }));
    if (!auth) throw unauthorized();
    request.auth = auth;
    markSeen(request, auth.sessionId);
  };
  app.decorate('authenticate', (request: FastifyRequest) => signIn(request, null));
  app.decorate(
    'authenticateInStore',
    (storeField: string | null) => (request: FastifyRequest) =>
      signIn(request, plainStoreCode(storeCodeOf(request, storeField))),
  );
}
