import { and, eq, exists, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, stores, users, userStores } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuthCache, LoadedSession } from './auth-cache.js';
import { isWellFormedToken, newToken, sha256 } from './token.js';
import { fixedStatement } from '../../db/paged-query.js';
import { textArrayLiteral } from '../../db/array-literal.js';
import { scopedStoreColumns } from '../stores/store.repository.js';
import { sessionUserColumns, toSessionUser } from './user.repository.js';

/** Absolute session life: one day from sign-in, not extended by use. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SessionService = ReturnType<typeof createSessionService>;

/** A sign-in to check: the request's token, and the store code it works in (null: not a store-scoped route). */
export type SessionRequest = { token: string; storeCode: string | null };

/**
 * Sessions in the database. With `authCache`, a revocation also drops the user's cached sign-ins on every
 * instance; inside a transaction, the caller forgets the user again after the commit.
 */
export function createSessionService(db: Database, clock: Clock, authCache?: Pick<AuthCache, 'forgetUser'>) {
  const forget = (userId: number | undefined) => {
    if (authCache && userId !== undefined) authCache.forgetUser(userId);
  };
  // The sign-in check of every request the cache misses: built and prepared once. With it, the store the request
  // works in (`codes`, at the token's place in `hashes`) when the user holds it: a store-scoped request then
  // finds its store cached instead of asking for it in a second statement.
  const sessionsByHash = fixedStatement(db, 'auth_sessions', (on, value) =>
    on
      .select({
        tokenHash: sessions.tokenHash,
        sessionId: sessions.id,
        sessionExpiresAt: sessions.expiresAt,
        mustChangePassword: users.mustChangePassword,
        permissions: permissionsOfUser,
        ...sessionUserColumns,
        store: scopedStoreColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        stores,
        and(
          sql`${stores.shopCode} = (${value('codes')}::text[])[array_position(${value('hashes')}::text[], ${sessions.tokenHash})]`,
          sql`${stores.enabled}`,
          exists(
            on
              .select({ one: sql`1` })
              .from(userStores)
              .where(and(eq(userStores.userId, users.id), eq(userStores.storeId, stores.id))),
          ),
        ),
      )
      .where(
        and(
          sql`${sessions.tokenHash} = any(${value('hashes')}::text[])`,
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > ${value('now')}::timestamptz`,
          sql`${users.enabled}`,
        ),
      ),
  );
  const service = {
    async create(userId: number, client: { ip: string; userAgent: string }): Promise<string> {
      const token = newToken();
      const now = clock();
      await db.insert(sessions).values({
        tokenHash: sha256(token),
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        ip: client.ip.slice(0, 64),
        userAgent: client.userAgent.slice(0, 255),
      });
      return token;
    },

    /** The caller behind a token, or null for a malformed, unknown, expired or revoked token or a disabled user. */
    async resolve(token: string): Promise<AuthContext | null> {
      return (await service.load(token))?.auth ?? null;
    },

    /** As `resolve`, with the session's own expiry (how long the caller may be cached at most). */
    async load(token: string): Promise<LoadedSession | null> {
      return (await service.loadMany([{ token, storeCode: null }]))[0] ?? null;
    },

    /**
     * `load` for many requests in one statement whatever their number (the sign-in check of many requests at
     * once, batched by the caller): one answer per request, in order. A request naming the store it works in
     * gets that store too when the user is authorised for it (`LoadedSession.store`); of one token's requests
     * in a batch, the first one's store.
     */
    async loadMany(requests: readonly SessionRequest[]): Promise<(LoadedSession | null)[]> {
      const hashes = requests.map(({ token }) => (isWellFormedToken(token) ? sha256(token) : null));
      const codeOf = new Map<string, string | null>();
      hashes.forEach((hash, i) => {
        if (hash !== null && !codeOf.has(hash)) codeOf.set(hash, requests[i]!.storeCode);
      });
      if (codeOf.size === 0) return requests.map(() => null);
      const rows = await sessionsByHash({
        hashes: textArrayLiteral([...codeOf.keys()]),
        codes: textArrayLiteral([...codeOf.values()]),
        now: clock().toISOString(),
      });
      const byHash = new Map<string, LoadedSession>();
      for (const {
        tokenHash,
        sessionId,
        sessionExpiresAt,
        mustChangePassword,
        permissions,
        store,
        ...user
      } of rows)
        byHash.set(tokenHash, {
          auth: {
            sessionId,
            user: toSessionUser(user),
            roles: [...new Set(permissions)].sort(),
            passwordChangeRequired: mustChangePassword,
          },
          sessionExpiresAt,
          ...(store ? { store } : {}),
        });
      return hashes.map((hash) => (hash === null ? null : (byHash.get(hash) ?? null)));
    },

    /** Of `sessionIds`, those still signed in (not revoked, not expired, the user enabled). */
    async liveSessionIds(sessionIds: number[]): Promise<Set<number>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, sessionIds),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock()),
            eq(users.enabled, true),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /** Marks the session seen now (在线用户's 最后访问), unless it was marked within the last `withinMs`. */
    async touch(sessionId: number, withinMs: number): Promise<void> {
      await service.touchMany([sessionId], withinMs);
    },

    /** `touch` for many sessions in one statement. */
    async touchMany(sessionIds: readonly number[], withinMs: number): Promise<void> {
      if (sessionIds.length === 0) return;
      const now = clock();
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            inArray(sessions.id, [...new Set(sessionIds)]),
            or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(now.getTime() - withinMs))),
          ),
        );
    },

    async revoke(sessionId: number): Promise<void> {
      const [revoked] = await db
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      forget(revoked?.userId);
    },

    /** Password reset and account disable end every session of the user, on every instance at once. */
    async revokeAllOf(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      forget(userId);
    },

    /** Drops the user's cached sign-ins everywhere: after a transaction that revoked sessions has committed. */
    forgetCached(userId: number): void {
      forget(userId);
    },
  };
  return service;
}

/**
 * What the console calls the user's roles (spec 6): the permission of each role plus the permissions of the
 * menus and buttons granted to those roles, as eladmin sends them (e.g. `layoutAiAQuiz:entry`).
 */
export async function rolesOf(db: Database, userId: number): Promise<string[]> {
  const [row] = await db.select({ permissions: permissionsOfUser }).from(users).where(eq(users.id, userId));
  return [...new Set(row?.permissions ?? [])].sort();
}

/**
 * The permissions a user holds, as one column of the user's row: the permission names of their roles and of the
 * menus and buttons those roles open (unsorted, possibly repeated).
 */
// Plain SQL: drizzle writes the columns of a selected expression without their tables, which is ambiguous here.
const permissionsOfUser = sql<string[]>`array(
  select r.permission::text from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = users.id and r.permission <> ''
  union all
  select m.permission::text from user_roles ur
    join role_menus rm on rm.role_id = ur.role_id join menus m on m.id = rm.menu_id
    where ur.user_id = users.id and m.permission <> ''
)`;
