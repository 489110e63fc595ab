import { maskPhone } from '@console/contract';
import type { Database } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { createAuditLog } from '../../audit/audit-log.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import { createLookupsRepository, type MemberRow, type MemberScope } from './lookups.repository.js';

export type { MemberRow, MemberScope } from './lookups.repository.js';

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
 * have an order at this store (a valet order placed here, or an upstream order the store fulfils). The
 * relationship itself is the repository's `servedBy`.
 */
export function createMemberAccess(db: Database, clock: Clock) {
  const repo = createLookupsRepository(db, clock);
  const audit = createAuditLog(db, clock);
  const requireServed = async (scope: MemberScope, publicId: string, tx?: Database): Promise<MemberRow> => {
    const row = await repo.servedMember(scope, publicId, tx);
    if (!row) throw notFound(LOOKUP_TEXT.memberNotFound, 'MEMBER_NOT_FOUND');
    return row;
  };
  return {
    /** Remembers that this session found these members at this store (the expiry starts again). */
    async recordFinds(scope: MemberScope, memberIds: readonly number[]): Promise<void> {
      if (memberIds.length === 0) return;
      await repo.upsertFinds(scope, memberIds, new Date(clock().getTime() + MEMBER_FIND_HOURS * 3_600_000));
    },

    /** Deletes expired finds (they already grant nothing); answers how many went. */
    async pruneExpiredFinds(): Promise<number> {
      let pruned = 0;
      for (;;) {
        const gone = await repo.deleteExpiredFinds(clock(), PRUNE_BATCH);
        pruned += gone;
        if (gone < PRUNE_BATCH) return pruned;
      }
    },

    /**
     * The member of that public id if the store serves them; 404 otherwise, the same answer as for an id that
     * does not exist, so ids reveal nothing.
     */
    requireServed,

    /**
     * The audit row `member.view` (clerk, store, member) of a read of the member in full (the whole phone), so
     * who looked at whose number can be told. The profile writes it while it reads the rest of the member.
     */
    recordView: (scope: MemberScope, row: MemberRow) =>
      audit.record({
        action: 'member.view',
        userId: scope.userId,
        client: scope.client,
        target: `member:${row.publicId}`,
        detail: { storeId: scope.storeId, memberNo: row.memberNo },
      }),
  };
}

export type MemberAccess = ReturnType<typeof createMemberAccess>;
