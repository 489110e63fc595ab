import { AppError } from '../../http/errors.js';

/** Every user-visible sentence of sign-in, in one place so a later locale can replace it. */
export const AUTH_TEXT = {
  badCredentials: '账号或密码错误',
  captchaInvalid: '验证码错误或已过期',
  smsCodeInvalid: '短信验证码错误或已过期',
  smsCodeExhausted: '验证码错误次数过多，请重新获取',
  smsSendFailed: '短信发送失败，请稍后再试',
  smsResendTooSoon: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`,
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  accountLocked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试，或使用短信验证码登录`,
  captchaHarder: '该账号近期登录失败较多，请输入新的6位验证码',
  ipLocked: (minutes: number) => `当前网络登录失败次数过多，请${minutes}分钟后再试`,
  resetTicketInvalid: '重置密码操作已过期，请重新验证手机号',
  smsContent: {
    login: (code: string) => `【门店运营云平台】您的登录验证码为${code}，5分钟内有效，请勿泄露。`,
    reset: (code: string) => `【门店运营云平台】您正在找回密码，验证码为${code}，5分钟内有效，请勿泄露。`,
    change_phone: (code: string) =>
      `【门店运营云平台】您正在更换账号绑定的手机号，验证码为${code}，5分钟内有效，请勿泄露。`,
  },
} as const;

const retryAfterHeader = (seconds: number) => ({ 'retry-after': String(seconds) });

/** Whole seconds, at least 1, so a client never retries immediately. */
export function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export const authErrors = {
  badCredentials: () => new AppError(401, 'BAD_CREDENTIALS', AUTH_TEXT.badCredentials),
  captchaInvalid: () => new AppError(400, 'CAPTCHA_INVALID', AUTH_TEXT.captchaInvalid),
  captchaHarder: () => new AppError(400, 'CAPTCHA_HARDER', AUTH_TEXT.captchaHarder),
  smsCodeInvalid: () => new AppError(400, 'SMS_CODE_INVALID', AUTH_TEXT.smsCodeInvalid),
  smsCodeExhausted: () => new AppError(400, 'SMS_CODE_EXHAUSTED', AUTH_TEXT.smsCodeExhausted),
  smsSendFailed: () => new AppError(503, 'SMS_SEND_FAILED', AUTH_TEXT.smsSendFailed),
  smsResendTooSoon: (seconds: number) =>
    new AppError(429, 'SMS_RESEND_TOO_SOON', AUTH_TEXT.smsResendTooSoon(seconds), retryAfterHeader(seconds)),
  smsDailyLimit: (seconds: number) =>
    new AppError(429, 'SMS_DAILY_LIMIT', AUTH_TEXT.smsDailyLimit, retryAfterHeader(seconds)),
  accountLocked: (seconds: number) =>
    new AppError(
      429,
      'LOGIN_LOCKED',
      AUTH_TEXT.accountLocked(Math.ceil(seconds / 60)),
      retryAfterHeader(seconds),
    ),
  ipLocked: (seconds: number) =>
    new AppError(429, 'LOGIN_LOCKED', AUTH_TEXT.ipLocked(Math.ceil(seconds / 60)), retryAfterHeader(seconds)),
  resetTicketInvalid: () => new AppError(400, 'RESET_TICKET_INVALID', AUTH_TEXT.resetTicketInvalid),
};
