import type { IntentionStatus, intentionListBodySchema } from '@console/contract';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { likeContains } from '../../../db/like-pattern.js';
import { numberedPageOf } from '../../../db/paged-query.js';
import { customerIntentions, members } from '../../../db/schema.js';
import { withinShanghaiDays } from '../../../db/shanghai-days.js';

type ListBody = z.output<typeof intentionListBodySchema>;
type FollowUp = (typeof customerIntentions.$inferSelect)['followUps'][number];

const columns = {
  omsConsultantsNo: customerIntentions.omsConsultantsNo,
  customerName: customerIntentions.customerName,
  customerPhone: customerIntentions.customerPhone,
  memberNo: members.memberNo,
  memberName: members.name,
  interest: customerIntentions.interest,
  status: customerIntentions.status,
  followUps: customerIntentions.followUps,
  createdAt: customerIntentions.createdAt,
};
export type IntentionRecord = {
  [K in keyof typeof columns]:
    (typeof columns)[K]['_']['data'] | (K extends 'memberNo' | 'memberName' ? null : never);
};

/** Every SQL statement of the store's customer intentions. */
export function createIntentionsRepository(db: Database) {
  /** Intentions with their member, if any. */
  const selectIntentions = () =>
    db
      .select(columns)
      .from(customerIntentions)
      .leftJoin(members, eq(members.id, customerIntentions.memberId));

  return {
    /** The store's intention by number; null when missing or another store's. */
    async find(storeId: number, omsConsultantsNo: string): Promise<IntentionRecord | null> {
      const [record] = await selectIntentions()
        .where(
          and(
            eq(customerIntentions.storeId, storeId),
            eq(customerIntentions.omsConsultantsNo, omsConsultantsNo),
          ),
        )
        .limit(1);
      return record ?? null;
    },

    /** The store's intentions, newest first; exact count. */
    page(storeId: number, body: ListBody) {
      const where: SQL[] = [
        eq(customerIntentions.storeId, storeId),
        ...withinShanghaiDays(customerIntentions.createdAt, body.dateFrom, body.dateTo),
      ];
      if (body.status !== 'all') where.push(eq(customerIntentions.status, body.status));
      if (body.keyword) {
        const pattern = likeContains(body.keyword);
        where.push(
          or(
            eq(customerIntentions.omsConsultantsNo, body.keyword),
            eq(customerIntentions.customerPhone, body.keyword),
            ilike(customerIntentions.customerName, pattern),
            ilike(customerIntentions.interest, pattern),
          )!,
        );
      }
      const condition = and(...where);
      return numberedPageOf(
        body,
        selectIntentions()
          .where(condition)
          .orderBy(desc(customerIntentions.createdAt), desc(customerIntentions.id)),
        db.select({ n: count() }).from(customerIntentions).where(condition),
      );
    },

    /**
     * Appends the follow-up and moves the status in one conditional UPDATE that matches only while the
     * intention is not closed; the rows it changed.
     */
    appendFollowUp(storeId: number, omsConsultantsNo: string, entry: FollowUp, status: IntentionStatus) {
      return db
        .update(customerIntentions)
        .set({
          followUps: sql`${customerIntentions.followUps} || ${JSON.stringify([entry])}::jsonb`,
          status,
        })
        .where(
          and(
            eq(customerIntentions.storeId, storeId),
            eq(customerIntentions.omsConsultantsNo, omsConsultantsNo),
            sql`${customerIntentions.status} <> 'closed'`,
          ),
        )
        .returning({ id: customerIntentions.id });
    },
  };
}

export type IntentionsRepository = ReturnType<typeof createIntentionsRepository>;
