import {
  AUTH_PATHS,
  PROFILE_PATHS,
  type PasswordStatus,
  type UpdatePasswordBody,
  type Captcha,
  type CaptchaLevel,
  type CodeLoginBody,
  type LoginResult,
  type PasswordLoginBody,
  type ResetPasswordBody,
  type ResetTicket,
  type SmsSent,
} from '@console/contract';
import { http } from '../../lib/http';
import { AUTH_LABELS } from './labels';

/** The sign-in screens show their errors inline, next to the form, so these calls raise no notices. */
const inline = { flags: { silent: true } } as const;

const schemas = () => import('./auth-schemas');

/** Spec 5: an answer without a user object is a failed sign-in. */
export async function parseLoginResult(data: unknown): Promise<LoginResult> {
  const { loginResultSchema } = await schemas();
  const parsed = loginResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(AUTH_LABELS.noUser);
  return parsed.data;
}

export const authApi = {
  async captcha(level: CaptchaLevel = 'normal'): Promise<Captcha> {
    const [data, { captchaSchema }] = await Promise.all([
      http.get<unknown>(AUTH_PATHS.captcha, { ...inline, params: level === 'hard' ? { level } : undefined }),
      schemas(),
    ]);
    const captcha = captchaSchema.parse(data);
    // Only an inline image is shown, never a URL the answer might point elsewhere.
    if (!captcha.img.startsWith('data:image/')) throw new Error(AUTH_LABELS.captchaRetry);
    return captcha;
  },
  async passwordLogin(body: PasswordLoginBody): Promise<LoginResult> {
    return parseLoginResult(await http.post<unknown>(AUTH_PATHS.passwordLogin, body, inline));
  },
  sendLoginCode: (phone: string) => http.post<SmsSent>(AUTH_PATHS.sendCode, { phone }, inline),
  async codeLogin(body: CodeLoginBody): Promise<LoginResult> {
    return parseLoginResult(await http.post<unknown>(AUTH_PATHS.codeLogin, body, inline));
  },
  sendResetCode: (phone: string) => http.post<SmsSent>(AUTH_PATHS.resetSendCode, { phone }, inline),
  verifyResetCode: (body: CodeLoginBody) => http.post<ResetTicket>(AUTH_PATHS.resetVerifyCode, body, inline),
  resetPassword: (body: ResetPasswordBody) => http.post<unknown>(AUTH_PATHS.resetPassword, body, inline),
  /** Right after sign-in, before the session is stored: the new token goes along by hand. */
  passwordStatus: (token: string) =>
    http.post<PasswordStatus>(AUTH_PATHS.passwordStatus, {}, { ...inline, headers: bearer(token) }),
  changePassword: (token: string, body: UpdatePasswordBody) =>
    http.post<unknown>(PROFILE_PATHS.updatePassword, body, { ...inline, headers: bearer(token) }),
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, externalToken: token });

export { errorText } from '../../lib/http/errors';
