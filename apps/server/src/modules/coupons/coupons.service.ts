import {
  COUPON_CANCEL_WINDOW_HOURS,
  COUPON_KIND_TEXT,
  MEMBER_COUPON_STATUS_TEXT,
  maskPhone,
  type cancelExchangeBodySchema,
  type CouponKind,
  type CouponRow,
  type couponSaveBodySchema,
  type couponTemplateFilters,
  type ExchangeableCoupons,
  type ExchangeDetail,
  type exchangeFilters,
  type ExchangeRow,
  type RedeemCodeSent,
  type sendExchangeCodeBodySchema,
  type StoreScope,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { listedStores } from '../stores/stores-of-codes.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog, type AuditClient, type AuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import { shanghaiDateTime } from '../im/message-format.js';
import type { MemberAccess, MemberRow } from '../orders/lookups/member-access.js';
import { runChange } from '../audit/run-change.js';
import { createPointsLedger } from '../points/points-ledger.js';
import type { PointsRedemption, Redemption } from '../points/points-redemption.js';
import { COUPON_TEXT } from './coupon-texts.js';
import {
  createCouponsRepository,
  shownStatus,
  type CouponRecord,
  type ExchangeRead,
} from './coupons.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SHANGHAI_MS = 8 * HOUR_MS;

/** Who exchanges at the counter: the store, the clerk and the session (member access is per session). */
export type CounterActor = {
  store: { id: number; shopCode: string; shopName: string };
  user: { id: number };
  sessionId: number;
  client: AuditClient;
  canCancel: boolean;
};

/**
 * What a coupon handed to a member at the store counter `now` carries, whether exchanged for points or issued by
 * a scheme: unused, valid for the template's days from now, and who handed it over where.
 */
export function counterCoupon(
  actor: { store: { id: number }; user: { id: number } },
  coupon: { id: number; validDays: number },
  now: Date,
) {
  return {
    couponId: coupon.id,
    channel: 'store_counter',
    storeId: actor.store.id,
    userId: actor.user.id,
    status: 'unused',
    validFrom: now,
    validTo: new Date(now.getTime() + coupon.validDays * DAY_MS),
    createdAt: now,
  };
}

type SaveBody = z.output<typeof couponSaveBodySchema>;
type ExchangeInput = z.output<typeof sendExchangeCodeBodySchema>;

/** Yuan as people write it: 20, 12.5, 0.99. */
export const yuanText = (cents: number) => String(cents / 100);

/** 满100减20 / 无门槛减5 / 8.5折，最高减30元. */
export function couponValueText(
  c: Pick<CouponRecord, 'kind' | 'valueCents' | 'thresholdCents' | 'discountRate' | 'maxDiscountCents'>,
) {
  if (c.kind === 'cash')
    return c.thresholdCents > 0
      ? `满${yuanText(c.thresholdCents)}减${yuanText(c.valueCents)}`
      : `无门槛减${yuanText(c.valueCents)}`;
  const rate = `${c.discountRate / 10}折`;
  return c.maxDiscountCents > 0 ? `${rate}，最高减${yuanText(c.maxDiscountCents)}元` : rate;
}

/** An exchange as its list row and its export line show it, times still instants. */
export type ExchangeRecord = Omit<ExchangeRow, 'actions' | 'exchangedAt' | 'validTo' | 'cancelledAt'> & {
  exchangedAt: Date;
  validTo: Date;
  cancelledAt: Date | null;
};

export function exchangeRecord(read: ExchangeRead, now: Date): ExchangeRecord {
  const status = shownStatus(read.status, read.validTo, now);
  return {
    exchangeNo: read.exchangeNo,
    couponId: read.couponId,
    couponName: read.coupon.name,
    valueText: couponValueText(read.coupon),
    memberName: read.memberName,
    memberPhone: maskPhone(read.memberPhone),
    points: read.points,
    status,
    statusText: MEMBER_COUPON_STATUS_TEXT[status],
    clerkName: read.clerkName,
    exchangedAt: read.exchangedAt,
    validTo: read.validTo,
    cancelledAt: read.cancelledAt,
    cancelReason: read.cancelReason,
  };
}

/** The first instant of an Asia/Shanghai day `YYYY-MM-DD`. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`));
/** The Asia/Shanghai day of an instant. */
const dayOf = (at: Date) => new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);

export function toCouponRow(c: CouponRecord, storeCodes: string[]): CouponRow {
  const kind = c.kind as CouponKind;
  return {
    id: c.id,
    name: c.name,
    kind,
    kindText: COUPON_KIND_TEXT[kind],
    valueCents: c.valueCents,
    thresholdCents: c.thresholdCents,
    discountRate: c.discountRate,
    maxDiscountCents: c.maxDiscountCents,
    valueText: couponValueText(c),
    points: c.points,
    exchangeFrom: dayOf(c.exchangeFrom),
    // Stored as the instant after the last day.
    exchangeTo: dayOf(new Date(c.exchangeTo.getTime() - 1)),
    validDays: c.validDays,
    stock: c.stock,
    exchangedCount: c.exchangedCount,
    stockLeft: Math.max(0, c.stock - c.exchangedCount),
    perMemberLimit: c.perMemberLimit,
    storeScope: c.storeScope as StoreScope,
    storeCodes,
    skuCodes: c.skuCodes,
    enabled: c.enabled,
    updatedAt: shanghaiDateTime(c.updatedAt),
  };
}

/**
 * Coupons (docs/domain/coupons.md): head office's templates, the counter's exchange for a member's points with
 * the member's code (the points rule of docs/domain/points.md), the undo, and the exchange records.
 */
export function createCouponsService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  redemption: PointsRedemption;
  memberAccess: MemberAccess;
}) {
  const { db, clock, audit, redemption, memberAccess } = deps;
  const change = auditedChanges(db, audit);
  const repo = createCouponsRepository(db);
  const ledger = createPointsLedger(db);

  const cancelAllowed = (row: { status: string; validTo: Date; exchangedAt: Date }, now: Date) =>
    shownStatus(row.status, row.validTo, now) === 'unused' &&
    now.getTime() - row.exchangedAt.getTime() <= COUPON_CANCEL_WINDOW_HOURS * HOUR_MS;

  function toExchangeRow(read: ExchangeRead, canCancel: boolean, now = clock()): ExchangeRow {
    const record = exchangeRecord(read, now);
    return {
      ...record,
      exchangedAt: shanghaiDateTime(record.exchangedAt),
      validTo: shanghaiDateTime(record.validTo),
      cancelledAt: record.cancelledAt ? shanghaiDateTime(record.cancelledAt) : null,
      actions: { cancel: canCancel && cancelAllowed(read, now) },
    };
  }

  async function detailOf(
    actor: CounterActor,
    exchangeNo: string,
    balanceAfter: number | null,
    tx: Database = db,
  ): Promise<ExchangeDetail> {
    const read = await repo.exchange(actor.store.id, exchangeNo, tx);
    if (!read) throw notFound(COUPON_TEXT.exchangeNotFound, 'EXCHANGE_NOT_FOUND');
    return {
      ...toExchangeRow(read, actor.canCancel),
      balanceAfter,
      refundedPoints: read.status === 'cancelled' ? read.points : 0,
    };
  }

  /** Refuses a coupon this store may not exchange for this member now (404 / 422 with the reason). */
  async function assertExchangeable(
    coupon: CouponRecord | null,
    actor: CounterActor,
    member: MemberRow,
    tx: Database = db,
  ): Promise<CouponRecord> {
    if (!coupon) throw notFound(COUPON_TEXT.couponNotFound, 'COUPON_NOT_FOUND');
    const now = clock();
    if (!coupon.enabled) throw new AppError(422, 'COUPON_DISABLED', COUPON_TEXT.disabled);
    if (coupon.points <= 0) throw new AppError(422, 'COUPON_NOT_FOR_POINTS', COUPON_TEXT.notForPoints);
    if (now < coupon.exchangeFrom || now >= coupon.exchangeTo)
      throw new AppError(422, 'COUPON_OUTSIDE_WINDOW', COUPON_TEXT.outsideWindow);
    if (coupon.storeScope === 'listed' && !(await repo.storeInScope(tx, coupon.id, actor.store.id)))
      throw new AppError(422, 'COUPON_STORE_NOT_IN_SCOPE', COUPON_TEXT.storeNotInScope);
    if (coupon.exchangedCount >= coupon.stock)
      throw new AppError(422, 'COUPON_SOLD_OUT', COUPON_TEXT.soldOut);
    const held = (await repo.heldByMember(member.id, [coupon.id], tx)).get(coupon.id) ?? 0;
    if (held >= coupon.perMemberLimit)
      throw new AppError(422, 'COUPON_MEMBER_LIMIT', COUPON_TEXT.memberLimit(coupon.perMemberLimit));
    return coupon;
  }

  const redemptionOf = (actor: CounterActor, member: MemberRow, coupon: CouponRecord, exchangeNo: string) =>
    ({
      member: { id: member.id, publicId: member.publicId, phone: member.phone },
      points: coupon.points,
      reason: 'coupon_exchange',
      refNo: exchangeNo,
      store: actor.store,
      clerk: { id: actor.user.id },
      client: actor.client,
    }) satisfies Redemption;

  /** The member (served by this store), the coupon, and every check that can be made before the code. */
  async function prepare(actor: CounterActor, input: ExchangeInput) {
    const scope = {
      storeId: actor.store.id,
      sessionId: actor.sessionId,
      userId: actor.user.id,
      client: actor.client,
    };
    const member = await memberAccess.requireServed(scope, input.memberId);
    const coupon = await assertExchangeable(await repo.template(input.couponId), actor, member);
    if (member.points < coupon.points) throw new AppError(422, 'POINTS_SHORT', COUPON_TEXT.pointsShort);
    if (await repo.couponNoTaken(input.exchangeNo))
      throw conflict(COUPON_TEXT.exchangeNoTaken, 'EXCHANGE_NO_TAKEN');
    return { member, coupon, redemption: redemptionOf(actor, member, coupon, input.exchangeNo) };
  }

  async function saveStores(body: SaveBody) {
    const found = await listedStores(
      db,
      body.storeScope === 'listed' ? body.storeCodes : [],
      COUPON_TEXT.unknownStores,
    );
    const skuCodes = [...new Set(body.skuCodes)];
    const known = await repo.knownSkuCodes(skuCodes);
    const unknown = skuCodes.filter((code) => !known.includes(code));
    if (unknown.length > 0) throw new AppError(422, 'SKU_NOT_FOUND', COUPON_TEXT.unknownSkus(unknown));
    return { storeIds: found.map((s) => s.id), skuCodes };
  }

  return {
    async templatePage(filter: z.output<typeof couponTemplateFilters.request>) {
      const page = await repo.templatePage(filter);
      const codes = await repo.storeCodesOf(page.list.map((c) => c.id));
      return mapPage(page, (c) => toCouponRow(c, codes.get(c.id) ?? []));
    },

    async template(id: number): Promise<CouponRow> {
      const coupon = await repo.template(id);
      if (!coupon) throw notFound(COUPON_TEXT.couponNotFound, 'COUPON_NOT_FOUND');
      return toCouponRow(coupon, (await repo.storeCodesOf([id])).get(id) ?? []);
    },

    /** Adds or edits a template; audited with its before and after. */
    async saveTemplate(actor: AdminActor, body: SaveBody): Promise<CouponRow> {
      const { storeIds, skuCodes } = await saveStores(body);
      const values = {
        name: body.name,
        kind: body.kind,
        valueCents: body.kind === 'cash' ? body.valueCents : 0,
        thresholdCents: body.thresholdCents,
        discountRate: body.kind === 'discount' ? body.discountRate : 0,
        maxDiscountCents: body.kind === 'discount' ? body.maxDiscountCents : 0,
        points: body.points,
        exchangeFrom: dayStart(body.exchangeFrom),
        exchangeTo: new Date(dayStart(body.exchangeTo).getTime() + DAY_MS),
        validDays: body.validDays,
        stock: body.stock,
        perMemberLimit: body.perMemberLimit,
        storeScope: body.storeScope,
        skuCodes,
        enabled: body.enabled,
        updatedAt: clock(),
      };
      const id = body.id;
      return change(
        actor,
        id ? 'coupon.update' : 'coupon.add',
        id ? `coupon:${id}` : `coupon:${body.name}`,
        async (tx) => {
          const before = id ? await repo.lockTemplate(tx, id) : null;
          if (id && !before) throw notFound(COUPON_TEXT.couponNotFound, 'COUPON_NOT_FOUND');
          if (before && body.stock < before.exchangedCount)
            throw new AppError(
              422,
              'COUPON_STOCK_BELOW_EXCHANGED',
              COUPON_TEXT.stockBelowExchanged(before.exchangedCount),
            );
          const saved = id
            ? (await repo.updateTemplate(tx, id, values))!
            : await repo.insertTemplate(tx, { ...values, createdBy: actor.caller.user.id });
          await repo.setStores(tx, saved.id, storeIds);
          const row = toCouponRow(saved, (await repo.storeCodesOf([saved.id], tx)).get(saved.id) ?? []);
          return { result: row, before: before ? toCouponRow(before, []) : null, after: row };
        },
      );
    },

    /** What the member may exchange at this store now, with their points. */
    async exchangeable(actor: CounterActor, memberId: string): Promise<ExchangeableCoupons> {
      const scope = {
        storeId: actor.store.id,
        sessionId: actor.sessionId,
        userId: actor.user.id,
        client: actor.client,
      };
      const member = await memberAccess.requireServed(scope, memberId);
      const offered = await repo.exchangeableAt(actor.store.id, clock());
      const held = await repo.heldByMember(
        member.id,
        offered.map((c) => c.id),
      );
      return {
        memberPoints: member.points,
        list: offered
          .map((c) => ({ coupon: c, memberExchanged: held.get(c.id) ?? 0 }))
          .filter(({ coupon, memberExchanged }) => memberExchanged < coupon.perMemberLimit)
          .map(({ coupon, memberExchanged }) => {
            const row = toCouponRow(coupon, []);
            return {
              id: row.id,
              name: row.name,
              kind: row.kind,
              kindText: row.kindText,
              valueText: row.valueText,
              points: row.points,
              validDays: row.validDays,
              stockLeft: row.stockLeft,
              perMemberLimit: row.perMemberLimit,
              exchangeTo: row.exchangeTo,
              memberExchanged,
            };
          }),
      };
    },

    async sendCode(actor: CounterActor, input: ExchangeInput): Promise<RedeemCodeSent> {
      const prepared = await prepare(actor, input);
      return redemption.sendCode(prepared.redemption);
    },

    /**
     * The exchange: the member's code consumed before the transaction (a wrong one counts), then in one
     * transaction the coupon locked and checked again, its stock taken, the points redeemed through the ledger,
     * the member's coupon written and the exchange audited.
     */
    async exchange(
      actor: CounterActor,
      input: ExchangeInput & { memberCode: string },
    ): Promise<ExchangeDetail> {
      const prepared = await prepare(actor, input);
      const consent = await redemption.consent(prepared.redemption, input.memberCode);
      return runChange(db, {
        // A clash on the exchange number (the idempotency key typed at the counter) is a 409.
        raced: () => conflict(COUPON_TEXT.exchangeNoTaken, 'EXCHANGE_NO_TAKEN'),
        record: async (tx) => {
          const coupon = await assertExchangeable(
            await repo.lockTemplate(tx, input.couponId),
            actor,
            prepared.member,
            tx,
          );
          if (coupon.points !== prepared.coupon.points) throw conflict(COUPON_TEXT.changed, 'COUPON_CHANGED');
          if (!(await repo.takeStock(tx, coupon.id)))
            throw new AppError(422, 'COUPON_SOLD_OUT', COUPON_TEXT.soldOut);
          const spent = await redemption.redeem(tx, prepared.redemption, consent);
          const now = clock();
          await repo.insertMemberCoupon(tx, {
            ...counterCoupon(actor, coupon, now),
            couponNo: input.exchangeNo,
            memberId: prepared.member.id,
            source: 'exchange',
            points: coupon.points,
          });
          await createAuditLog(tx, clock).record({
            action: 'coupon.exchange',
            userId: actor.user.id,
            client: actor.client,
            target: input.exchangeNo,
            detail: {
              storeCode: actor.store.shopCode,
              couponId: coupon.id,
              memberId: prepared.member.publicId,
              points: coupon.points,
              balanceAfter: spent.balanceAfter,
            },
          });
          return detailOf(actor, input.exchangeNo, spent.balanceAfter, tx);
        },
      });
    },

    /** Undoes an unused exchange within the window: stock and points come back (a `refund` ledger row). */
    async cancel(
      actor: CounterActor,
      input: z.output<typeof cancelExchangeBodySchema>,
    ): Promise<ExchangeDetail> {
      const now = clock();
      let balanceAfter = 0;
      await runChange(db, {
        lock: {
          read: async (tx) => {
            const row = await repo.lockExchange(tx, actor.store.id, input.exchangeNo);
            if (!row) throw notFound(COUPON_TEXT.exchangeNotFound, 'EXCHANGE_NOT_FOUND');
            return row;
          },
          status: (row) => shownStatus(row.status, row.validTo, now),
        },
        assert: (status) => {
          if (status !== 'unused') throw conflict(COUPON_TEXT.onlyUnusedCancel, 'EXCHANGE_NOT_UNUSED');
        },
        update: (tx, row) => {
          if (now.getTime() - row.createdAt.getTime() > COUPON_CANCEL_WINDOW_HOURS * HOUR_MS)
            throw new AppError(422, 'EXCHANGE_CANCEL_TOO_LATE', COUPON_TEXT.cancelTooLate);
          return repo.cancelExchange(tx, row.id, { userId: actor.user.id, reason: input.reason, at: now });
        },
        changed: { message: COUPON_TEXT.changed, code: 'EXCHANGE_CHANGED' },
        record: async (tx, { locked }) => {
          // Coupon row before the member's, as an exchange takes them: no lock cycle.
          await repo.returnStock(tx, locked.couponId);
          const refunded = await ledger.refund(tx, {
            memberId: locked.memberId,
            points: locked.points,
            refNo: locked.couponNo,
            storeId: actor.store.id,
            userId: actor.user.id,
            at: now,
          });
          balanceAfter = refunded.balanceAfter;
          await createAuditLog(tx, clock).record({
            action: 'coupon.cancel_exchange',
            userId: actor.user.id,
            client: actor.client,
            target: locked.couponNo,
            detail: {
              storeCode: actor.store.shopCode,
              couponId: locked.couponId,
              points: locked.points,
              balanceAfter,
              reason: input.reason,
            },
          });
        },
      });
      return detailOf(actor, input.exchangeNo, balanceAfter);
    },

    async exchangePage(actor: CounterActor, filter: z.output<typeof exchangeFilters.request>) {
      const now = clock();
      const page = await repo.exchangePage(actor.store.id, filter, now);
      return mapPage(page, (read) => toExchangeRow(read, actor.canCancel, now));
    },

    detail: (actor: CounterActor, exchangeNo: string) => detailOf(actor, exchangeNo, null),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
