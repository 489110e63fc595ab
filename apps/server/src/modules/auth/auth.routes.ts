import { authEndpoints as api, type LoginResult } from '@console/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf, type ClientInfo } from '../../http/client.js';
import { access, route, type RouteContext, type RouteResult } from '../../http/route.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaService } from './captcha.service.js';
import { createLoginLimiter } from './login-limiter.js';
import { clearedReportCookie, reportCookie } from './report-cookie.js';
import { createResetTicketRepository } from './reset-ticket.repository.js';
import { createSessionService } from './session.service.js';
import { createSmsCodeService } from './sms-code.service.js';
import { createUserRepository } from './user.repository.js';

/**
 * Per-IP request ceilings in front of the unauthenticated endpoints (shared through Redis when configured).
 * They stop floods; the finer account, IP and phone rules live in the services.
 */
const PER_IP_PER_MINUTE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

const tags = ['auth'];
/** The sign-in and reset steps are what a caller without a session uses; each is rate limited. */
const limited = { tags, config: PER_IP_PER_MINUTE };
const SIGN_IN = access.public('signing in: the caller has no session yet');
const RESET = access.public('forgotten password: proven by the SMS code and the single-use ticket instead');

function withReportCookie(reply: FastifyReply, result: LoginResult): LoginResult {
  reply.header('set-cookie', reportCookie(result.token, reply.request.protocol === 'https'));
  return result;
}

export function authRoutes(app: AppInstance, { db, clock, sms }: AppDeps): void {
  const captchas = createCaptchaService(db, clock);
  const sessions = createSessionService(db, clock, app.authCache);
  const auth = createAuthService({
    db,
    clock,
    users: createUserRepository(db),
    sessions,
    captchas,
    smsCodes: createSmsCodeService({ db, clock, sms }),
    limiter: createLoginLimiter(db, clock),
    resetTickets: createResetTicketRepository(db, clock),
    audit: createAuditLog(db, clock),
  });

  route(
    app,
    api.captcha,
    access.public('the captcha is what an anonymous sign-in form shows'),
    async ({ input, reply }) => {
      reply.header('cache-control', 'no-store');
      return captchas.create(input.level);
    },
    limited,
  );
  /** A sign-in answers the session and hands the error report path its cookie. */
  const signInRoute = <E extends typeof api.passwordLogin | typeof api.codeLogin>(
    endpoint: E,
    signIn: (input: RouteContext<E>['input'], client: ClientInfo) => Promise<LoginResult>,
  ) =>
    route(
      app,
      endpoint,
      SIGN_IN,
      // Both endpoints answer a LoginResult; TypeScript cannot see that through the generic response type.
      async ({ input, request, reply }) =>
        withReportCookie(reply, await signIn(input, clientOf(request))) as RouteResult<E>,
      limited,
    );
  signInRoute(api.passwordLogin, auth.passwordLogin);
  route(app, api.sendCode, SIGN_IN, ({ input }) => auth.sendCode(input.phone, 'login'), limited);
  signInRoute(api.codeLogin, auth.codeLogin);

  route(
    app,
    api.info,
    access.signedIn(),
    ({ caller }) => {
      const { user, roles } = caller();
      return { user, roles };
    },
    { tags },
  );
  route(
    app,
    api.logout,
    access.signedIn(),
    async ({ caller, request, reply }) => {
      await auth.logout(caller(), clientOf(request));
      reply.header('set-cookie', clearedReportCookie(request.protocol === 'https'));
      return null;
    },
    { tags },
  );
  route(app, api.passwordStatus, access.signedIn(), ({ caller }) => auth.passwordStatus(caller()), { tags });

  route(app, api.resetSendCode, RESET, ({ input }) => auth.sendCode(input.phone, 'reset'), limited);
  route(
    app,
    api.resetVerifyCode,
    RESET,
    ({ input, request }) => auth.verifyResetCode(input, clientOf(request)),
    limited,
  );
  route(
    app,
    api.resetPassword,
    RESET,
    async ({ input, request }) => {
      await auth.resetPassword(input, clientOf(request));
      return null;
    },
    limited,
  );
}
