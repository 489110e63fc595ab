import {
  INTENTION_STATUS_TEXT,
  type IntentionDetail,
  type IntentionPage,
  type IntentionRow,
  type IntentionStatus,
  type followIntentionBodySchema,
  type intentionListBodySchema,
} from '@console/contract';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { customerIntentions, members } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import { likeLiteral } from '../../../db/like-pattern.js';
import { withinShanghaiDays } from './day-range.js';
import { mapPage, numberedPage } from '../../../db/paged-query.js';

type ListBody = z.output<typeof intentionListBodySchema>;
type FollowBody = z.output<typeof followIntentionBodySchema>;

/** Who works on the store's intentions: the scoped store and the signed-in user. */
export type IntentionActor = { storeId: number; userId: number; nickName: string; canFollow: boolean };

export const INTENTION_TEXT = {
  notFound: '客户意向不存在',
  closed: '该意向已关闭，不能再跟进',
};

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
type IntentionRecord = {
  [K in keyof typeof columns]:
    (typeof columns)[K]['_']['data'] | (K extends 'memberNo' | 'memberName' ? null : never);
};

function toRow(record: IntentionRecord): IntentionRow {
  const status = record.status as IntentionStatus;
  const last = record.followUps.at(-1);
  return {
    omsConsultantsNo: record.omsConsultantsNo,
    customerName: record.customerName,
    customerPhone: record.customerPhone,
    memberNo: record.memberNo,
    interest: record.interest,
    status,
    statusText: INTENTION_STATUS_TEXT[status],
    followUpCount: record.followUps.length,
    lastFollowUpAt: last ? shanghaiDateTime(new Date(last.at)) : null,
    createdAt: shanghaiDateTime(record.createdAt),
  };
}

/**
 * Customer intentions of the caller's store (docs/domain/orders.md "Customer intentions"): the list, one with
 * its follow-ups, and a follow-up. An intention of another store is not found, whichever way it is asked for.
 */
export function createIntentionService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function find(storeId: number, omsConsultantsNo: string): Promise<IntentionRecord | null> {
    const [record] = await db
      .select(columns)
      .from(customerIntentions)
      .leftJoin(members, eq(members.id, customerIntentions.memberId))
      .where(
        and(
          eq(customerIntentions.storeId, storeId),
          eq(customerIntentions.omsConsultantsNo, omsConsultantsNo),
        ),
      )
      .limit(1);
    return record ?? null;
  }

  return {
    async list(storeId: number, body: ListBody): Promise<IntentionPage> {
      const where: SQL[] = [
        eq(customerIntentions.storeId, storeId),
        ...withinShanghaiDays(customerIntentions.createdAt, body.dateFrom, body.dateTo),
      ];
      if (body.status !== 'all') where.push(eq(customerIntentions.status, body.status));
      if (body.keyword) {
        const pattern = `%${likeLiteral(body.keyword)}%`;
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
      const page = await numberedPage(body, {
        rows: ({ limit, offset }) =>
          db
            .select(columns)
            .from(customerIntentions)
            .leftJoin(members, eq(members.id, customerIntentions.memberId))
            .where(condition)
            .orderBy(desc(customerIntentions.createdAt), desc(customerIntentions.id))
            .limit(limit)
            .offset(offset),
        count: db.select({ n: count() }).from(customerIntentions).where(condition),
      });
      return mapPage(page, toRow);
    },

    async detail(actor: IntentionActor, omsConsultantsNo: string): Promise<IntentionDetail> {
      const record = await find(actor.storeId, omsConsultantsNo);
      if (!record) throw notFound(INTENTION_TEXT.notFound, 'INTENTION_NOT_FOUND');
      return {
        ...toRow(record),
        memberName: record.memberName,
        followUps: record.followUps.map((f) => ({
          at: shanghaiDateTime(new Date(f.at)),
          userName: f.userName,
          note: f.note,
        })),
        canFollow: actor.canFollow && record.status !== 'closed',
      };
    },

    /**
     * Appends the follow-up and moves the status (new → following by default, or → closed) in one conditional
     * UPDATE, so a follow-up racing a close either lands before it or is refused.
     */
    async follow(actor: IntentionActor, body: FollowBody): Promise<IntentionDetail> {
      const entry = {
        at: clock().toISOString(),
        userId: actor.userId,
        userName: actor.nickName,
        note: body.note,
      };
      const updated = await db
        .update(customerIntentions)
        .set({
          followUps: sql`${customerIntentions.followUps} || ${JSON.stringify([entry])}::jsonb`,
          status: body.status ?? 'following',
        })
        .where(
          and(
            eq(customerIntentions.storeId, actor.storeId),
            eq(customerIntentions.omsConsultantsNo, body.omsConsultantsNo),
            sql`${customerIntentions.status} <> 'closed'`,
          ),
        )
        .returning({ id: customerIntentions.id });
      if (updated.length === 0) {
        const existing = await find(actor.storeId, body.omsConsultantsNo);
        if (!existing) throw notFound(INTENTION_TEXT.notFound, 'INTENTION_NOT_FOUND');
        throw new AppError(409, 'INTENTION_CLOSED', INTENTION_TEXT.closed);
      }
      return this.detail(actor, body.omsConsultantsNo);
    },
  };
}

export type IntentionService = ReturnType<typeof createIntentionService>;
