import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Captcha, CaptchaLevel } from '@console/contract';
import type { Database } from '../../db/client.js';
import { captchas } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { authErrors } from './auth.messages.js';

export const CAPTCHA_LIFETIME_MS = 2 * 60 * 1000;
/** The ordinary captcha, and the harder one an account under attack asks for (see login-limiter.ts). */
const CAPTCHA_LENGTH: Record<CaptchaLevel, number> = { normal: 4, hard: 6 };
/** No 0/O/o, 1/I/l/i: characters people confuse. */
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
/** Expired captchas are kept a little for the dev helper, then swept. */
const SWEEP_AFTER_MS = 10 * 60 * 1000;

type RenderOptions = NonNullable<Parameters<typeof svgCaptcha.create>[0]>;
// The package's main export renders a given text, but its typings only declare `create`, which draws the
// text from Math.random; the answer must come from a cryptographic source instead.
const renderCaptcha = svgCaptcha as unknown as (text: string, options: RenderOptions) => string;
const RENDER_OPTIONS: Record<CaptchaLevel, RenderOptions> = {
  normal: { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f5f7fa' },
  hard: { width: 120, height: 40, fontSize: 38, noise: 5, color: true, background: '#f5f7fa' },
};

/** What a stored answer's length says about the captcha that was shown. */
export function levelOfAnswer(answer: string): CaptchaLevel {
  return answer.length >= CAPTCHA_LENGTH.hard ? 'hard' : 'normal';
}

export function randomCaptchaText(length = CAPTCHA_LENGTH.normal): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

/** Captcha answers are case-insensitive. */
export function normalizeCaptchaAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

export function createCaptchaService(db: Database, clock: Clock) {
  return {
    async create(level: CaptchaLevel = 'normal'): Promise<Captcha> {
      const now = clock();
      const text = randomCaptchaText(CAPTCHA_LENGTH[level]);
      const uuid = randomUUID();
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - SWEEP_AFTER_MS)));
      await db.insert(captchas).values({
        uuid,
        answer: normalizeCaptchaAnswer(text),
        expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_MS),
        createdAt: now,
      });
      const svg = renderCaptcha(text, RENDER_OPTIONS[level]);
      return { img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, uuid };
    },

    /** Single use: the captcha is consumed whether the answer is right or wrong; answers the level it had. */
    async consume(uuid: string, answer: string): Promise<CaptchaLevel> {
      const now = clock();
      const [row] = await db
        .update(captchas)
        .set({ consumedAt: now })
        .where(and(eq(captchas.uuid, uuid), isNull(captchas.consumedAt)))
        .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt });
      if (!row || row.expiresAt <= now || row.answer !== normalizeCaptchaAnswer(answer)) {
        throw authErrors.captchaInvalid();
      }
      return levelOfAnswer(row.answer);
    },

    /** Demo mode only: the answer of a captcha, for scripted sign-in. */
    async answerOf(uuid: string): Promise<string | null> {
      const [row] = await db
        .select({ answer: captchas.answer })
        .from(captchas)
        .where(eq(captchas.uuid, uuid));
      return row?.answer ?? null;
    },
  };
}
