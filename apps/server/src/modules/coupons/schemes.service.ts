import {
  ISSUE_AUDIENCE_TEXT,
  ISSUE_CHANNEL_TEXT,
  ISSUE_SCHEME_STATE_TEXT,
  NEW_MEMBER_DAYS,
  type IssueAudience,
  type IssueChannel,
  type IssueSchemeDetail,
  type issueSchemeBodySchema,
  type IssueSchemeRow,
  type IssueSchemeState,
  type platformSchemeFilters,
  type StoreScope,
  type storeSchemeFilters,
} from '@console/contract';
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { listedStores } from '../stores/stores-of-codes.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog, type AuditClient, type AuditLog } from '../audit/audit-log.js';
import { auditedChanges, runChange } from '../audit/run-change.js';
import { shanghaiDateTime } from '../im/message-format.js';
import type { MemberAccess } from '../orders/lookups/member-access.js';
import { COUPON_TEXT } from './coupon-texts.js';
import { counterCoupon, couponValueText } from './coupons.service.js';
import { createSchemesRepository, type SchemeRecord } from './schemes.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const SCHEME_TEXT = {
  notFound: '发放方案不存在',
  runningNoDelete: '发放方案进行中，不能删除；请先等待结束或隐藏方案',
  issuedNoDelete: '发放方案已发放过优惠券，不能删除',
  endedNoEdit: '发放方案已结束，不能编辑',
  quantityBelowIssued: (n: number) => `发放总量不能少于已发放数量${n}`,
  unknownCoupons: '所选优惠券不存在',
  notRunning: '发放方案不在发放时间内',
  hidden: '发放方案已隐藏',
  noCounterChannel: '该方案不通过门店发放',
  storeNotInScope: '本门店不在该方案的发放门店内',
  audience: '会员不符合该方案的发放对象',
  memberLimit: (n: number) => `每位会员最多领取${n}次该方案`,
  exhausted: '发放方案已发完',
} as const;

type Body = z.output<typeof issueSchemeBodySchema>;
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`));
const dayOf = (at: Date) => new Date(at.getTime() + 8 * HOUR_MS).toISOString().slice(0, 10);

export function schemeState(s: Pick<SchemeRecord, 'startAt' | 'endAt'>, now: Date): IssueSchemeState {
  if (now < s.startAt) return 'not_started';
  if (now >= s.endAt) return 'ended';
  return 'running';
}

/** Who issues at the counter. */
export type IssueActor = {
  store: { id: number; shopCode: string };
  user: { id: number };
  sessionId: number;
  client: AuditClient;
};

/**
 * Issue schemes (docs/domain/coupons.md "Issue schemes"): head office adds, edits, shows or hides and deletes
 * them (audited); a store lists those that issue at it and issues one to a member at the counter, never past
 * the scheme's quantity or a member's limit.
 */
export function createSchemesService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  memberAccess: MemberAccess;
}) {
  const { db, clock, audit, memberAccess } = deps;
  const change = auditedChanges(db, audit);
  /** A new scheme's number is random: a clash answers 409 and the caller tries again. */
  const changeNumbered = auditedChanges(db, audit, {
    raced: () => conflict('方案编号冲突，请重试', 'SCHEME_NO_TAKEN'),
  });
  const repo = createSchemesRepository(db);

  function toRow(s: SchemeRecord, now = clock()): IssueSchemeRow {
    const state = schemeState(s, now);
    const channels = s.channels as IssueChannel[];
    return {
      id: s.id,
      schemeNo: s.schemeNo,
      name: s.name,
      channels,
      channelsText: channels.map((c) => ISSUE_CHANNEL_TEXT[c]).join('、'),
      quantity: s.quantity,
      issuedCount: s.issuedCount,
      perMemberLimit: s.perMemberLimit,
      startDate: dayOf(s.startAt),
      endDate: dayOf(new Date(s.endAt.getTime() - 1)),
      state,
      stateText: ISSUE_SCHEME_STATE_TEXT[state],
      visible: s.visible,
      audience: s.audience as IssueAudience,
      audienceText: ISSUE_AUDIENCE_TEXT[s.audience as IssueAudience],
      minLevel: s.minLevel,
      storeScope: s.storeScope as StoreScope,
      updatedAt: shanghaiDateTime(s.updatedAt),
      actions: { edit: state !== 'ended', delete: state !== 'running' && s.issuedCount === 0 },
    };
  }

  async function detailOf(s: SchemeRecord, tx: Database = db): Promise<IssueSchemeDetail> {
    const parts = await repo.couponsOf(s.id, tx);
    return {
      ...toRow(s),
      coupons: parts.map((p) => ({
        couponId: p.couponId,
        name: p.coupon.name,
        valueText: couponValueText(p.coupon),
        count: p.count,
      })),
      storeCodes: await repo.storeCodesOf(s.id, tx),
      remark: s.remark,
      memberCount: tx === db ? await repo.memberCount(s.id) : 0,
    };
  }

  async function required(id: number): Promise<SchemeRecord> {
    const s = await repo.scheme(id);
    if (!s) throw notFound(SCHEME_TEXT.notFound, 'SCHEME_NOT_FOUND');
    return s;
  }

  async function partsOf(body: Body) {
    const ids = body.coupons.map((c) => c.couponId);
    const known = await repo.existingCouponIds(ids);
    if (known.length !== ids.length) throw new AppError(422, 'COUPON_NOT_FOUND', SCHEME_TEXT.unknownCoupons);
    const found = await listedStores(
      db,
      body.storeScope === 'listed' ? body.storeCodes : [],
      COUPON_TEXT.unknownStores,
    );
    return { coupons: body.coupons, storeIds: found.map((s) => s.id) };
  }

  const valuesOf = (body: Body) => ({
    name: body.name,
    channels: [...new Set(body.channels)],
    quantity: body.quantity,
    perMemberLimit: body.perMemberLimit,
    startAt: dayStart(body.startDate),
    endAt: new Date(dayStart(body.endDate).getTime() + DAY_MS),
    audience: body.audience,
    minLevel: body.audience === 'min_level' ? body.minLevel : 0,
    storeScope: body.storeScope,
    remark: body.remark,
    updatedAt: clock(),
  });

  return {
    toRow,
    async platformPage(filter: z.output<typeof platformSchemeFilters.request>) {
      const now = clock();
      return mapPage(await repo.platformPage(filter, now), (s) => toRow(s, now));
    },
    async storePage(storeId: number, filter: z.output<typeof storeSchemeFilters.request>) {
      const now = clock();
      return mapPage(await repo.storePage(storeId, filter, now), (s) => toRow(s, now));
    },
    detail: async (id: number) => detailOf(await required(id)),
    async channelsAndCoupons(id: number) {
      const detail = await detailOf(await required(id));
      return {
        id,
        channels: detail.channels.map((value) => ({ value, label: ISSUE_CHANNEL_TEXT[value] })),
        coupons: detail.coupons,
      };
    },

    async add(actor: AdminActor, body: Body): Promise<IssueSchemeDetail> {
      const parts = await partsOf(body);
      const now = clock();
      const schemeNo = `IS${dayOf(now).replace(/-/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
      return changeNumbered(actor, 'issue_scheme.add', schemeNo, async (tx) => {
        const s = await repo.insert(tx, { ...valuesOf(body), schemeNo, createdBy: actor.caller.user.id });
        await repo.setParts(tx, s.id, parts);
        const detail = await detailOf(s, tx);
        return { result: detail, before: null, after: detail };
      });
    },

    async update(actor: AdminActor, body: Body & { id: number }): Promise<IssueSchemeDetail> {
      const parts = await partsOf(body);
      return change(actor, 'issue_scheme.update', `scheme:${body.id}`, async (tx) => {
        const before = await repo.lockScheme(tx, body.id);
        if (!before) throw notFound(SCHEME_TEXT.notFound, 'SCHEME_NOT_FOUND');
        if (schemeState(before, clock()) === 'ended') throw conflict(SCHEME_TEXT.endedNoEdit, 'SCHEME_ENDED');
        if (body.quantity < before.issuedCount)
          throw new AppError(
            422,
            'SCHEME_QUANTITY_BELOW_ISSUED',
            SCHEME_TEXT.quantityBelowIssued(before.issuedCount),
          );
        const beforeDetail = await detailOf(before, tx);
        const s = await repo.update(tx, body.id, valuesOf(body));
        await repo.setParts(tx, s.id, parts);
        const after = await detailOf(s, tx);
        return { result: after, before: beforeDetail, after };
      });
    },

    async showOrHide(actor: AdminActor, id: number, visible: boolean): Promise<IssueSchemeRow> {
      return change(actor, 'issue_scheme.show_or_hide', `scheme:${id}`, async (tx) => {
        const before = await repo.lockScheme(tx, id);
        if (!before) throw notFound(SCHEME_TEXT.notFound, 'SCHEME_NOT_FOUND');
        const [after] = await repo.setVisible(tx, id, visible, clock());
        return { result: toRow(after!), before: { visible: before.visible }, after: { visible } };
      });
    },

    /** Deletes a scheme that is not running and never issued: 409 with the reason otherwise. */
    async remove(actor: AdminActor, id: number): Promise<{ id: number }> {
      return change(actor, 'issue_scheme.delete', `scheme:${id}`, async (tx) => {
        const before = await repo.lockScheme(tx, id);
        if (!before) throw notFound(SCHEME_TEXT.notFound, 'SCHEME_NOT_FOUND');
        const now = clock();
        if (schemeState(before, now) === 'running')
          throw conflict(SCHEME_TEXT.runningNoDelete, 'SCHEME_RUNNING');
        if (before.issuedCount > 0) throw conflict(SCHEME_TEXT.issuedNoDelete, 'SCHEME_ISSUED');
        await repo.deleteIfIdle(tx, id, now);
        return { result: { id }, before: toRow(before, now), after: null };
      });
    },

    /**
     * Issues the scheme's coupons to a member at the counter: running, visible, through the counter, the store in
     * scope, the member in the audience and under the limit; the scheme row is locked, so the per-member count
     * is exact, and the quantity is taken by a conditional update, so no issue goes past it.
     */
    async issue(actor: IssueActor, input: { id: number; memberId: string }) {
      const scope = {
        storeId: actor.store.id,
        sessionId: actor.sessionId,
        userId: actor.user.id,
        client: actor.client,
      };
      const member = await memberAccess.requireServed(scope, input.memberId);
      return runChange(db, {
        lock: {
          read: async (tx) => {
            const s = await repo.lockScheme(tx, input.id);
            if (!s) throw notFound(SCHEME_TEXT.notFound, 'SCHEME_NOT_FOUND');
            return s;
          },
        },
        record: async (tx, { locked: s }) => {
          const now = clock();
          if (schemeState(s, now) !== 'running')
            throw new AppError(422, 'SCHEME_NOT_RUNNING', SCHEME_TEXT.notRunning);
          if (!s.visible) throw new AppError(422, 'SCHEME_HIDDEN', SCHEME_TEXT.hidden);
          if (!s.channels.includes('store_counter'))
            throw new AppError(422, 'SCHEME_NO_COUNTER', SCHEME_TEXT.noCounterChannel);
          if (!(await repo.inStoreScope(tx, s.id, actor.store.id)))
            throw new AppError(422, 'SCHEME_STORE_NOT_IN_SCOPE', SCHEME_TEXT.storeNotInScope);
          const isNew = now.getTime() - member.createdAt.getTime() <= NEW_MEMBER_DAYS * DAY_MS;
          if (
            (s.audience === 'new_members' && !isNew) ||
            (s.audience === 'min_level' && member.level < s.minLevel)
          )
            throw new AppError(422, 'SCHEME_AUDIENCE', SCHEME_TEXT.audience);
          if ((await repo.issuesTo(tx, s.id, member.id)) >= s.perMemberLimit)
            throw new AppError(422, 'SCHEME_MEMBER_LIMIT', SCHEME_TEXT.memberLimit(s.perMemberLimit));
          if (!(await repo.takeIssue(tx, s.id)))
            throw new AppError(422, 'SCHEME_EXHAUSTED', SCHEME_TEXT.exhausted);
          const batch = `CI${now.getTime()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
          const rows = (await repo.couponsOf(s.id, tx)).flatMap((part) =>
            Array.from({ length: part.count }, () => part.coupon),
          );
          const couponNos = rows.map((_, i) => `${batch}-${i + 1}`);
          await repo.insertIssued(
            tx,
            rows.map((coupon, i) => ({
              ...counterCoupon(actor, coupon, now),
              couponNo: couponNos[i]!,
              memberId: member.id,
              source: 'scheme',
              schemeId: s.id,
              points: 0,
            })),
          );
          await createAuditLog(tx, clock).record({
            action: 'issue_scheme.issue',
            userId: actor.user.id,
            client: actor.client,
            target: s.schemeNo,
            detail: { storeCode: actor.store.shopCode, memberId: member.publicId, couponNos },
          });
          return { couponNos, issuedCount: s.issuedCount + 1 };
        },
      });
    },
  };
}
