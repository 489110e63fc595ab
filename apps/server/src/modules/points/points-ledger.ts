import { and, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { memberPointsLedger, members } from '../../db/schema.js';

/** Why points moved; the spending reasons count against the daily redemption caps. */
export type PointsReason = 'valet_redeem' | 'coupon_exchange' | 'refund' | 'opening';
export const SPENDING_REASONS: readonly PointsReason[] = ['valet_redeem', 'coupon_exchange'];

export type PointsSpend = {
  memberId: number;
  points: number;
  reason: PointsReason;
  refNo: string;
  storeId: number;
  userId: number;
  confirmedBy: 'sms_code';
  at: Date;
};

/** Points given back (an undone exchange): no consent, the member only gains; `refNo` the undone record. */
export type PointsRefund = Omit<PointsSpend, 'reason' | 'confirmedBy'>;

/** The ledger of members' points: the only writer of `members.points`. */
export function createPointsLedger(db: Database) {
  const spentSince = async (tx: Database, who: 'member' | 'user', id: number, from: Date, to: Date) => {
    const column = who === 'member' ? memberPointsLedger.memberId : memberPointsLedger.userId;
    const [row] = await tx
      .select({ spent: sum(sql`-${memberPointsLedger.delta}`).mapWith(Number) })
      .from(memberPointsLedger)
      .where(
        and(
          eq(column, id),
          inArray(memberPointsLedger.reason, [...SPENDING_REASONS]),
          gte(memberPointsLedger.createdAt, from),
          lt(memberPointsLedger.createdAt, to),
        ),
      );
    return row?.spent ?? 0;
  };

  return {
    /** Points the member, and the clerk, spent in [from, to). */
    async spentToday(memberId: number, userId: number, day: { start: Date; next: Date }, tx: Database = db) {
      return {
        member: await spentSince(tx, 'member', memberId, day.start, day.next),
        clerk: await spentSince(tx, 'user', userId, day.start, day.next),
      };
    },

    /** Takes the points if the member still has them and writes the ledger row; null when they are short. */
    async spend(tx: Database, spend: PointsSpend): Promise<{ balanceAfter: number } | null> {
      const [after] = await tx
        .update(members)
        .set({ points: sql`${members.points} - ${spend.points}` })
        .where(and(eq(members.id, spend.memberId), gte(members.points, spend.points)))
        .returning({ points: members.points });
      if (!after) return null;
      await tx.insert(memberPointsLedger).values({
        memberId: spend.memberId,
        delta: -spend.points,
        balanceAfter: after.points,
        reason: spend.reason,
        refNo: spend.refNo,
        storeId: spend.storeId,
        userId: spend.userId,
        confirmedBy: spend.confirmedBy,
        createdAt: spend.at,
      });
      return { balanceAfter: after.points };
    },

    /** Gives points back with a `refund` ledger row (positive delta) in the caller's transaction. */
    async refund(tx: Database, refund: PointsRefund): Promise<{ balanceAfter: number }> {
      if (!Number.isInteger(refund.points) || refund.points <= 0)
        throw new Error('points ledger: a refund gives back a positive whole number of points');
      const [after] = await tx
        .update(members)
        .set({ points: sql`${members.points} + ${refund.points}` })
        .where(eq(members.id, refund.memberId))
        .returning({ points: members.points });
      if (!after) throw new Error(`points ledger: member ${refund.memberId} is gone`);
      await tx.insert(memberPointsLedger).values({
        memberId: refund.memberId,
        delta: refund.points,
        balanceAfter: after.points,
        reason: 'refund',
        refNo: refund.refNo,
        storeId: refund.storeId,
        userId: refund.userId,
        createdAt: refund.at,
      });
      return { balanceAfter: after.points };
    },
  };
}
