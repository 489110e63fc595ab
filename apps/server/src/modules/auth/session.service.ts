import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, roleMenus, roles, sessions, userRoles, users } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuthCache, LoadedSession } from './auth-cache.js';
import { isWellFormedToken, newToken, sha256 } from './token.js';
import { sessionUserColumns, toSessionUser } from './user.repository.js';

/** Absolute session life: one day from sign-in, not extended by use. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Sessions in the database. With `authCache`, a revocation also drops the user's cached sign-ins on every
 * instance; inside a transaction, the caller forgets the user again after the commit.
 */
export function createSessionService(db: Database, clock: Clock, authCache?: Pick<AuthCache, 'forgetUser'>) {
  const forget = (userId: number | undefined) => {
    if (authCache && userId !== undefined) authCache.forgetUser(userId);
  };
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
      if (!isWellFormedToken(token)) return null;
      const [row] = await db
        .select({
          sessionId: sessions.id,
          sessionExpiresAt: sessions.expiresAt,
          mustChangePassword: users.mustChangePassword,
          ...sessionUserColumns,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, sha256(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock()),
            eq(users.enabled, true),
          ),
        )
        .limit(1);
      if (!row) return null;
      const { sessionId, sessionExpiresAt, mustChangePassword, ...user } = row;
      return {
        auth: {
          sessionId,
          user: toSessionUser(user),
          roles: await rolesOf(db, user.id),
          passwordChangeRequired: mustChangePassword,
        },
        sessionExpiresAt,
      };
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
      const now = clock();
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(sessions.id, sessionId),
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
  const [roleRows, menuRows] = await Promise.all([
    db
      .select({ permission: roles.permission })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
    db
      .selectDistinct({ permission: menus.permission })
      .from(userRoles)
      .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(eq(userRoles.userId, userId), isNotNull(menus.permission), ne(menus.permission, ''))),
  ]);
  const permissions = [...roleRows, ...menuRows].flatMap((row) => (row.permission ? [row.permission] : []));
  return [...new Set(permissions)].sort();
}
