import {
  MESSAGE_ACTOR_KEY,
  DELIVERY_TYPE_TEXT,
  type DeliveryType,
  type GrabResult,
  type OfferDetail,
  type OfferPage,
  type PlanStatus,
} from '@console/contract';
import type { Database } from '../../../db/client.js';
import { mapPage } from '../../../db/paged-query.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDay } from '../../dashboard/daily-metrics.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { runChange } from '../../audit/run-change.js';
import { recordOrderLog } from '../order-log.js';
import { newPerformanceOrderNo, newWriteOffCode } from '../order-numbers.js';
import { IllegalTransitionError, assertPlanTransition } from '../order-states.js';
import { tellValetCreatorsNotTaken } from '../valet/valet-notices.js';
import { itemsSummaryOf, maskName, maskPhone, offerSummaryOf } from './offer-format.js';
import { ORDER_MESSAGE_TEXT, changeMessenger, createOrderMessenger } from './offer-messages.js';
import {
  createPlansRepository,
  grabbable,
  untaken,
  type PlansRepository,
  type UntakenFilter,
} from './plans.repository.js';

export const PLAN_TEXT = { notFound: '订单不存在' };

export const GRAB_TEXT = {
  expired: '该订单抢单已超时',
  /** A colleague of the same store was quicker: the order is not lost, it waits in 已接订单. */
  takenHere: (by: string | null) => `本门店已接下该订单${by ? `（${by}接单）` : ''}，请在已接订单中处理`,
  stillOffering: '该订单仍在抢单中',
};

/** Plans expired per sweep statement; the next sweep takes the rest. */
const EXPIRE_BATCH = 500;
const DAY_MS = 86_400_000;

type Paging = { pageNum: number; pageSize: number };

export type Taker = { storeId: number; user: { id: number; nickName: string; workCode: string } };

/**
 * Plan orders as a candidate store sees them (offers, untaken, detail, the 待抢订单 counter) and taking one:
 * `grab` while it is offered, `takeUntaken` once nobody took it in time (未接订单). One conditional UPDATE
 * decides the winner; the performance order, its cycle plan, the log and the message are written in the same
 * transaction.
 */
export function createPlansService(deps: { db: Database; clock: Clock; producer: MessageProducer }) {
  const { db, clock, producer } = deps;
  const plans = createPlansRepository(db);

  async function take(
    action: 'grab' | 'takeUntaken',
    taker: Taker,
    performancePlanOrderNo: string,
  ): Promise<GrabResult> {
    const now = clock();
    return runChange(db, {
      assert: (status: PlanStatus) => assertPlanTransition(action, status),
      update: (tx) =>
        plans.claim(tx, {
          performancePlanOrderNo,
          state: action === 'grab' ? grabbable(now) : untaken(now),
          storeId: taker.storeId,
          userId: taker.user.id,
          at: now,
        }),
      current: (tx) => planStateNow(plans, tx, action, taker.storeId, performancePlanOrderNo, now),
      changed: { message: GRAB_TEXT.stillOffering, code: 'ORDER_STATE_CONFLICT' },
      record: async (tx, { row: plan, afterCommit }) => {
        const messenger = changeMessenger(producer, afterCommit);
        const order = await plans.omsOrder(tx, plan.omsOrderId);
        const items = (await plans.itemsOf([plan.omsOrderId], tx)).get(plan.omsOrderId) ?? [];
        const deliveryType = order.deliveryType as DeliveryType;
        const performanceOrderNo = newPerformanceOrderNo(now);
        const writeOffCode = deliveryType === 'pickup' ? newWriteOffCode() : '';
        const performance = await plans.insertPerformanceOrder(tx, {
          performanceOrderNo,
          planId: plan.id,
          omsOrderId: plan.omsOrderId,
          storeId: taker.storeId,
          status: 'wait_ship',
          deliveryType,
          receiverName: order.receiverName,
          receiverPhone: order.receiverPhone,
          writeOffCode,
          invoiceStatus: order.invoiceType === 'none' ? 'none' : 'pending',
          takenByUserId: taker.user.id,
          takenAt: now,
        });
        await insertCyclePlan(plans, tx, performance.id, items, now);
        await recordOrderLog(tx, {
          omsOrderId: plan.omsOrderId,
          performanceOrderId: performance.id,
          action: action === 'grab' ? 'grabbed' : 'taken',
          fromStatus: action === 'grab' ? 'offering' : 'expired',
          toStatus: 'taken',
          operator: { id: taker.user.id, name: taker.user.nickName },
          detail: { performancePlanOrderNo, performanceOrderNo },
          at: now,
        });
        await messenger.send(
          tx,
          'waitingToShip',
          { storeId: taker.storeId },
          ORDER_MESSAGE_TEXT.waitingToShip({
            omsOrderNo: order.omsOrderNo,
            deliveryTypeText: DELIVERY_TYPE_TEXT[deliveryType],
            itemsSummary: itemsSummaryOf(items),
          }),
          // The taker's own sessions learn of it without a pop-up about what they just did.
          { omsOrderNo: order.omsOrderNo, performanceOrderNo, [MESSAGE_ACTOR_KEY]: taker.user.workCode },
        );
        return {
          performancePlanOrderNo,
          omsOrderNo: order.omsOrderNo,
          performanceOrderNo,
          status: 'wait_ship' as const,
          writeOffCode,
        };
      },
    });
  }

  /**
   * Offers past their expiry become `expired`, each with an `expired` log row. The valet order's creator
   * (order and customer 2) is told once valet orders exist; online offers simply move to 未接订单.
   */
  async function expireDue(options: { storeId?: number } = {}): Promise<number> {
    const now = clock();
    const messenger = createOrderMessenger(producer);
    const count = await db.transaction(async (tx) => {
      const expired = await plans.expireDue(tx, { now, storeId: options.storeId, batch: EXPIRE_BATCH });
      await tellValetCreatorsNotTaken(
        tx,
        messenger,
        expired.map((plan) => plan.omsOrderId),
      );
      return expired.length;
    });
    messenger.wake();
    return count;
  }

  return {
    /** Offers the store can grab now, nearest first, then the oldest. */
    async offers(storeId: number, paging: Paging): Promise<OfferPage> {
      const now = clock();
      const page = await plans.offers(storeId, paging, now);
      return mapPage(page, ({ row, items }) => offerSummaryOf(row, items, now));
    },

    /** Offers nobody took in time, the most recently lapsed first; expires the store's lapsed offers first. */
    async untaken(storeId: number, filter: UntakenFilter): Promise<OfferPage> {
      // Lazily, so the log shows `expired` even between sweeps.
      await expireDue({ storeId });
      const now = clock();
      const page = await plans.untaken(storeId, filter, now);
      return mapPage(page, ({ row, items }) => offerSummaryOf(row, items, now));
    },

    /** How many offers the store can grab now (the dashboard card 待抢订单). */
    grabbableCount: (storeId: number) => plans.grabbableCount(storeId, clock()),

    /** One plan in any state, for a store that is (or was) a candidate; 404 for any other store. */
    async detail(
      storeId: number,
      performancePlanOrderNo: string,
      may: { rob: boolean; take: boolean },
    ): Promise<OfferDetail> {
      const now = clock();
      const row = await plans.detail(storeId, performancePlanOrderNo);
      if (!row) throw notFound(PLAN_TEXT.notFound, 'ORDER_NOT_FOUND');
      const items = (await plans.itemsOf([row.omsOrderId])).get(row.omsOrderId) ?? [];
      const summary = offerSummaryOf(row, items, now);
      const mine = row.status === 'taken' && row.takenStoreId === storeId;
      // Until this store has taken it, the customer's contact details stay masked.
      const contact = (phone: string) => (mine ? phone : maskPhone(phone));
      return {
        ...summary,
        customerName: mine ? row.customerName : summary.customerName,
        customerPhone: contact(row.customerPhone),
        receiverName: mine ? row.receiverName : maskName(row.receiverName),
        receiverPhone: contact(row.receiverPhone),
        addressDetail: row.addressDetail,
        freightCents: row.freightCents,
        discountCents: row.discountCents,
        buyerRemark: row.buyerRemark,
        invoiceType: row.invoiceType,
        invoiceTitle: row.invoiceTitle,
        sourceOrderNo: row.sourceOrderNo,
        items: items.map((i) => ({
          skuCode: i.skuCode,
          name: i.name,
          spec: i.spec,
          quantity: i.quantity,
          unitCents: i.unitCents,
          amountCents: i.amountCents,
          points: i.points,
        })),
        takenByThisStore: mine,
        performanceOrderNo: mine ? (row.performanceOrderNo ?? null) : null,
        takenAt: row.takenAt ? shanghaiDateTime(row.takenAt) : null,
        canGrab: may.rob && summary.status === 'offering',
        canTake: may.take && summary.status === 'expired',
      };
    },

    grab: (taker: Taker, no: string) => take('grab', taker, no),
    takeUntaken: (taker: Taker, no: string) => take('takeUntaken', taker, no),
    expireDue,
  };
}

export type PlansService = ReturnType<typeof createPlansService>;

/**
 * Why the conditional update found no row: unknown to this store (404), offered past its expiry (a grab's own
 * 409), else the plan's state now for the transition check.
 */
async function planStateNow(
  plans: PlansRepository,
  tx: Database,
  action: 'grab' | 'takeUntaken',
  storeId: number,
  performancePlanOrderNo: string,
  now: Date,
): Promise<PlanStatus> {
  const plan = await plans.candidatePlanState(tx, storeId, performancePlanOrderNo);
  if (!plan) throw notFound(PLAN_TEXT.notFound, 'ORDER_NOT_FOUND');
  const lapsed = plan.status === 'offering' && plan.expiresAt.getTime() <= now.getTime();
  if (action === 'grab' && lapsed) throw new IllegalTransitionError(GRAB_TEXT.expired);
  if (plan.status === 'taken' && plan.takenStoreId === storeId)
    throw new AppError(409, 'TAKEN_BY_THIS_STORE', GRAB_TEXT.takenHere(plan.takenByName));
  return (lapsed ? 'expired' : plan.status) as PlanStatus;
}

/**
 * uEnjoy: one row per delivery of the subscription SKU with the most periods; the first delivery is the day
 * after taking, the next ones every `cycle_interval_days`.
 */
async function insertCyclePlan(
  plans: PlansRepository,
  tx: Database,
  performanceOrderId: number,
  items: readonly { skuCode: string }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const plan = await plans.longestSubscription(
    tx,
    items.map((i) => i.skuCode),
  );
  if (!plan || plan.periods <= 0) return;
  const firstDay = Date.parse(`${shanghaiDay(now)}T00:00:00Z`) + DAY_MS;
  await plans.insertCyclePlans(
    tx,
    Array.from({ length: plan.periods }, (_, index) => ({
      performanceOrderId,
      period: index + 1,
      plannedDate: new Date(firstDay + index * plan.intervalDays * DAY_MS).toISOString().slice(0, 10),
    })),
  );
}
