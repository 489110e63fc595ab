import {
  POINTS_REDEEM_DAILY_CAP_PER_CLERK,
  POINTS_REDEEM_DAILY_CAP_PER_MEMBER,
  maskPhone,
  type RedeemCodeSent,
} from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { SmsProvider } from '../../platform/sms.js';
import { createAuditLog, type AuditClient, type AuditLog } from '../audit/audit-log.js';
import { chinaDayBounds, createSmsCodeService } from '../auth/sms-code.service.js';
import { createPointsLedger, type PointsReason } from './points-ledger.js';
import { POINTS_TEXT } from './points-texts.js';

/** One spending of a member's points a clerk asks for: whose, how many, what for, where and by whom. */
export type Redemption = {
  member: { id: number; publicId: string; phone: string };
  points: number;
  reason: Extract<PointsReason, 'valet_redeem' | 'coupon_exchange'>;
  /** The order (or exchange) the points pay for; the member's code is bound to it and to the points. */
  refNo: string;
  store: { id: number; shopCode: string; shopName: string };
  clerk: { id: number };
  /** The clerk's client, for the audit rows. */
  client: AuditClient;
};

/** Proof that the member agreed to this redemption; only `consent` makes one. */
export type MemberConsent = { readonly confirmedBy: 'sms_code'; readonly bind: string };

const bindOf = (r: Redemption) => `${r.reason}:${r.refNo}:${r.points}`;

const auditDetail = (r: Redemption) => ({
  storeId: r.store.id,
  storeCode: r.store.shopCode,
  memberId: r.member.publicId,
  points: r.points,
  reason: r.reason,
});

/**
 * The rule of docs/domain/points.md: a member's points are spent only with the member's code (sent to the
 * member's own phone, bound to the order and the points), within per-day caps per member and per clerk, and
 * always through a ledger row and an audit row written in the transaction of the order.
 */
export function createPointsRedemption(deps: {
  db: Database;
  clock: Clock;
  sms: SmsProvider;
  audit: AuditLog;
}) {
  const { db, clock, sms, audit } = deps;
  const codes = createSmsCodeService({ db, clock, sms });
  const ledger = createPointsLedger(db);

  async function assertWithinCaps(r: Redemption, tx: Database = db) {
    const spent = await ledger.spentToday(r.member.id, r.clerk.id, chinaDayBounds(clock()), tx);
    const caps = [
      {
        cap: POINTS_REDEEM_DAILY_CAP_PER_MEMBER,
        spent: spent.member,
        code: 'POINTS_MEMBER_DAILY_CAP',
        text: POINTS_TEXT.memberDailyCap,
      },
      {
        cap: POINTS_REDEEM_DAILY_CAP_PER_CLERK,
        spent: spent.clerk,
        code: 'POINTS_CLERK_DAILY_CAP',
        text: POINTS_TEXT.clerkDailyCap,
      },
    ];
    for (const { cap, spent: spentToday, code, text } of caps) {
      const left = Math.max(0, cap - spentToday);
      if (r.points > left) throw new AppError(422, code, text(cap, left));
    }
  }

  return {
    /** Texts the member a code naming the store and the points (after the caps allow it); audited. */
    async sendCode(r: Redemption): Promise<RedeemCodeSent> {
      await assertWithinCaps(r);
      const sent = await codes.issue(r.member.phone, 'points_redeem', {
        deliver: true,
        bind: bindOf(r),
        content: (code) => POINTS_TEXT.smsContent(r.store.shopName, r.points, code),
      });
      await audit.record({
        action: 'member.points_code_sent',
        userId: r.clerk.id,
        client: r.client,
        target: r.refNo,
        detail: auditDetail(r),
      });
      return { phoneMasked: maskPhone(r.member.phone), resendAfterSeconds: sent.resendAfterSeconds };
    },

    /**
     * Before the order's transaction: the code is required, the caps must allow the points, and the code is
     * consumed (a wrong one counts against it, is audited and refused with the SMS service's message).
     */
    async consent(r: Redemption, memberCode: string | undefined): Promise<MemberConsent> {
      if (!memberCode)
        throw new AppError(422, 'MEMBER_CONFIRMATION_REQUIRED', POINTS_TEXT.memberConfirmationRequired);
      await assertWithinCaps(r);
      try {
        await codes.consume(r.member.phone, 'points_redeem', memberCode, bindOf(r));
      } catch (error) {
        await audit.record({
          action: 'member.points_redeem_refused',
          userId: r.clerk.id,
          client: r.client,
          target: r.refNo,
          detail: { ...auditDetail(r), refusal: error instanceof AppError ? error.errorCode : 'ERROR' },
        });
        throw error;
      }
      return { confirmedBy: 'sms_code', bind: bindOf(r) };
    },

    /**
     * In the order's transaction: the caps again (serialised per member and per clerk), the points taken with
     * a ledger row, and the audit row. Throws the 422 of short points or a cap, which rolls the order back.
     */
    async redeem(tx: Database, r: Redemption, consent: MemberConsent): Promise<{ balanceAfter: number }> {
      if (consent.bind !== bindOf(r)) throw new Error('points redemption: consent is for another redemption');
      // Member first, then clerk, in every transaction, so two redemptions never wait on each other in a cycle.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`points:member:${r.member.id}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`points:clerk:${r.clerk.id}`}))`);
      await assertWithinCaps(r, tx);
      const now = clock();
      const spent = await ledger.spend(tx, {
        memberId: r.member.id,
        points: r.points,
        reason: r.reason,
        refNo: r.refNo,
        storeId: r.store.id,
        userId: r.clerk.id,
        confirmedBy: consent.confirmedBy,
        at: now,
      });
      if (!spent) throw new AppError(422, 'POINTS_SHORT', POINTS_TEXT.notEnoughPoints);
      await createAuditLog(tx, clock).record({
        action: 'member.points_redeem',
        userId: r.clerk.id,
        client: r.client,
        target: r.refNo,
        detail: { ...auditDetail(r), balanceAfter: spent.balanceAfter, confirmedBy: consent.confirmedBy },
      });
      return spent;
    },
  };
}

export type PointsRedemption = ReturnType<typeof createPointsRedemption>;
