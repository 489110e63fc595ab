import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { authErrors, wholeSeconds } from './auth.messages.js';
import type { CaptchaLevel } from '@console/contract';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** One source guessing one account: that source stops for the window, the owner elsewhere does not. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 10;
/** Failures of one account from anywhere after which a password sign-in needs the harder captcha. */
export const HARD_CAPTCHA_AFTER = 5;
/**
 * A password lock of the account for everyone, high enough that only a distributed attack solving hard
 * captchas reaches it; SMS sign-in never consults these counts, so the owner still gets in.
 */
export const MAX_FAILURES_PER_ACCOUNT = 100;
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
export type LimiterPolicy = {
  perAccountAndIp: number;
  perIp: number;
  perAccount: number;
  /** Failures of the account after which an ordinary captcha is refused; null: the flow has no captcha. */
  hardCaptchaAfter: number | null;
};

export const SIGN_IN_POLICY: LimiterPolicy = {
  perAccountAndIp: MAX_FAILURES_PER_ACCOUNT_AND_IP,
  perIp: MAX_FAILURES_PER_IP,
  perAccount: MAX_FAILURES_PER_ACCOUNT,
  hardCaptchaAfter: HARD_CAPTCHA_AFTER,
};

/** Re-entering the old password in the personal centre: the session is proof enough, so no captcha, hard lock at 10. */
export const OLD_PASSWORD_POLICY: LimiterPolicy = {
  perAccountAndIp: 10,
  perIp: MAX_FAILURES_PER_IP,
  perAccount: 10,
  hardCaptchaAfter: null,
};

export function createLoginLimiter(db: Database, clock: Clock, policy: LimiterPolicy = SIGN_IN_POLICY) {
  /** Failure times inside the window matching `where`, newest first, at most `max`. */
  const recentFailures = async (where: SQL, exceptId: number, max: number, since: Date) => {
    const rows = await db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(
        and(
          where,
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
    /**
     * Records the attempt (as a failure until `succeeded`), or refuses it: 429 with Retry-After when this source
     * or this IP is throttled (or the account is under a distributed attack), 400 CAPTCHA_HARDER when the account
     * has failed often and the captcha solved was the ordinary one.
     */
    async begin(
      rawAccount: string,
      rawIp: string,
      captcha: CaptchaLevel | null,
    ): Promise<{ attemptId: number }> {
      const account = rawAccount.slice(0, 64);
      const ip = rawIp.slice(0, 64);
      const now = clock();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const [attempt] = await db
        .insert(loginAttempts)
        .values({ account, ip, succeeded: false, createdAt: now })
        .returning({ id: loginAttempts.id });
      const attemptId = attempt!.id;
      const waitFor = async (where: SQL, max: number) =>
        lockedForMs(await recentFailures(where, attemptId, max, since), max, LOGIN_WINDOW_MS, now);

      const byAccount = eq(loginAttempts.account, account);
      const refusal = await (async () => {
        const sourceWait = await waitFor(and(byAccount, eq(loginAttempts.ip, ip))!, policy.perAccountAndIp);
        if (sourceWait > 0) return authErrors.accountLocked(wholeSeconds(sourceWait));
        const ipWait = await waitFor(eq(loginAttempts.ip, ip), policy.perIp);
        if (ipWait > 0) return authErrors.ipLocked(wholeSeconds(ipWait));
        const accountWait = await waitFor(byAccount, policy.perAccount);
        if (accountWait > 0) return authErrors.accountLocked(wholeSeconds(accountWait));
        const after = policy.hardCaptchaAfter;
        if (after === null || captcha === 'hard') return null;
        const accountFailures = await recentFailures(byAccount, attemptId, after, since);
        return accountFailures.length >= after ? authErrors.captchaHarder() : null;
      })();
      if (refusal) {
        // A refused try is not a failure: it must not push the lock further out.
        await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
        throw refusal;
      }
      return { attemptId };
    },

    async succeeded({ attemptId }: { attemptId: number }): Promise<void> {
      await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    },
  };
}
