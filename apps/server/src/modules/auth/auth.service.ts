import type {
  CodeLoginBody,
  LoginResult,
  PasswordLoginBody,
  PasswordStatus,
  ResetPasswordBody,
  ResetTicket,
  SmsSent,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import type { ClientInfo } from '../../http/client.js';
import { unauthorized } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { SmsCodePurpose } from '../../platform/sms.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit-log.js';
import { authErrors } from './auth.messages.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginLimiter } from './login-limiter.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import { passwordStatusOf } from './password-status.js';
import { createResetTicketRepository, type ResetTicketRepository } from './reset-ticket.repository.js';
import { createSessionService, rolesOf, type SessionService } from './session.service.js';
import type { SmsCodeService } from './sms-code.service.js';
import {
  createUserRepository,
  toSessionUser,
  type UserRecord,
  type UserRepository,
} from './user.repository.js';

export type AuthServiceDeps = {
  db: Database;
  clock: Clock;
  users: UserRepository;
  sessions: SessionService;
  captchas: CaptchaService;
  smsCodes: SmsCodeService;
  limiter: LoginLimiter;
  resetTickets: ResetTicketRepository;
  audit: AuditLog;
};

type FailureReason = 'unknown_user' | 'bad_password' | 'disabled' | 'bad_code' | 'no_user_for_phone';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, users, sessions, captchas, smsCodes, limiter, resetTickets, audit } = deps;

  const startSession = async (
    user: UserRecord,
    client: ClientInfo,
    method: 'password' | 'sms',
  ): Promise<LoginResult> => {
    const token = await sessions.create(user.id, client);
    await audit.record({
      action: 'auth.login.success',
      userId: user.id,
      target: user.username,
      detail: { method },
      client,
    });
    return { token, user: toSessionUser(user), roles: await rolesOf(db, user.id) };
  };

  const recordFailure = (
    target: string,
    reason: FailureReason,
    method: 'password' | 'sms',
    client: ClientInfo,
    userId?: number,
  ) =>
    audit.record({
      action: 'auth.login.failure',
      userId: userId ?? null,
      target,
      detail: { method, reason },
      client,
    });

  /** Wrong or used codes are audited before the failure is answered. */
  const consumeCode = async (phone: string, purpose: SmsCodePurpose, code: string, client: ClientInfo) => {
    try {
      await smsCodes.consume(phone, purpose, code);
    } catch (error) {
      if (purpose === 'login') await recordFailure(phone, 'bad_code', 'sms', client);
      throw error;
    }
  };

  return {
    /** Captcha first, then the failure limits, then the account; every account failure looks the same. */
    async passwordLogin(body: PasswordLoginBody, client: ClientInfo): Promise<LoginResult> {
      const captchaLevel = await captchas.consume(body.uuid, body.code);
      const account = body.username.trim().toLowerCase();
      const attempt = await limiter.begin(account, client.ip, captchaLevel);
      const user = await users.findByUsername(account);
      // An unknown account still pays for one argon2 verification, so timing does not reveal it.
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!user || !passwordOk || !user.enabled) {
        const reason: FailureReason = !user ? 'unknown_user' : !passwordOk ? 'bad_password' : 'disabled';
        await recordFailure(account, reason, 'password', client, user?.id);
        throw authErrors.badCredentials();
      }
      await limiter.succeeded(attempt);
      return startSession(user, client, 'password');
    },

    /** Same answer whether or not the phone belongs to an account; only an enabled account receives the text. */
    async sendCode(phone: string, purpose: SmsCodePurpose): Promise<SmsSent> {
      const user = await users.findEnabledByPhone(phone);
      return smsCodes.issue(phone, purpose, { deliver: user !== null });
    },

    async codeLogin(body: CodeLoginBody, client: ClientInfo): Promise<LoginResult> {
      await consumeCode(body.phone, 'login', body.code, client);
      const user = await users.findEnabledByPhone(body.phone);
      if (!user) {
        // Disabled between sending and signing in.
        await recordFailure(body.phone, 'no_user_for_phone', 'sms', client);
        throw authErrors.smsCodeInvalid();
      }
      return startSession(user, client, 'sms');
    },

    async verifyResetCode(body: CodeLoginBody, client: ClientInfo): Promise<ResetTicket> {
      await consumeCode(body.phone, 'reset', body.code, client);
      const user = await users.findEnabledByPhone(body.phone);
      if (!user) throw authErrors.smsCodeInvalid();
      return { ticket: await resetTickets.issue(user.id) };
    },

    /** Sets the new password and ends every session of the user, in one transaction. */
    async resetPassword(body: ResetPasswordBody, client: ClientInfo): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        const scoped = tx as unknown as Database;
        const owner = await createResetTicketRepository(scoped, clock).redeem(body.ticket);
        if (owner === null) return null;
        await createUserRepository(scoped).setPassword(owner, passwordHash, clock());
        await createSessionService(scoped, clock).revokeAllOf(owner);
        return owner;
      });
      if (userId === null) throw authErrors.resetTicketInvalid();
      sessions.forgetCached(userId);
      await audit.record({ action: 'auth.password.reset', userId, target: String(userId), client });
    },

    async logout(caller: AuthContext, client: ClientInfo): Promise<void> {
      await sessions.revoke(caller.sessionId);
      await audit.record({
        action: 'auth.logout',
        userId: caller.user.id,
        target: caller.user.username,
        client,
      });
    },

    async passwordStatus(caller: AuthContext): Promise<PasswordStatus> {
      const user = await users.findById(caller.user.id);
      if (!user) throw unauthorized();
      return passwordStatusOf(user, clock());
    },
  };
}
