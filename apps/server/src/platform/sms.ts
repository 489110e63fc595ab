import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { smsOutbox } from '../db/schema.js';

/** What a staff verification code is for (sign-in, password reset, changing the account's phone). */
export type SmsCodePurpose = 'login' | 'reset' | 'change_phone';
/** What a member's code is for: `points_redeem` confirms spending points (docs/domain/points.md), `tea_tree_adopt` an adoption (docs/domain/tea-tree.md). */
export type MemberCodePurpose = 'points_redeem' | 'tea_tree_adopt';
/** `phone_notice`: a notice without a code (the old number hears that the account's phone changed). */
export type SmsPurpose = SmsCodePurpose | MemberCodePurpose | 'phone_notice';
export type SmsMessage = { phone: string; purpose: SmsPurpose; code: string; content: string };

/** Sends text messages. A real gateway implements this; the default keeps an outbox. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Default provider: records every message in the database outbox (read by /dev/sms-outbox in demo mode). */
export function createOutboxSmsProvider(db: Database): SmsProvider {
  return {
    async send(message) {
      await db.insert(smsOutbox).values(message);
    },
  };
}

export async function readOutbox(db: Database, phone: string, limit = 20) {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
