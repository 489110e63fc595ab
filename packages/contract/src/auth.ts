import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_MAX, SMS_CODE_PATTERN, isStrongPassword } from './validation.js';
import { endpoint, noInput } from './common/endpoint.js';
import { AUTH_PATHS, DEV_PATHS } from './paths.js';

const phone = z.string().trim().regex(MOBILE_PATTERN, '请输入正确的手机号');
const smsCode = z.string().trim().regex(SMS_CODE_PATTERN, '请输入6位短信验证码');
const newPassword = z
  .string()
  .max(PASSWORD_MAX, '密码不能超过64位')
  .refine(isStrongPassword, '密码至少8位，且包含大写字母、小写字母、数字、符号中的三种');

/** The signed-in user as the console stores it (spec 3, User). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  workCode: z.string(),
  phone: z.string(),
  avatarPath: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Roles are permission strings; `admin` is the super role. */
export const userInfoSchema = z.object({ user: sessionUserSchema, roles: z.array(z.string()) });
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = userInfoSchema.extend({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const captchaSchema = z.object({ img: z.string(), uuid: z.string() });
/** `hard`: six characters, more noise; what sign-in asks for once an account has failed often (CAPTCHA_HARDER). */
export const captchaQuerySchema = z.object({ level: z.enum(['normal', 'hard']).default('normal') });
export type CaptchaLevel = z.infer<typeof captchaQuerySchema>['level'];
export type Captcha = z.infer<typeof captchaSchema>;

export const passwordLoginBodySchema = z.object({
  username: z.string().trim().min(1, '请输入账号').max(64, '账号不能超过64位'),
  password: z.string().min(1, '请输入密码').max(PASSWORD_MAX, '密码不能超过64位'),
  code: z.string().trim().min(1, '请输入验证码').max(8, '验证码不正确'),
  uuid: z.string().trim().min(1, '验证码已失效，请刷新').max(64, '验证码已失效，请刷新'),
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBodySchema>;

export const phoneBodySchema = z.object({ phone });
export type PhoneBody = z.infer<typeof phoneBodySchema>;

export const codeLoginBodySchema = z.object({ phone, code: smsCode });
export type CodeLoginBody = z.infer<typeof codeLoginBodySchema>;

/** Answer of a code send: seconds until another code may be requested. */
export const smsSentSchema = z.object({ resendAfterSeconds: z.number().int() });
export type SmsSent = z.infer<typeof smsSentSchema>;

export const verifyResetCodeBodySchema = z.object({ phone, code: smsCode });
/** A single-use reset ticket, valid for 10 minutes. */
export const resetTicketSchema = z.object({ ticket: z.string() });
export type ResetTicket = z.infer<typeof resetTicketSchema>;

export const resetPasswordBodySchema = z
  .object({
    ticket: z.string().min(1).max(128),
    password: newPassword,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: '两次输入的密码不一致',
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `mustChange` is true for an initial password set by an administrator or a password older than 90 days. */
export const passwordStatusSchema = z.object({
  mustChange: z.boolean(),
  reason: z.enum(['initial', 'expired']).nullable(),
});
export type PasswordStatus = z.infer<typeof passwordStatusSchema>;

export const cloudRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permission: z.string(),
  description: z.string(),
});
export type CloudRole = z.infer<typeof cloudRoleSchema>;

/** Menu tree in eladmin's shape (spec 2.1). `component` is Layout, ParentView or a page name. */
export type MenuNode = {
  name: string;
  path: string;
  hidden: boolean;
  redirect: string | null;
  component: string;
  alwaysShow: boolean | null;
  meta: { title: string; icon: string | null; noCache: boolean };
  children?: MenuNode[];
};
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    hidden: z.boolean(),
    redirect: z.string().nullable(),
    component: z.string(),
    alwaysShow: z.boolean().nullable(),
    meta: z.object({ title: z.string(), icon: z.string().nullable(), noCache: z.boolean() }),
    children: z.array(menuNodeSchema).optional(),
  }),
);

/** A route path as the browser has it (query and hash left out by the caller). */
export const menuPathQuerySchema = z.object({ path: z.string().trim().min(1).max(255).startsWith('/') });

/** Demo mode only. */
export const smsOutboxEntrySchema = z.object({
  phone: z.string(),
  code: z.string(),
  purpose: z.enum(['login', 'reset', 'change_phone', 'points_redeem', 'tea_tree_adopt', 'phone_notice']),
  createdAt: z.string(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntrySchema>;

/** Sign-in, sessions and password reset (spec 7.1), the menu tree and the cloud roles. */
export const authEndpoints = {
  captcha: endpoint({
    method: 'GET',
    path: AUTH_PATHS.captcha,
    request: captchaQuerySchema,
    response: captchaSchema,
    summary: 'Captcha image (SVG data URL) and its uuid; valid 2 minutes, single use',
  }),
  passwordLogin: endpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordLogin,
    request: passwordLoginBodySchema,
    response: loginResultSchema,
    summary: 'Password sign-in with captcha',
  }),
  sendCode: endpoint({
    method: 'POST',
    path: AUTH_PATHS.sendCode,
    request: phoneBodySchema,
    response: smsSentSchema,
    summary: 'Send a sign-in SMS code (same answer for every phone)',
  }),
  codeLogin: endpoint({
    method: 'POST',
    path: AUTH_PATHS.codeLogin,
    request: codeLoginBodySchema,
    response: loginResultSchema,
    summary: 'SMS code sign-in',
  }),
  info: endpoint({
    method: 'GET',
    path: AUTH_PATHS.info,
    request: noInput,
    response: userInfoSchema,
    summary: 'The signed-in user and roles',
  }),
  logout: endpoint({
    method: 'DELETE',
    path: AUTH_PATHS.logout,
    request: noInput,
    response: z.null(),
    summary: 'Sign out: revokes the current session',
  }),
  passwordStatus: endpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordStatus,
    request: noInput,
    response: passwordStatusSchema,
    summary: 'Whether the password must be changed (initial or older than 90 days)',
  }),
  resetSendCode: endpoint({
    method: 'POST',
    path: AUTH_PATHS.resetSendCode,
    request: phoneBodySchema,
    response: smsSentSchema,
    summary: 'Forgot password, step 1: send a reset SMS code (same answer for every phone)',
  }),
  resetVerifyCode: endpoint({
    method: 'POST',
    path: AUTH_PATHS.resetVerifyCode,
    request: verifyResetCodeBodySchema,
    response: resetTicketSchema,
    summary: 'Forgot password, step 2: validate the code for a single-use ticket (10 minutes)',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: AUTH_PATHS.resetPassword,
    request: resetPasswordBodySchema,
    response: z.null(),
    summary: 'Forgot password, step 3: set a new password with the ticket; ends every session',
  }),
  menus: endpoint({
    method: 'GET',
    path: AUTH_PATHS.menus,
    request: noInput,
    response: z.array(menuNodeSchema),
    summary: "The signed-in user's menu tree (eladmin route shape), filtered by role",
  }),
  menuPathKnown: endpoint({
    method: 'GET',
    path: AUTH_PATHS.menuPathKnown,
    request: menuPathQuerySchema,
    response: z.object({ known: z.boolean() }),
    summary:
      "Whether a path is a page of any menu (the web shows 403 for one outside the user's menu, else 404)",
  }),
  cloudRoles: endpoint({
    method: 'GET',
    path: AUTH_PATHS.cloudRoles,
    request: noInput,
    response: z.array(cloudRoleSchema),
    summary: 'Roles of the cloud platform',
  }),
};

/** Demo-mode helpers (never registered in production). */
export const devEndpoints = {
  smsOutbox: endpoint({
    method: 'GET',
    path: DEV_PATHS.smsOutbox,
    request: phoneBodySchema,
    response: z.array(smsOutboxEntrySchema),
    summary: 'Demo mode: text messages "sent" to a phone, newest first',
  }),
  captchaAnswer: endpoint({
    method: 'GET',
    path: DEV_PATHS.captchaAnswer,
    params: z.object({ uuid: z.string().min(1).max(64) }),
    request: noInput,
    response: z.object({ answer: z.string() }),
    summary: 'Demo mode: the answer of a captcha',
  }),
  forgetLastStore: endpoint({
    method: 'POST',
    path: DEV_PATHS.forgetLastStore,
    request: z.object({ username: z.string({ error: '缺少用户名' }).trim().min(1, '缺少用户名').max(64) }),
    response: z.object({ forgotten: z.boolean() }),
    summary:
      'Demo mode: forget the last-used store of an account (browser tests leave demo accounts as found)',
  }),
};
