import { z } from 'zod';

/**
 * Member points redemption (docs/domain/points.md): points move only with the member's confirmation — a code
 * sent to the member's own phone — within per-day caps, and always through a ledger row. Valet points orders
 * use it now; coupon exchanges reuse the same rule.
 */

/** Points one member may redeem per China calendar day, over every store and clerk. */
export const POINTS_REDEEM_DAILY_CAP_PER_MEMBER = 20_000;
/** Points one clerk may redeem per China calendar day, over every member and store. */
export const POINTS_REDEEM_DAILY_CAP_PER_CLERK = 100_000;

/** The code the member received and reads out (or shows) to the clerk. */
export const memberCodeSchema = z
  .string({ error: '积分兑换验证码为6位数字' })
  .trim()
  .regex(/^\d{6}$/, '积分兑换验证码为6位数字');

/** Answer to sending a redemption code: where it went (masked) and when another may be sent. */
export const redeemCodeSentSchema = z.object({
  phoneMasked: z.string(),
  resendAfterSeconds: z.number().int(),
});
export type RedeemCodeSent = z.infer<typeof redeemCodeSentSchema>;
