import { DEV_PATHS, phoneBodySchema, smsOutboxEntrySchema } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { userLastStores, users } from '../../db/schema.js';
import { readOutbox, type SmsPurpose } from '../../platform/sms.js';
import { createCaptchaService } from '../auth/captcha.service.js';

/** Demo-mode helpers for people and scripts trying the console without a phone. Never registered in production. */
export function devRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const captchas = createCaptchaService(db, clock);

  app.get(
    DEV_PATHS.smsOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo mode: text messages "sent" to a phone, newest first',
        querystring: phoneBodySchema,
        response: replies(z.array(smsOutboxEntrySchema)),
      },
    },
    async (request) => {
      const rows = await readOutbox(db, request.query.phone);
      return ok(
        rows.map((row) => ({
          phone: row.phone,
          code: row.code,
          purpose: row.purpose as SmsPurpose,
          createdAt: row.createdAt.toISOString(),
        })),
      );
    },
  );

  app.get(
    DEV_PATHS.captchaAnswer,
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo mode: the answer of a captcha',
        params: z.object({ uuid: z.string().min(1).max(64) }),
        response: replies(z.object({ answer: z.string() })),
      },
    },
    async (request) => {
      const answer = await captchas.answerOf(request.params.uuid);
      if (answer === null) throw notFound('验证码不存在');
      return ok({ answer });
    },
  );

  app.post(
    DEV_PATHS.forgetLastStore,
    {
      schema: {
        tags: ['dev'],
        summary:
          'Demo mode: forget the last-used store of an account (browser tests leave demo accounts as found)',
        body: z.object({ username: z.string({ error: '缺少用户名' }).trim().min(1, '缺少用户名').max(64) }),
        response: replies(z.object({ forgotten: z.boolean() })),
      },
    },
    async (request) => {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, request.body.username.toLowerCase()));
      if (!user) throw notFound('用户不存在');
      const removed = await db
        .delete(userLastStores)
        .where(eq(userLastStores.userId, user.id))
        .returning({ userId: userLastStores.userId });
      return ok({ forgotten: removed.length > 0 });
    },
  );
}
