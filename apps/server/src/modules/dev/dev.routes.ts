import { devEndpoints } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { notFound } from '../../http/errors.js';
import { access, route } from '../../http/route.js';
import { userLastStores, users } from '../../db/schema.js';
import { readOutbox, type SmsPurpose } from '../../platform/sms.js';
import { createCaptchaService } from '../auth/captcha.service.js';

/** Demo data only, and the module is never registered in production (app.ts). */
const DEMO_ONLY = access.public('demo mode only: the demo accounts and their codes are public anyway');
const tags = ['dev'];

/** Demo-mode helpers for people and scripts trying the console without a phone. Never registered in production. */
export function devRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const captchas = createCaptchaService(db, clock);

  route(
    app,
    devEndpoints.smsOutbox,
    DEMO_ONLY,
    async ({ input }) => {
      const rows = await readOutbox(db, input.phone);
      return rows.map((row) => ({
        phone: row.phone,
        code: row.code,
        purpose: row.purpose as SmsPurpose,
        createdAt: row.createdAt.toISOString(),
      }));
    },
    { tags },
  );

  route(
    app,
    devEndpoints.captchaAnswer,
    DEMO_ONLY,
    async ({ params }) => {
      const answer = await captchas.answerOf(params.uuid);
      if (answer === null) throw notFound('验证码不存在');
      return { answer };
    },
    { tags },
  );

  route(
    app,
    devEndpoints.forgetLastStore,
    DEMO_ONLY,
    async ({ input }) => {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
      if (!user) throw notFound('用户不存在');
      const removed = await db
        .delete(userLastStores)
        .where(eq(userLastStores.userId, user.id))
        .returning({ userId: userLastStores.userId });
      return { forgotten: removed.length > 0 };
    },
    { tags },
  );
}
