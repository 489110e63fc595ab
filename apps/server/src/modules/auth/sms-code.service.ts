import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { smsCodes } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { MemberCodePurpose, SmsProvider, SmsCodePurpose } from '../../platform/sms.js';
import { AUTH_TEXT, authErrors, wholeSeconds } from './auth.messages.js';
import { sha256 } from './token.js';

export const SMS_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_WRONG_TRIES = 5;
export const SMS_DAILY_CAP_PER_PHONE = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily cap follows the calendar day in China (UTC+8, no daylight saving). */
const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const KEEP_ROWS_MS = 2 * DAY_MS;

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Every purpose a code is issued for: staff sign-in codes and members' consent codes. */
export type CodePurpose = SmsCodePurpose | MemberCodePurpose;

/**
 * Phone and purpose salt the hash, so one precomputed table of the million codes does not fit every row. `bind`
 * (e.g. the order a member agrees to) joins the salt: the code then only matches when consumed for the same thing.
 */
export function hashSmsCode(phone: string, purpose: CodePurpose, code: string, bind = ''): string {
  return sha256(bind ? `${purpose}:${bind}:${phone}:${code}` : `${purpose}:${phone}:${code}`);
}

/** Start of the China calendar day that holds `now`, and the start of the next one. */
export function chinaDayBounds(now: Date): { start: Date; next: Date } {
  const start = Math.floor((now.getTime() + CHINA_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_UTC_OFFSET_MS;
  return { start: new Date(start), next: new Date(start + DAY_MS) };
}

export function smsContent(purpose: SmsCodePurpose, code: string): string {
  return AUTH_TEXT.smsContent[purpose](code);
}

/** How a code is issued: `bind` ties it to one thing; `content` is the text of a member's code (it names more). */
export type IssueOptions =
  | { deliver: boolean; bind?: string; content?: undefined }
  | { deliver: boolean; bind: string; content: (code: string) => string };

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

export function createSmsCodeService({ db, clock, sms }: { db: Database; clock: Clock; sms: SmsProvider }) {
  return {
    /**
     * Issues a code. With `deliver` false (unknown or disabled phone) the code is recorded but never sent, so
     * throttling and answers are the same for every phone and accounts cannot be enumerated.
     */
    async issue(
      phone: string,
      purpose: CodePurpose,
      { deliver, bind, content }: IssueOptions,
    ): Promise<{ resendAfterSeconds: number }> {
      const now = clock();
      const code = newSmsCode();
      const id = await db.transaction(async (tx) => {
        // Serialises concurrent sends to one phone, so two requests cannot both pass the resend check.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
        const [latest] = await tx
          .select({ createdAt: smsCodes.createdAt })
          .from(smsCodes)
          .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
          .orderBy(desc(smsCodes.createdAt))
          .limit(1);
        const sinceLatest = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
        if (sinceLatest < SMS_RESEND_INTERVAL_MS) {
          throw authErrors.smsResendTooSoon(wholeSeconds(SMS_RESEND_INTERVAL_MS - sinceLatest));
        }
        const day = chinaDayBounds(now);
        const [today] = await tx
          .select({ sent: count() })
          .from(smsCodes)
          .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, day.start)));
        if ((today?.sent ?? 0) >= SMS_DAILY_CAP_PER_PHONE) {
          throw authErrors.smsDailyLimit(wholeSeconds(day.next.getTime() - now.getTime()));
        }
        await tx
          .delete(smsCodes)
          .where(
            and(eq(smsCodes.phone, phone), lt(smsCodes.createdAt, new Date(now.getTime() - KEEP_ROWS_MS))),
          );
        const [row] = await tx
          .insert(smsCodes)
          .values({
            phone,
            purpose,
            codeHash: hashSmsCode(phone, purpose, code, bind),
            createdAt: now,
            expiresAt: new Date(now.getTime() + SMS_CODE_LIFETIME_MS),
          })
          .returning({ id: smsCodes.id });
        return row!.id;
      });

      if (deliver) {
        try {
          const text = content ? content(code) : smsContent(purpose as SmsCodePurpose, code);
          await sms.send({ phone, purpose, code, content: text });
        } catch (error) {
          // An undelivered code must not block a retry for a minute.
          await db.delete(smsCodes).where(eq(smsCodes.id, id));
          throw Object.assign(authErrors.smsSendFailed(), { cause: error });
        }
      }
      return { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
    },

    /**
     * Consumes the newest code of the phone and purpose (issued with the same `bind`); every wrong answer counts
     * against it.
     */
    async consume(phone: string, purpose: CodePurpose, code: string, bind = ''): Promise<void> {
      const now = clock();
      const [latest] = await db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
        .limit(1);
      if (!latest || latest.consumedAt || latest.expiresAt <= now) throw authErrors.smsCodeInvalid();
      if (latest.attempts >= SMS_MAX_WRONG_TRIES) throw authErrors.smsCodeExhausted();

      if (!sameHash(latest.codeHash, hashSmsCode(phone, purpose, code, bind))) {
        const [counted] = await db
          .update(smsCodes)
          .set({ attempts: sql`${smsCodes.attempts} + 1` })
          .where(and(eq(smsCodes.id, latest.id), lt(smsCodes.attempts, SMS_MAX_WRONG_TRIES)))
          .returning({ attempts: smsCodes.attempts });
        if (!counted || counted.attempts >= SMS_MAX_WRONG_TRIES) throw authErrors.smsCodeExhausted();
        throw authErrors.smsCodeInvalid();
      }

      const [consumed] = await db
        .update(smsCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(smsCodes.id, latest.id),
            isNull(smsCodes.consumedAt),
            lt(smsCodes.attempts, SMS_MAX_WRONG_TRIES),
          ),
        )
        .returning({ id: smsCodes.id });
      if (!consumed) throw authErrors.smsCodeInvalid();
    },
  };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
