import {
  DELIVERY_TYPE_TEXT,
  FIRST_DELIVERY_MAX_DAYS,
  PLAN_STATUS_TEXT,
  VALET_KIND_TEXT,
  areaNamesAsWritten,
  VALET_STATUS_TEXT,
  type PlanStatus,
  type ValetOrderDetail,
  type ValetOrderSummary,
  PERSONAL_DISCOUNT_MAX_PERCENT,
  TRIAL_VALID_MINUTES,
  UENJOY_LEVEL_DISCOUNT_PERCENT,
  type CyclePlanProposal,
  type DeliveryType,
  type RedeemCodeSent,
  type TrialResult,
  type ValetActionResult,
  type ValetKind,
  type ValetStatus,
} from '@console/contract';
import type { Database } from '../../../db/client.js';
import { mapPage } from '../../../db/paged-query.js';
import type { members, valetOrders } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDay } from '../../dashboard/daily-metrics.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import type { MessageProducer } from '../../im/message-producer.js';
import type { OrderIntake } from '../integration/integration.service.js';
import type { AuditClient, AuditLog } from '../../audit/audit-log.js';
import type { MemberConsent, PointsRedemption, Redemption } from '../../points/points-redemption.js';
import { POINTS_TEXT } from '../../points/points-texts.js';
import { createRedemptionTerms } from '../../points-mall/redemption-terms.js';
import type { MemberScope } from '../lookups/member-access.js';
import type { MemberLookups } from '../lookups/member-lookups.js';
import { runChange } from '../../audit/run-change.js';
import { recordOrderLog } from '../order-log.js';
import { newOmsOrderNo } from '../order-numbers.js';
import { itemsSummaryOf, maskPhone } from '../plans/offer-format.js';
import { changeMessenger } from '../plans/offer-messages.js';
import { priceBasket, type BasketInput } from './valet-pricing.js';
import { assertValetTransition, canValet, type ValetAction } from './valet-states.js';
import {
  createValetRepository,
  type SummaryRow,
  type ValetFilter,
  type ValetStores,
} from './valet.repository.js';
import type { DataScope } from '../../roles/data-scope.js';
import { decodeTrial, encodeTrial, type SignedTrial } from './valet-trial.js';
import { VALET_TEXT } from './valet-texts.js';

/** The store and staff member a valet call acts for. */
export type ValetActor = {
  store: {
    id: number;
    shopCode: string;
    shopName: string;
    latitude: number;
    longitude: number;
    bikeDistanceMeters: number;
  };
  user: { id: number; nickName: string };
  /** The signed-in session: a member found by whole phone is served for this session only. */
  sessionId: number;
  client: AuditClient;
};

/** What the browser sends: the member by public id, the rest of a basket. */
type BasketBody = Omit<BasketInput, 'kind' | 'member'> & { memberId: string };
type TrialMode = TrialResult['mode'];
type TrialInput = BasketBody & { discountCents?: number };

const scopeOf = (actor: ValetActor): MemberScope => ({
  storeId: actor.store.id,
  sessionId: actor.sessionId,
  userId: actor.user.id,
  client: actor.client,
});

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** `VO` + Shanghai time to the second + 6 random digits. */
export function newValetOrderNo(at: Date): string {
  const stamp = new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `VO${stamp}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Valet orders (docs/domain/orders.md "Valet orders"): created `pending_confirm` by staff, confirmed into an
 * upstream order offered through the order intake (same transaction), or cancelled.
 */
export function createValetService(deps: {
  db: Database;
  clock: Clock;
  producer: MessageProducer;
  intake: OrderIntake;
  memberLookups: MemberLookups;
  audit: AuditLog;
  redemption: PointsRedemption;
  trialSecret: string;
}) {
  const { db, clock, producer, intake, memberLookups, audit, redemption, trialSecret } = deps;
  const valets = createValetRepository(db);
  const terms = createRedemptionTerms({ clock });

  async function insertValetOrder(
    tx: Database,
    actor: ValetActor,
    values: Omit<typeof valetOrders.$inferInsert, 'valetOrderNo' | 'storeId' | 'createdByUserId'>,
  ) {
    const now = clock();
    return valets.insert(
      {
        ...values,
        valetOrderNo: newValetOrderNo(now),
        storeId: actor.store.id,
        createdByUserId: actor.user.id,
        createdAt: now,
      },
      tx,
    );
  }

  const pendingResult = (row: { valetOrderNo: string; status: string }): ValetActionResult => ({
    valetOrderNo: row.valetOrderNo,
    status: row.status as ValetStatus,
    omsOrderNo: '',
    performancePlanOrderNo: null,
    candidateStoreCodes: [],
  });

  async function createIntegral(
    actor: ValetActor,
    body: BasketBody & { remark?: string | undefined },
  ): Promise<ValetActionResult> {
    const member = await memberLookups.requireServed(scopeOf(actor), body.memberId);
    const priced = await priceBasket(db, memberLookups, actor.store, { ...body, member, kind: 'integral' });
    if (priced.member.points < priced.points)
      throw new AppError(422, 'VALET_POINTS_SHORT', VALET_TEXT.notEnoughPoints);
    await terms.check(db, { storeId: actor.store.id, memberId: priced.member.id, lines: priced.lines });
    const row = await insertValetOrder(db, actor, {
      kind: 'integral',
      memberId: priced.member.id,
      addressId: priced.address?.id ?? null,
      deliveryType: body.deliveryType,
      items: priced.lines.map(({ skuCode, name, quantity, unitCents, points }) => ({
        skuCode,
        name,
        quantity,
        unitCents,
        points,
      })),
      goodsCents: priced.goodsCents,
      freightCents: 0,
      payCents: priced.goodsCents,
      points: priced.points,
      remark: body.remark ?? '',
    });
    return pendingResult(row);
  }

  async function trial(actor: ValetActor, mode: TrialMode, body: TrialInput): Promise<TrialResult> {
    const deliveryType: DeliveryType = mode === 'express' ? 'express' : body.deliveryType;
    const member = await memberLookups.requireServed(scopeOf(actor), body.memberId);
    const priced = await priceBasket(db, memberLookups, actor.store, {
      ...body,
      member,
      deliveryType,
      kind: 'uenjoy',
    });
    let discountCents: number;
    let discountText: string;
    if (mode === 'personalization') {
      discountCents = body.discountCents ?? 0;
      if (discountCents * 100 > priced.goodsCents * PERSONAL_DISCOUNT_MAX_PERCENT)
        throw new AppError(422, 'VALET_DISCOUNT_TOO_LARGE', VALET_TEXT.discountTooLarge);
      discountText = '门店优惠';
    } else {
      const percent = UENJOY_LEVEL_DISCOUNT_PERCENT[priced.member.level] ?? 0;
      discountCents = Math.floor((priced.goodsCents * percent) / 100);
      discountText = percent > 0 ? `会员等级${priced.member.level}：${100 - percent}折` : '无会员折扣';
    }
    const now = clock();
    const signed: SignedTrial = {
      mode,
      storeCode: actor.store.shopCode,
      memberId: priced.member.publicId,
      deliveryType,
      addressId: priced.address?.id ?? null,
      distanceMeters: priced.distanceMeters,
      items: priced.lines.map(({ points: _points, ...line }) => line),
      goodsCents: priced.goodsCents,
      freightCents: priced.freightCents,
      discountCents,
      payCents: priced.goodsCents + priced.freightCents - discountCents,
      discountText,
      trialAt: shanghaiDateTime(now),
      validUntil: shanghaiDateTime(new Date(now.getTime() + TRIAL_VALID_MINUTES * 60_000)),
      issuedAtMs: now.getTime(),
    };
    return { ...publicTrial(signed), trialId: encodeTrial(trialSecret, signed) };
  }

  function readTrial(actor: ValetActor, trialId: string): SignedTrial {
    const signed = decodeTrial(trialSecret, trialId, clock());
    if (signed.storeCode !== actor.store.shopCode)
      throw new AppError(422, 'VALET_TRIAL_OTHER_STORE', VALET_TEXT.trialOtherStore);
    return signed;
  }

  /** The cycle plan a uEnjoy SKU gives: its periods every interval, from the first delivery day. */
  async function changePlan(body: { skuCode: string; firstDeliveryDate?: string | undefined }) {
    const sku = await valets.uenjoySku(body.skuCode);
    if (!sku) throw new AppError(422, 'VALET_NOT_UENJOY', VALET_TEXT.notUenjoySku);
    const today = shanghaiDay(clock());
    const first = body.firstDeliveryDate ?? dayAfter(today, 1);
    if (first <= today) throw new AppError(422, 'VALET_FIRST_DELIVERY', VALET_TEXT.firstDeliveryTooEarly);
    if (first > dayAfter(today, FIRST_DELIVERY_MAX_DAYS))
      throw new AppError(
        422,
        'VALET_FIRST_DELIVERY',
        VALET_TEXT.firstDeliveryTooLate(FIRST_DELIVERY_MAX_DAYS),
      );
    const proposal: CyclePlanProposal = {
      skuCode: sku.skuCode,
      periods: sku.cyclePeriods,
      intervalDays: sku.cycleIntervalDays,
      plans: Array.from({ length: sku.cyclePeriods }, (_, i) => ({
        period: i + 1,
        date: dayAfter(first, i * sku.cycleIntervalDays),
      })),
    };
    return proposal;
  }

  async function createUenjoy(
    actor: ValetActor,
    body: { trialId: string; firstDeliveryDate?: string | undefined; remark?: string | undefined },
  ): Promise<ValetActionResult> {
    const signed = readTrial(actor, body.trialId);
    // Prices may have changed since the trial: price the same basket again and insist on the same total.
    const member = await memberLookups.requireServed(scopeOf(actor), signed.memberId);
    const again = await priceBasket(db, memberLookups, actor.store, {
      kind: 'uenjoy',
      member,
      deliveryType: signed.deliveryType,
      addressId: signed.addressId ?? undefined,
      items: signed.items,
    });
    if (again.goodsCents !== signed.goodsCents || again.freightCents !== signed.freightCents)
      throw new AppError(409, 'VALET_PRICE_CHANGED', VALET_TEXT.priceChanged);
    const plans = await Promise.all(
      signed.items.map((item) =>
        changePlan({ skuCode: item.skuCode, firstDeliveryDate: body.firstDeliveryDate }),
      ),
    );
    const row = await insertValetOrder(db, actor, {
      kind: 'uenjoy',
      memberId: member.id,
      addressId: signed.addressId,
      deliveryType: signed.deliveryType,
      items: signed.items.map(({ skuCode, name, quantity, unitCents }) => ({
        skuCode,
        name,
        quantity,
        unitCents,
        points: 0,
      })),
      trial: { ...publicTrial(signed), cyclePlans: plans },
      goodsCents: signed.goodsCents,
      freightCents: signed.freightCents,
      payCents: signed.payCents,
      remark: body.remark ?? '',
    });
    return pendingResult(row);
  }

  /**
   * The store's valet order of this kind, locked for `action` (404 when missing, 409 when its state refuses);
   * the lock makes the conditional update on `pending_confirm` the only writer.
   */
  const pendingValetOrder = (
    actor: ValetActor,
    kind: ValetKind,
    valetOrderNo: string,
    action: ValetAction,
  ) => ({
    lock: {
      read: async (tx: Database) => {
        const row = await valets.lock(tx, actor.store.id, kind, valetOrderNo);
        if (!row) throw notFound(VALET_TEXT.notFound, 'VALET_ORDER_NOT_FOUND');
        return row;
      },
      status: (row: typeof valetOrders.$inferSelect) => row.status as ValetStatus,
    },
    assert: (status: ValetStatus) => assertValetTransition(action, status),
    changed: { message: VALET_TEXT.concurrentChange, code: 'ORDER_STATE_CONFLICT' },
  });

  /** What spending a points order's points asks of the points rule (docs/domain/points.md). */
  const redemptionOf = (
    actor: ValetActor,
    order: typeof valetOrders.$inferSelect,
    member: Redemption['member'],
  ): Redemption => ({
    member: { id: member.id, publicId: member.publicId, phone: member.phone },
    points: order.points,
    reason: 'valet_redeem',
    refNo: order.valetOrderNo,
    store: { id: actor.store.id, shopCode: actor.store.shopCode, shopName: actor.store.shopName },
    clerk: { id: actor.user.id },
    client: actor.client,
  });

  /** Texts the member of a pending points order the code that confirms spending its points. */
  async function sendRedeemCode(actor: ValetActor, valetOrderNo: string): Promise<RedeemCodeSent> {
    const row = await valets.withMember(actor.store.id, 'integral', valetOrderNo);
    if (!row) throw notFound(VALET_TEXT.notFound, 'VALET_ORDER_NOT_FOUND');
    assertValetTransition('confirm', row.order.status as ValetStatus);
    if (row.order.points <= 0) throw new AppError(422, 'VALET_NO_POINTS', VALET_TEXT.noPointsToConfirm);
    if (row.member.points < row.order.points)
      throw new AppError(422, 'VALET_POINTS_SHORT', VALET_TEXT.notEnoughPoints);
    return redemption.sendCode(redemptionOf(actor, row.order, row.member));
  }

  /**
   * The member's consent to a pending order's points, taken before the transaction so that a wrong code counts
   * even though the confirmation is refused; none for an order without points (or one no longer pending,
   * which the state change refuses).
   */
  async function consentFor(
    actor: ValetActor,
    kind: ValetKind,
    valetOrderNo: string,
    memberCode: string | undefined,
  ): Promise<{ redemption: Redemption; consent: MemberConsent } | null> {
    const row = await valets.withMember(actor.store.id, kind, valetOrderNo);
    if (!row || row.order.points <= 0 || !canValet('confirm', row.order.status as ValetStatus)) return null;
    // Short points are refused before the member's code is used up.
    if (row.member.points < row.order.points)
      throw new AppError(422, 'VALET_POINTS_SHORT', VALET_TEXT.notEnoughPoints);
    const wanted = redemptionOf(actor, row.order, row.member);
    return { redemption: wanted, consent: await redemption.consent(wanted, memberCode) };
  }

  async function confirm(
    actor: ValetActor,
    kind: ValetKind,
    valetOrderNo: string,
    memberCode?: string,
  ): Promise<ValetActionResult> {
    const consented = await consentFor(actor, kind, valetOrderNo, memberCode);
    const now = clock();
    const omsOrderNo = newOmsOrderNo(now);
    return runChange(db, {
      ...pendingValetOrder(actor, kind, valetOrderNo, 'confirm'),
      update: (tx, order) =>
        valets.setStatus(tx, order.id, 'pending_confirm', {
          status: 'confirmed',
          omsOrderNo,
          confirmedAt: now,
        }),
      record: async (tx, { locked: order, afterCommit }) => {
        const messenger = changeMessenger(producer, afterCommit);
        const member = await valets.member(tx, order.memberId);
        if (order.points > 0) {
          if (!consented || consented.redemption.points !== order.points)
            throw new AppError(422, 'MEMBER_CONFIRMATION_REQUIRED', POINTS_TEXT.memberConfirmationRequired);
          await redemption.redeem(tx, consented.redemption, consented.consent);
        }
        if (kind === 'integral')
          await terms.redeem(tx, { storeId: order.storeId, memberId: order.memberId, lines: order.items });
        const address = await deliveryAddressOf(tx, order, member, now);
        const discountCents = order.goodsCents + order.freightCents - order.payCents;
        const pushed = await intake.pushOrder(
          {
            omsOrderNo,
            channel: kind === 'integral' ? 'valet_integral' : 'valet_uenjoy',
            customer: { name: member.name, phone: member.phone, memberNo: member.memberNo },
            items: order.items.map((i) => ({ skuCode: i.skuCode, quantity: i.quantity })),
            deliveryType: order.deliveryType as DeliveryType,
            address,
            freightCents: order.freightCents,
            discountCents,
            ...(order.remark ? { buyerRemark: order.remark } : {}),
            sourceOrderNo: order.valetOrderNo,
            placedStoreCode: actor.store.shopCode,
            // A pickup order is collected where it was placed; the others go to the stores nearest the address.
            ...(order.deliveryType === 'pickup' ? { candidateStoreCodes: [actor.store.shopCode] } : {}),
          },
          { tx, messenger },
        );
        await recordOrderLog(tx, {
          omsOrderId: await valets.omsOrderId(tx, pushed.omsOrderNo),
          action: 'valet_confirmed',
          fromStatus: 'pending_confirm',
          toStatus: 'confirmed',
          operator: { id: actor.user.id, name: actor.user.nickName },
          detail: { valetOrderNo: order.valetOrderNo, pointsDeducted: order.points },
          at: now,
        });
        return {
          valetOrderNo: order.valetOrderNo,
          status: 'confirmed' as const,
          omsOrderNo: pushed.omsOrderNo,
          performancePlanOrderNo: pushed.performancePlanOrderNo,
          candidateStoreCodes: pushed.candidateStoreCodes,
        };
      },
    });
  }

  /** The address snapshot of the upstream order: the member's address (marked as last used), or the store. */
  async function deliveryAddressOf(
    tx: Database,
    order: typeof valetOrders.$inferSelect,
    member: typeof members.$inferSelect,
    now: Date,
  ) {
    if (order.addressId !== null) {
      const row = await valets.useAddress(tx, order.addressId, now);
      if (row)
        return {
          receiverName: row.receiverName,
          receiverPhone: row.receiverPhone,
          ...(/^\d{6}$/.test(row.countyCode) ? { countyCode: row.countyCode } : {}),
          regionName: row.regionName,
          detail: row.detail,
          latitude: row.latitude,
          longitude: row.longitude,
        };
    }
    const store = await valets.store(tx, order.storeId);
    return {
      receiverName: member.name,
      receiverPhone: member.phone,
      ...(/^\d{6}$/.test(store.shopCountyCode) ? { countyCode: store.shopCountyCode } : {}),
      regionName: areaNamesAsWritten([store.shopProvinceName, store.shopCityName, store.shopCountyName]).join(
        '',
      ),
      detail: store.shopDetailAddress || store.shopName,
      latitude: store.latitude,
      longitude: store.longitude,
    };
  }

  async function cancel(
    actor: ValetActor,
    kind: ValetKind,
    valetOrderNo: string,
    reason: string,
  ): Promise<ValetActionResult> {
    return runChange(db, {
      ...pendingValetOrder(actor, kind, valetOrderNo, 'cancel'),
      update: (tx, order) =>
        valets.setStatus(tx, order.id, 'pending_confirm', {
          status: 'cancelled',
          cancelledAt: clock(),
          cancelReason: reason,
        }),
      record: async (_tx, { locked: order }) =>
        pendingResult({ valetOrderNo: order.valetOrderNo, status: 'cancelled' }),
    });
  }

  /** One valet order of `whose` with its upstream offer and store, the phone view audited; 404 when not theirs. */
  async function detailRecord(
    whose: ValetStores,
    viewer: { userId: number; client: AuditClient },
    valetOrderNo: string,
  ) {
    const row = await valets.detail(whose, valetOrderNo);
    if (!row) throw notFound(VALET_TEXT.notFound, 'VALET_ORDER_NOT_FOUND');
    const o = row.order;
    if (row.address?.receiverPhone)
      await audit.record({
        action: 'member.phone_view',
        userId: viewer.userId,
        client: viewer.client,
        target: valetOrderNo,
        detail: { storeId: o.storeId, memberId: row.memberPublicId, record: 'valet_order' },
      });
    const plan = o.omsOrderNo ? await valets.planOf(o.omsOrderNo) : null;
    return {
      ...summaryOf(row),
      storeCode: row.storeCode,
      storeName: row.storeName,
      memberId: row.memberPublicId,
      memberNo: row.memberNo,
      memberPoints: row.memberPoints,
      address: row.address?.receiverName ? row.address : null,
      items: o.items.map(({ skuCode, name, quantity, unitCents, points }) => ({
        skuCode,
        name,
        quantity,
        unitCents,
        points,
      })),
      discountCents: o.goodsCents + o.freightCents - o.payCents,
      trial: o.trial,
      remark: o.remark,
      confirmedAt: o.confirmedAt ? shanghaiDateTime(o.confirmedAt) : null,
      cancelledAt: o.cancelledAt ? shanghaiDateTime(o.cancelledAt) : null,
      cancelReason: o.cancelReason,
      performancePlanOrderNo: plan?.performancePlanOrderNo ?? null,
      planStatus: (plan?.status as PlanStatus | undefined) ?? null,
      planStatusText: plan ? PLAN_STATUS_TEXT[plan.status as PlanStatus] : null,
      takenStoreName: plan?.takenStoreName ?? null,
    };
  }

  return {
    /** The store's valet orders of one kind: a filtered page. */
    async list(storeId: number, kind: ValetKind, filter: ValetFilter) {
      return mapPage(await valets.list({ storeId }, kind, filter), summaryOf);
    },

    /**
     * Either kind, by number, with its upstream offer; another store's order is 404 like an unknown one. The
     * one record that shows the receiver's whole phone: each view is audited.
     */
    async detail(
      viewer: { storeId: number; userId: number; client: AuditClient },
      valetOrderNo: string,
      may: { confirm: boolean; cancel: boolean },
    ): Promise<ValetOrderDetail> {
      const { status, ...record } = await detailRecord({ storeId: viewer.storeId }, viewer, valetOrderNo);
      return {
        ...record,
        status,
        actions: {
          confirm: may.confirm && canValet('confirm', status),
          cancel: may.cancel && canValet('cancel', status),
        },
      };
    },

    /** 积分订单: the points orders of the stores of a head-office data scope (one store by code). */
    async scopedList(whose: { scope: DataScope; storeCode?: string | null }, filter: ValetFilter) {
      return mapPage(await valets.list(whose, 'integral', filter), (row) => ({
        ...summaryOf(row),
        storeCode: row.storeCode,
        storeName: row.storeName,
      }));
    },

    /** One points order of a store in `scope` (404 outside it, as an unknown one); read only. */
    async scopedDetail(
      scope: DataScope,
      viewer: { userId: number; client: AuditClient },
      valetOrderNo: string,
    ) {
      const record = await detailRecord({ scope }, viewer, valetOrderNo);
      if (record.kind !== 'integral') throw notFound(VALET_TEXT.notFound, 'VALET_ORDER_NOT_FOUND');
      return record;
    },

    createIntegral,
    trial,
    trialResult: (actor: ValetActor, trialId: string): TrialResult => ({
      ...publicTrial(readTrial(actor, trialId)),
      trialId,
    }),
    changePlan,
    createUenjoy,
    sendRedeemCode,
    confirm,
    cancel,
  };
}

export type ValetService = ReturnType<typeof createValetService>;

function publicTrial(signed: SignedTrial): Omit<TrialResult, 'trialId'> {
  const { issuedAtMs: _issued, ...rest } = signed;
  return rest;
}

function summaryOf(row: SummaryRow): ValetOrderSummary {
  const o = row.order;
  return {
    valetOrderNo: o.valetOrderNo,
    kind: o.kind as ValetKind,
    kindText: VALET_KIND_TEXT[o.kind as ValetKind],
    status: o.status as ValetStatus,
    statusText: VALET_STATUS_TEXT[o.status as ValetStatus],
    memberName: row.memberName,
    memberPhoneMasked: maskPhone(row.memberPhone),
    deliveryType: o.deliveryType as DeliveryType,
    deliveryTypeText: DELIVERY_TYPE_TEXT[o.deliveryType as DeliveryType],
    itemsSummary: itemsSummaryOf(o.items),
    goodsCents: o.goodsCents,
    freightCents: o.freightCents,
    payCents: o.payCents,
    points: o.points,
    omsOrderNo: o.omsOrderNo,
    createdByName: row.createdByName,
    createdAt: shanghaiDateTime(o.createdAt),
  };
}
