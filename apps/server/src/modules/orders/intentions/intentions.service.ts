import {
  INTENTION_STATUS_TEXT,
  type IntentionDetail,
  type IntentionPage,
  type IntentionRow,
  type IntentionStatus,
  type followIntentionBodySchema,
  type intentionListBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import { mapPage } from '../../../db/paged-query.js';
import { createIntentionsRepository, type IntentionRecord } from './intentions.repository.js';

type ListBody = z.output<typeof intentionListBodySchema>;
type FollowBody = z.output<typeof followIntentionBodySchema>;

/** Who works on the store's intentions: the scoped store and the signed-in user. */
export type IntentionActor = { storeId: number; userId: number; nickName: string; canFollow: boolean };

export const INTENTION_TEXT = {
  notFound: '客户意向不存在',
  closed: '该意向已关闭，不能再跟进',
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
  const intentions = createIntentionsRepository(db);

  return {
    async list(storeId: number, body: ListBody): Promise<IntentionPage> {
      const page = await intentions.page(storeId, body);
      return mapPage(page, toRow);
    },

    async detail(actor: IntentionActor, omsConsultantsNo: string): Promise<IntentionDetail> {
      const record = await intentions.find(actor.storeId, omsConsultantsNo);
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
      const updated = await intentions.appendFollowUp(
        actor.storeId,
        body.omsConsultantsNo,
        entry,
        body.status ?? 'following',
      );
      if (updated.length === 0) {
        const existing = await intentions.find(actor.storeId, body.omsConsultantsNo);
        if (!existing) throw notFound(INTENTION_TEXT.notFound, 'INTENTION_NOT_FOUND');
        throw new AppError(409, 'INTENTION_CLOSED', INTENTION_TEXT.closed);
      }
      return this.detail(actor, body.omsConsultantsNo);
    },
  };
}

export type IntentionService = ReturnType<typeof createIntentionService>;
