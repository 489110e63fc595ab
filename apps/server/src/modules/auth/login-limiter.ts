import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { authErrors, wholeSeconds } from './auth.messages.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 50;

/**
 * Milliseconds until another try is allowed, or 0 when it is allowed now. `recentFailures` are the
 * failure times inside the window, newest first: the try is allowed again once the `max`-th newest leaves.
 */
export function lockedForMs(recentFailures: Date[], max: number, windowMs: number, now: Date): number {
  const deciding = recentFailures[max - 1];
  if (!deciding) return 0;
  return Math.max(0, deciding.getTime() + windowMs - now.getTime());
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/**
 * Password sign-in failures per account and per IP, counted in the database so every instance shares them.
 * An attempt is recorded as a failure before the password is checked and turned into a success afterwards:
 * concurrent guesses then see each other and cannot slip past the limit together.
 */
export function createLoginLimiter(db: Database, clock: Clock) {
  const recentFailures = async (
    by: 'account' | 'ip',
    value: string,
    exceptId: number,
    max: number,
    since: Date,
  ) => {
    const column = by === 'account' ? loginAttempts.account : loginAttempts.ip;
    const rows = await db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(
        and(
          eq(column, value),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.createdAt, since),
          ne(loginAttempts.id, exceptId),
        ),
      )
      .orderBy(desc(loginAttempts.createdAt))
      .limit(max);
    return rows.map((r) => r.createdAt);
  };

  return {
    /** Records the attempt (as a failure until `succeeded`) or throws 429 with Retry-After. */
    async begin(account: string, ip: string): Promise<{ attemptId: number }> {
      const now = clock();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const [attempt] = await db
        .insert(loginAttempts)
        .values({ account: account.slice(0, 64), ip: ip.slice(0, 64), succeeded: false, createdAt: now })
        .returning({ id: loginAttempts.id });
      const attemptId = attempt!.id;

      const accountWait = lockedForMs(
        await recentFailures('account', account.slice(0, 64), attemptId, MAX_FAILURES_PER_ACCOUNT, since),
        MAX_FAILURES_PER_ACCOUNT,
        LOGIN_WINDOW_MS,
        now,
      );
      const ipWait = lockedForMs(
        await recentFailures('ip', ip.slice(0, 64), attemptId, MAX_FAILURES_PER_IP, since),
        MAX_FAILURES_PER_IP,
        LOGIN_WINDOW_MS,
        now,
      );
      if (accountWait > 0 || ipWait > 0) {
        // A refused try is not a failure: it must not push the lock further out.
        await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
        if (accountWait >= ipWait) throw authErrors.accountLocked(wholeSeconds(accountWait));
        throw authErrors.ipLocked(wholeSeconds(ipWait));
      }
      return { attemptId };
    },

    async succeeded({ attemptId }: { attemptId: number }): Promise<void> {
      await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    },
  };
}
