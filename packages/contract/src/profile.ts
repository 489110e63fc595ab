import { z } from 'zod';
import { sessionUserSchema } from './auth.js';
import { MOBILE_PATTERN, PASSWORD_MAX, isStrongPassword } from './validation.js';
import { recordIdFromText } from './common/fields.js';
import { endpoint, fileResponse, noInput } from './common/endpoint.js';
import { PROFILE_PATHS } from './paths.js';

export const NICK_NAME_MAX = 20;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

/** The avatar URL of a user (absolute once the server adds its origin); `v` busts caches after an upload. */
export const avatarPathOf = (userId: number, version: number) =>
  `${PROFILE_PATHS.avatar.replace(':userId', String(userId))}?v=${version}`;

/** The personal centre's view of the signed-in user. */
export const profileSchema = sessionUserSchema.extend({
  deptName: z.string().nullable(),
  /** ISO time of the last password change. */
  passwordChangedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const newPhone = z.string({ error: '请输入手机号' }).trim().regex(MOBILE_PATTERN, '请输入正确的手机号');

export const updateProfileBodySchema = z.object({
  nickName: z
    .string({ error: '请输入姓名' })
    .trim()
    .min(1, '请输入姓名')
    .max(NICK_NAME_MAX, `姓名不能超过${NICK_NAME_MAX}个字`),
  /** Accepted when unchanged only: a new phone goes through `changePhone` (password, then a code to it). */
  phone: newPhone.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Step 1 of a phone change: the current password, and the new number that receives a code. */
export const phoneCodeBodySchema = z.object({
  phone: newPhone,
  password: z
    .string({ error: '请输入登录密码' })
    .min(1, '请输入登录密码')
    .max(PASSWORD_MAX, '登录密码不正确'),
});
export type PhoneCodeBody = z.infer<typeof phoneCodeBodySchema>;

/** Step 2: the code the new number received proves it. */
export const changePhoneBodySchema = z.object({
  phone: newPhone,
  code: z
    .string({ error: '请输入短信验证码' })
    .trim()
    .regex(/^\d{6}$/, '请输入6位短信验证码'),
});
export type ChangePhoneBody = z.infer<typeof changePhoneBodySchema>;

export const phoneChangedSchema = z.object({ profile: profileSchema, otherSessionsEnded: z.number().int() });
export type PhoneChanged = z.infer<typeof phoneChangedSchema>;
export const phoneCodeSentSchema = z.object({ resendAfterSeconds: z.number().int() });

export const updatePasswordBodySchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(PASSWORD_MAX, '原密码不正确'),
    newPassword: z
      .string({ error: '请输入新密码' })
      .max(PASSWORD_MAX, '密码不能超过64位')
      .refine(isStrongPassword, '密码至少8位，且包含大写字母、小写字母、数字、符号中的三种'),
    confirmPassword: z.string({ error: '请再次输入新密码' }).max(PASSWORD_MAX),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: '两次输入的密码不一致',
    path: ['confirmPassword'],
  })
  .refine((body) => body.newPassword !== body.oldPassword, {
    message: '新密码不能与原密码相同',
    path: ['newPassword'],
  });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

/** Answer of a password change: how many other sessions were signed out. */
export const passwordChangedSchema = z.object({ otherSessionsEnded: z.number().int() });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

export const avatarUpdatedSchema = z.object({ avatarPath: z.string() });
export type AvatarUpdated = z.infer<typeof avatarUpdatedSchema>;

export const avatarParamsSchema = z.object({
  userId: recordIdFromText('用户编号不正确'),
});

/** The personal centre (docs/domain/profile.md). */
export const profileEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: PROFILE_PATHS.profile,
    request: noInput,
    response: profileSchema,
    summary: "The caller's own profile",
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: PROFILE_PATHS.profile,
    request: updateProfileBodySchema,
    response: profileSchema,
    summary: "Change the caller's name (the phone only through the phone change steps)",
  }),
  phoneCode: endpoint({
    method: 'POST',
    path: PROFILE_PATHS.phoneCode,
    request: phoneCodeBodySchema,
    response: phoneCodeSentSchema,
    summary:
      'Phone change, step 1: checks the current password (rate-limited), texts a code to the new number',
  }),
  changePhone: endpoint({
    method: 'PUT',
    path: PROFILE_PATHS.phone,
    request: changePhoneBodySchema,
    response: phoneChangedSchema,
    summary: 'Phone change, step 2: the code proves the number; tells the old number, ends other sessions',
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: PROFILE_PATHS.updatePassword,
    request: updatePasswordBodySchema,
    response: passwordChangedSchema,
    summary: 'Change the password with the old one; ends every other session of the caller',
  }),
  /** A multipart form with one image file (the web posts it through `http`, not `call()`). */
  updateAvatar: endpoint({
    method: 'POST',
    path: PROFILE_PATHS.updateAvatar,
    request: noInput,
    response: avatarUpdatedSchema,
    summary: 'Upload an avatar (multipart, one PNG/JPEG/WebP file up to 2 MB, checked by content)',
  }),
  /** The image itself, for an `<img>` (`avatarPathOf`). */
  avatar: endpoint({
    method: 'GET',
    path: PROFILE_PATHS.avatar,
    params: avatarParamsSchema,
    request: z.object({ v: z.string().max(20).optional() }),
    response: fileResponse,
    summary: "A user's avatar image (public by id, never listed)",
  }),
};
