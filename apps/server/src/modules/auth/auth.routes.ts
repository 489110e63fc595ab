import {
  AUTH_PATHS,
  captchaSchema,
  codeLoginBodySchema,
  loginResultSchema,
  passwordLoginBodySchema,
  passwordStatusSchema,
  phoneBodySchema,
  resetPasswordBodySchema,
  resetTicketSchema,
  smsSentSchema,
  userInfoSchema,
  verifyResetCodeBodySchema,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { emptyData, ok, replies } from '../../http/envelope.js';
import { callerOf } from '../../plugins/request-context.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaService } from './captcha.service.js';
import { createLoginLimiter } from './login-limiter.js';
import { createResetTicketRepository } from './reset-ticket.repository.js';
import { createSessionService } from './session.service.js';
import { createSmsCodeService } from './sms-code.service.js';
import { createUserRepository } from './user.repository.js';

/**
 * Per-IP request ceilings in front of the unauthenticated endpoints (shared through Redis when configured).
 * They stop floods; the finer account, IP and phone rules live in the services.
 */
const PER_IP_PER_MINUTE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

const TAGS = ['auth'];
const SIGNED_IN = [{ bearer: [] }];

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

  app.get(
    AUTH_PATHS.captcha,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Captcha image (SVG data URL) and its uuid; valid 2 minutes, single use',
        response: replies(captchaSchema),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await captchas.create());
    },
  );

  app.post(
    AUTH_PATHS.passwordLogin,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Password sign-in with captcha',
        body: passwordLoginBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => ok(await auth.passwordLogin(request.body, clientOf(request))),
  );

  app.post(
    AUTH_PATHS.sendCode,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Send a sign-in SMS code (same answer for every phone)',
        body: phoneBodySchema,
        response: replies(smsSentSchema),
      },
    },
    async (request) => ok(await auth.sendCode(request.body.phone, 'login')),
  );

  app.post(
    AUTH_PATHS.codeLogin,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'SMS code sign-in',
        body: codeLoginBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => ok(await auth.codeLogin(request.body, clientOf(request))),
  );

  app.get(
    AUTH_PATHS.info,
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user and roles',
        security: SIGNED_IN,
        response: replies(userInfoSchema),
      },
    },
    async (request) => {
      const { user, roles } = callerOf(request);
      return ok({ user, roles });
    },
  );

  app.delete(
    AUTH_PATHS.logout,
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Sign out: revokes the current session',
        security: SIGNED_IN,
        response: replies(emptyData),
      },
    },
    async (request) => {
      await auth.logout(callerOf(request), clientOf(request));
      return ok(null);
    },
  );

  app.post(
    AUTH_PATHS.passwordStatus,
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Whether the password must be changed (initial or older than 90 days)',
        security: SIGNED_IN,
        response: replies(passwordStatusSchema),
      },
    },
    async (request) => ok(await auth.passwordStatus(callerOf(request))),
  );

  app.post(
    AUTH_PATHS.resetSendCode,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Forgot password, step 1: send a reset SMS code (same answer for every phone)',
        body: phoneBodySchema,
        response: replies(smsSentSchema),
      },
    },
    async (request) => ok(await auth.sendCode(request.body.phone, 'reset')),
  );

  app.post(
    AUTH_PATHS.resetVerifyCode,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Forgot password, step 2: validate the code for a single-use ticket (10 minutes)',
        body: verifyResetCodeBodySchema,
        response: replies(resetTicketSchema),
      },
    },
    async (request) => ok(await auth.verifyResetCode(request.body, clientOf(request))),
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      config: PER_IP_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Forgot password, step 3: set a new password with the ticket; ends every session',
        body: resetPasswordBodySchema,
        response: replies(emptyData),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, clientOf(request));
      return ok(null);
    },
  );
}
