import { maskPhone } from '@console/contract';
import { and, eq, exists, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { memberFinds, members, omsOrders, performanceOrders, valetOrders } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { LOOKUP_TEXT } from './lookup-texts.js';

/** Who asks about members, where: the signed-in session and the store of the request (`access.store`). */
export type MemberScope = { storeId: number; sessionId: number; userId: number };
export type MemberRow = typeof members.$inferSelect;

/** A member found by full phone or member number may be served at that store for this long (a shift). */
export const MEMBER_FIND_HOURS = 8;

/** Expired finds are deleted this many at a time, so one sweep never holds a long transaction. */
const PRUNE_BATCH = 5_000;

/** What an audit row keeps of a search: phones masked, anything else with its middle starred. */
export function maskedKeywords(keywords: string): string {
  if (/^\d+$/.test(keywords)) return maskPhone(keywords);
  const chars = [...keywords];
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/**
 * The relationship a store needs to serve a member (security issue, member data): the member is the store's
 * (home store), this session found them at this store by full phone or member number (not expired), or they
 * have an order at this store (a valet order placed here, or an upstream order the store fulfils).
 */
export function createMemberAccess(db: Database, clock: Clock) {
  const servedBy = (scope: MemberScope, tx: Database = db): SQL =>
    or(
      eq(members.homeStoreId, scope.storeId),
      exists(
        tx
          .select({ one: sql`1` })
          .from(memberFinds)
          .where(
            and(
              eq(memberFinds.sessionId, scope.sessionId),
              eq(memberFinds.storeId, scope.storeId),
              eq(memberFinds.memberId, members.id),
              gt(memberFinds.expiresAt, clock()),
            ),
          ),
      ),
      exists(
        tx
          .select({ one: sql`1` })
          .from(valetOrders)
          .where(and(eq(valetOrders.storeId, scope.storeId), eq(valetOrders.memberId, members.id))),
      ),
      exists(
        tx
          .select({ one: sql`1` })
          .from(performanceOrders)
          .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
          .where(and(eq(performanceOrders.storeId, scope.storeId), eq(omsOrders.memberId, members.id))),
      ),
    )!;

  return {
    servedBy,

    /** Remembers that this session found these members at this store (the expiry starts again). */
    async recordFinds(scope: MemberScope, memberIds: readonly number[]): Promise<void> {
      if (memberIds.length === 0) return;
      const expiresAt = new Date(clock().getTime() + MEMBER_FIND_HOURS * 3_600_000);
      await db
        .insert(memberFinds)
        .values(
          memberIds.map((memberId) => ({
            sessionId: scope.sessionId,
            storeId: scope.storeId,
            memberId,
            expiresAt,
          })),
        )
        .onConflictDoUpdate({
          target: [memberFinds.sessionId, memberFinds.storeId, memberFinds.memberId],
          set: { expiresAt },
        });
    },

    /** Deletes expired finds (they already grant nothing); answers how many went. */
    async pruneExpiredFinds(): Promise<number> {
      let pruned = 0;
      for (;;) {
        const expired = db
          .select({ id: memberFinds.id })
          .from(memberFinds)
          .where(lte(memberFinds.expiresAt, clock()))
          .limit(PRUNE_BATCH);
        const gone = await db
          .delete(memberFinds)
          .where(inArray(memberFinds.id, expired))
          .returning({ id: memberFinds.id });
        pruned += gone.length;
        if (gone.length < PRUNE_BATCH) return pruned;
      }
    },

    /**
     * The member of that public id if the store serves them; 404 otherwise, the same answer as for an id that
     * does not exist, so ids reveal nothing.
     */
    async requireServed(scope: MemberScope, publicId: string, tx: Database = db): Promise<MemberRow> {
      const [row] = await tx
        .select()
        .from(members)
        .where(and(eq(members.publicId, publicId), servedBy(scope, tx)))
        .limit(1);
      if (!row) throw notFound(LOOKUP_TEXT.memberNotFound, 'MEMBER_NOT_FOUND');
      return row;
    },
  };
}

export type MemberAccess = ReturnType<typeof createMemberAccess>;
