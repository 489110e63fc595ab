import { AVATAR_MAX_BYTES } from '@console/contract';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors.js';

/** Every user-visible sentence of the personal centre's API. */
export const PROFILE_TEXT = {
  avatarLabel: '头像图片',
  avatarLimit: `${AVATAR_MAX_BYTES / 1024 / 1024}MB`,
  notAnImage: '只能上传 JPG/PNG/WebP 图片',
  noAvatar: '该用户尚未上传头像',
  phoneTaken: '该手机号已被其他账号使用',
  phoneNeedsProof: '更换手机号需验证登录密码和新手机号',
  samePhone: '新手机号与当前手机号相同',
  phoneChangedNotice: (masked: string) =>
    `【门店运营云平台】您的账号绑定手机号已更换为${masked}。如非本人操作，请立即联系管理员。`,
  wrongOldPassword: '原密码不正确',
  locked: (minutes: number) => `原密码错误次数过多，请${minutes}分钟后再试`,
  badHost: '请求地址不正确，无法保存头像',
} as const;

export const profileErrors = {
  userGone: () => unauthorized(),
  phoneTaken: () => conflict(PROFILE_TEXT.phoneTaken, 'PHONE_TAKEN'),
  phoneNeedsProof: () => badRequest(PROFILE_TEXT.phoneNeedsProof, 'PHONE_CHANGE_NEEDS_PROOF'),
  samePhone: () => badRequest(PROFILE_TEXT.samePhone, 'SAME_PHONE'),
  wrongOldPassword: () => badRequest(PROFILE_TEXT.wrongOldPassword, 'OLD_PASSWORD_WRONG'),
  notAnImage: () => new AppError(415, 'AVATAR_TYPE', PROFILE_TEXT.notAnImage),
  noAvatar: () => notFound(PROFILE_TEXT.noAvatar, 'AVATAR_NOT_FOUND'),
  badHost: () => badRequest(PROFILE_TEXT.badHost, 'BAD_HOST'),
  /** The sign-in limiter's lock, said in the personal centre's words (Retry-After kept). */
  fromLock(error: unknown): unknown {
    if (!(error instanceof AppError) || error.statusCode !== 429) return error;
    const seconds = Number(error.headers['retry-after'] ?? 60);
    return new AppError(
      429,
      'PASSWORD_CHANGE_LOCKED',
      PROFILE_TEXT.locked(Math.max(1, Math.ceil(seconds / 60))),
      error.headers,
    );
  },
};
