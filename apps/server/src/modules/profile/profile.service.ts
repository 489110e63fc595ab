import {
  avatarPathOf,
  maskPhone,
  type AvatarUpdated,
  type PasswordChanged,
  type Profile,
  type ChangePhoneBody,
  type PhoneChanged,
  type PhoneCodeBody,
  type UpdatePasswordBody,
  type UpdateProfileBody,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { ClientInfo } from '../../http/client.js';
import type { Upload } from '../../http/upload.js';
import type { Clock } from '../../platform/clock.js';
import type { SmsProvider } from '../../platform/sms.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { LoginLimiter } from '../auth/login-limiter.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { AuthCache } from '../auth/auth-cache.js';
import type { SmsCodeService } from '../auth/sms-code.service.js';
import { createUserRepository } from '../auth/user.repository.js';
import { detectImageType } from './avatar-image.js';
import { PROFILE_TEXT, profileErrors } from './profile.messages.js';
import { createProfileRepository, type ProfileRepository, type StoredAvatar } from './profile.repository.js';

export type ProfileService = ReturnType<typeof createProfileService>;

/** Wrong old passwords share the sign-in limiter's table under their own account key. */
const passwordChangeKey = (userId: number) => `password-change:${userId}`;

export function createProfileService(deps: {
  db: Database;
  clock: Clock;
  profiles: ProfileRepository;
  limiter: LoginLimiter;
  smsCodes: SmsCodeService;
  /** Tells the old number that the account's phone changed. */
  sms: SmsProvider;
  audit: AuditLog;
  /** The signed-in user is cached with their name, phone and avatar: a change drops it. */
  authCache: Pick<AuthCache, 'forgetUser'>;
}) {
  const { db, clock, profiles, limiter, smsCodes, sms, audit, authCache } = deps;

  const load = async (userId: number): Promise<Profile> => {
    const profile = await profiles.findProfile(userId);
    if (!profile) throw profileErrors.userGone();
    return profile;
  };

  /** The caller's current password, rate-limited like sign-in under the caller's own key. */
  const checkPassword = async (
    caller: AuthContext,
    password: string,
    client: ClientInfo,
    failure: string,
  ) => {
    const userId = caller.user.id;
    const attempt = await limiter
      .begin(passwordChangeKey(userId), client.ip, null)
      .catch((error: unknown) => {
        throw profileErrors.fromLock(error);
      });
    const user = await createUserRepository(db).findById(userId);
    if (!user) throw profileErrors.userGone();
    if (!(await verifyPassword(user.passwordHash, password))) {
      await audit.record({ action: failure, userId, target: user.username, client });
      throw profileErrors.wrongOldPassword();
    }
    await limiter.succeeded(attempt);
    return user;
  };

  return {
    profile: (caller: AuthContext) => load(caller.user.id),

    /** The name only: the phone signs in and recovers the account, so it changes through `changePhone`. */
    async updateProfile(caller: AuthContext, body: UpdateProfileBody, client: ClientInfo): Promise<Profile> {
      const userId = caller.user.id;
      if (body.phone !== undefined && body.phone !== caller.user.phone) throw profileErrors.phoneNeedsProof();
      await profiles.updateNickName(userId, body.nickName, clock());
      authCache.forgetUser(userId);
      await audit.record({
        action: 'profile.update',
        userId,
        target: caller.user.username,
        detail: { nickNameChanged: body.nickName !== caller.user.nickName },
        client,
      });
      return load(userId);
    },

    /**
     * Phone change, step 1: the current password (a stolen token alone cannot change the phone), then a code to
     * the new number. The answer is the same whether or not another account holds it.
     */
    async sendPhoneCode(caller: AuthContext, body: PhoneCodeBody, client: ClientInfo) {
      await checkPassword(caller, body.password, client, 'profile.phone.failure');
      if (body.phone === caller.user.phone) throw profileErrors.samePhone();
      return smsCodes.issue(body.phone, 'change_phone', { deliver: true });
    },

    /** Step 2: the code proves the number; then the old number hears of it and every other session ends. */
    async changePhone(caller: AuthContext, body: ChangePhoneBody, client: ClientInfo): Promise<PhoneChanged> {
      const userId = caller.user.id;
      await smsCodes.consume(body.phone, 'change_phone', body.code);
      // Proven to be the caller's number: now it may be said that another account holds it.
      if ((await profiles.phoneOwner(body.phone, userId)) !== null) throw profileErrors.phoneTaken();
      const oldPhone = caller.user.phone;
      const otherSessionsEnded = await db
        .transaction(async (tx) => {
          const scoped = createProfileRepository(tx as unknown as Database);
          const now = clock();
          await scoped.updatePhone(userId, body.phone, now);
          return scoped.revokeOtherSessions(userId, caller.sessionId, now);
        })
        .catch((error: unknown) => {
          // Two users claiming the same phone at once: the unique index decides.
          throw isUniqueViolation(error) ? profileErrors.phoneTaken() : error;
        });
      authCache.forgetUser(userId);
      if (oldPhone)
        await sms.send({
          phone: oldPhone,
          purpose: 'phone_notice',
          code: '',
          content: PROFILE_TEXT.phoneChangedNotice(maskPhone(body.phone)),
        });
      await audit.record({
        action: 'profile.phone.change',
        userId,
        target: caller.user.username,
        detail: { from: maskPhone(oldPhone), to: maskPhone(body.phone), otherSessionsEnded },
        client,
      });
      return { profile: await load(userId), otherSessionsEnded };
    },

    /** Checks the old password (rate-limited), sets the new one and ends every other session of the user. */
    async changePassword(
      caller: AuthContext,
      body: UpdatePasswordBody,
      client: ClientInfo,
    ): Promise<PasswordChanged> {
      const userId = caller.user.id;
      const user = await checkPassword(caller, body.oldPassword, client, 'profile.password.failure');
      const passwordHash = await hashPassword(body.newPassword);
      const otherSessionsEnded = await db.transaction(async (tx) => {
        const scoped = tx as unknown as Database;
        const now = clock();
        await createUserRepository(scoped).setPassword(userId, passwordHash, now);
        return createProfileRepository(scoped).revokeOtherSessions(userId, caller.sessionId, now);
      });
      authCache.forgetUser(userId);
      await audit.record({
        action: 'profile.password.change',
        userId,
        target: user.username,
        detail: { otherSessionsEnded },
        client,
      });
      return { otherSessionsEnded };
    },

    /** `origin` is the request's own scheme and host, so the stored path is an absolute http(s) URL. */
    async updateAvatar(
      caller: AuthContext,
      upload: Upload,
      origin: string,
      client: ClientInfo,
    ): Promise<AvatarUpdated> {
      const contentType = detectImageType(upload.bytes);
      if (!contentType) throw profileErrors.notAnImage();
      const userId = caller.user.id;
      const updatedAt = clock();
      const avatarPath = `${origin}${avatarPathOf(userId, updatedAt.getTime())}`;
      await db.transaction(async (tx) =>
        createProfileRepository(tx as unknown as Database).saveAvatar(
          userId,
          { contentType, content: upload.bytes, updatedAt },
          avatarPath,
        ),
      );
      authCache.forgetUser(userId);
      await audit.record({
        action: 'profile.avatar.update',
        userId,
        target: caller.user.username,
        detail: { contentType, bytes: upload.bytes.length },
        client,
      });
      return { avatarPath };
    },

    async avatar(userId: number): Promise<StoredAvatar> {
      const avatar = await profiles.readAvatar(userId);
      if (!avatar) throw profileErrors.noAvatar();
      return avatar;
    },
  };
}
