import { DELIVERY_TYPE_TEXT, type DeliveryType, type GrabResult, type PlanStatus } from '@console/contract';
import { and, asc, eq, exists, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  cyclePlans,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  performancePlanOrders,
  planCandidates,
  skus,
} from '../../../db/schema.js';
import { conflict, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDay } from '../../dashboard/daily-metrics.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { recordOrderLog, systemOperator } from '../order-log.js';
import { newPerformanceOrderNo, newWriteOffCode } from '../order-numbers.js';
import { IllegalTransitionError, assertPlanTransition } from '../order-states.js';
import { itemsSummaryOf } from './offer-format.js';
import { ORDER_MESSAGE_TEXT, createOrderMessenger } from './offer-messages.js';
import { PLAN_TEXT, grabbable, untaken } from './plan-queries.js';
import { tellValetCreatorsNotTaken } from '../valet/valet-notices.js';

export const GRAB_TEXT = {
  expired: '该订单抢单已超时',
  stillOffering: '该订单仍在抢单中',
};

/** Plans expired per sweep statement; the next sweep takes the rest. */
const EXPIRE_BATCH = 500;
const DAY_MS = 86_400_000;

export type Taker = { storeId: number; user: { id: number; nickName: string } };

/**
 * Taking a plan: `grab` while it is offered, `takeUntaken` once nobody took it in time (未接订单). One conditional
 * UPDATE decides the winner; the performance order, its cycle plan, the log and the message are written in the
 * same transaction.
 */
export function createPlanActions(deps: { db: Database; clock: Clock; producer: MessageProducer }) {
  const { db, clock, producer } = deps;

  async function take(
    action: 'grab' | 'takeUntaken',
    taker: Taker,
    performancePlanOrderNo: string,
  ): Promise<GrabResult> {
    const now = clock();
    const messenger = createOrderMessenger(producer);
    const isCandidate = exists(
      db
        .select({ one: sql`1` })
        .from(planCandidates)
        .where(
          and(eq(planCandidates.planId, performancePlanOrders.id), eq(planCandidates.storeId, taker.storeId)),
        ),
    );
    const result = await db.transaction(async (tx) => {
      const [plan] = await tx
        .update(performancePlanOrders)
        .set({ status: 'taken', takenStoreId: taker.storeId, takenByUserId: taker.user.id, takenAt: now })
        .where(
          and(
            eq(performancePlanOrders.performancePlanOrderNo, performancePlanOrderNo),
            action === 'grab' ? grabbable(now) : untaken(now),
            isCandidate,
          ),
        )
        .returning({ id: performancePlanOrders.id, omsOrderId: performancePlanOrders.omsOrderId });
      if (!plan) return refusal(tx, action, taker.storeId, performancePlanOrderNo, now);

      const [order] = await tx.select().from(omsOrders).where(eq(omsOrders.id, plan.omsOrderId));
      const items = await tx
        .select()
        .from(omsOrderItems)
        .where(eq(omsOrderItems.omsOrderId, plan.omsOrderId))
        .orderBy(asc(omsOrderItems.id));
      const deliveryType = order!.deliveryType as DeliveryType;
      const performanceOrderNo = newPerformanceOrderNo(now);
      const writeOffCode = deliveryType === 'pickup' ? newWriteOffCode() : '';
      const [performance] = await tx
        .insert(performanceOrders)
        .values({
          performanceOrderNo,
          planId: plan.id,
          omsOrderId: plan.omsOrderId,
          storeId: taker.storeId,
          status: 'wait_ship',
          deliveryType,
          receiverName: order!.receiverName,
          receiverPhone: order!.receiverPhone,
          writeOffCode,
          invoiceStatus: order!.invoiceType === 'none' ? 'none' : 'pending',
          takenByUserId: taker.user.id,
          takenAt: now,
        })
        .returning({ id: performanceOrders.id });
      await insertCyclePlan(tx, performance!.id, items, now);
      await recordOrderLog(tx, {
        omsOrderId: plan.omsOrderId,
        performanceOrderId: performance!.id,
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
          omsOrderNo: order!.omsOrderNo,
          deliveryTypeText: DELIVERY_TYPE_TEXT[deliveryType],
          itemsSummary: itemsSummaryOf(items),
        }),
        { omsOrderNo: order!.omsOrderNo, performanceOrderNo },
      );
      return {
        performancePlanOrderNo,
        omsOrderNo: order!.omsOrderNo,
        performanceOrderNo,
        status: 'wait_ship' as const,
        writeOffCode,
      };
    });
    messenger.wake();
    return result;
  }

  /**
   * Offers past their expiry become `expired`, each with an `expired` log row. The valet order's creator
   * (order and customer 2) is told once valet orders exist; online offers simply move to 未接订单.
   */
  async function expireDue(options: { storeId?: number } = {}): Promise<number> {
    const now = clock();
    const messenger = createOrderMessenger(producer);
    const count = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: performancePlanOrders.id })
        .from(performancePlanOrders)
        .where(
          and(
            eq(performancePlanOrders.status, 'offering'),
            lte(performancePlanOrders.expiresAt, now),
            options.storeId === undefined
              ? undefined
              : exists(
                  tx
                    .select({ one: sql`1` })
                    .from(planCandidates)
                    .where(
                      and(
                        eq(planCandidates.planId, performancePlanOrders.id),
                        eq(planCandidates.storeId, options.storeId),
                      ),
                    ),
                ),
          ),
        )
        .limit(EXPIRE_BATCH)
        .for('update', { skipLocked: true });
      const expired = await tx
        .update(performancePlanOrders)
        .set({ status: 'expired' })
        .where(and(inArray(performancePlanOrders.id, due), eq(performancePlanOrders.status, 'offering')))
        .returning({
          omsOrderId: performancePlanOrders.omsOrderId,
          performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
        });
      if (expired.length > 0)
        await tx.insert(orderLogs).values(
          expired.map((plan) => ({
            omsOrderId: plan.omsOrderId,
            action: 'expired',
            fromStatus: 'offering',
            toStatus: 'expired',
            operatorId: systemOperator.id,
            operatorName: systemOperator.name,
            detail: { performancePlanOrderNo: plan.performancePlanOrderNo },
            createdAt: now,
          })),
        );
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
    grab: (taker: Taker, no: string) => take('grab', taker, no),
    takeUntaken: (taker: Taker, no: string) => take('takeUntaken', taker, no),
    expireDue,
  };
}

export type PlanActions = ReturnType<typeof createPlanActions>;

/** Why the conditional update found no row: unknown to this store (404) or the state forbids it (409). */
async function refusal(
  tx: Database,
  action: 'grab' | 'takeUntaken',
  storeId: number,
  performancePlanOrderNo: string,
  now: Date,
): Promise<never> {
  const [plan] = await tx
    .select({ status: performancePlanOrders.status, expiresAt: performancePlanOrders.expiresAt })
    .from(performancePlanOrders)
    .innerJoin(
      planCandidates,
      and(eq(planCandidates.planId, performancePlanOrders.id), eq(planCandidates.storeId, storeId)),
    )
    .where(eq(performancePlanOrders.performancePlanOrderNo, performancePlanOrderNo))
    .limit(1);
  if (!plan) throw notFound(PLAN_TEXT.notFound, 'ORDER_NOT_FOUND');
  const lapsed = plan.status === 'offering' && plan.expiresAt.getTime() <= now.getTime();
  if (action === 'grab' && lapsed) throw new IllegalTransitionError(GRAB_TEXT.expired);
  assertPlanTransition(action, (lapsed ? 'expired' : plan.status) as PlanStatus);
  // The state allowed it yet the update found nothing: someone changed it in between.
  throw conflict(GRAB_TEXT.stillOffering, 'ORDER_STATE_CONFLICT');
}

/**
 * uEnjoy: one row per delivery of the subscription SKU with the most periods; the first delivery is the day
 * after taking, the next ones every `cycle_interval_days`.
 */
async function insertCyclePlan(
  tx: Database,
  performanceOrderId: number,
  items: readonly { skuCode: string }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const [plan] = await tx
    .select({ periods: skus.cyclePeriods, intervalDays: skus.cycleIntervalDays })
    .from(skus)
    .where(
      and(
        inArray(
          skus.skuCode,
          items.map((i) => i.skuCode),
        ),
        eq(skus.kind, 'uenjoy'),
      ),
    )
    .orderBy(sql`${skus.cyclePeriods} desc`)
    .limit(1);
  if (!plan || plan.periods <= 0) return;
  const firstDay = Date.parse(`${shanghaiDay(now)}T00:00:00Z`) + DAY_MS;
  await tx.insert(cyclePlans).values(
    Array.from({ length: plan.periods }, (_, index) => ({
      performanceOrderId,
      period: index + 1,
      plannedDate: new Date(firstDay + index * plan.intervalDays * DAY_MS).toISOString().slice(0, 10),
    })),
  );
}
