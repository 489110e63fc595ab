import {
  ORDER_TIMING,
  type CancelOrderResult,
  type FulfilmentStatus,
  type PlanStatus,
  type PushIntentionResult,
  type PushOrderResult,
  type cancelOrderBodySchema,
  type pushIntentionBodySchema,
  type pushOrderBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { platformOperator, recordOrderLog, type OrderOperator } from '../order-log.js';
import { lineTotals, priceLines, skuCodesOf } from '../order-lines.js';
import { newPerformancePlanOrderNo } from '../order-numbers.js';
import { assertFulfilmentTransition, assertPlanTransition, type FulfilmentAction } from '../order-states.js';
import { itemsSummaryOf } from '../plans/offer-format.js';
import { ORDER_MESSAGE_TEXT, createOrderMessenger, type OrderMessenger } from '../plans/offer-messages.js';
import { cancelValetOrderUpstream } from '../valet/valet-notices.js';
import { candidateStores } from './candidate-stores.js';
import {
  createIntegrationRepository,
  type IntegrationRepository,
  type PerformanceOrderRecord,
} from './integration.repository.js';
import { checkPrescription } from './prescription.js';

type PushOrderInput = z.output<typeof pushOrderBodySchema>;
type CancelOrderInput = z.output<typeof cancelOrderBodySchema>;
type PushIntentionInput = z.output<typeof pushIntentionBodySchema>;

export const INTAKE_TEXT = {
  orderNotFound: '订单不存在',
  alreadyShipped: '订单已发货，无法取消',
  wrongKind: (channelText: string) => `${channelText}只能包含对应类型的商品`,
  discountTooLarge: '优惠金额不能超过商品金额与运费之和',
  unknownStore: (code: string) => `门店不存在或已停用：${code}`,
};

/** Which SKU kinds each channel may carry. */
const KINDS_OF_CHANNEL: Record<PushOrderInput['channel'], { kinds: string[]; text: string }> = {
  online: { kinds: ['retail', 'uenjoy'], text: '线上订单' },
  valet_integral: { kinds: ['integral'], text: '积分商城代客单' },
  valet_uenjoy: { kinds: ['uenjoy'], text: '优享代客单' },
};

/**
 * What the upstream platform (OMS) pushes: orders, customer cancellations and customer intentions. The
 * integration endpoints and the demo traffic both come through here. Idempotent on the upstream numbers.
 */
export function createOrderIntake(deps: { db: Database; clock: Clock; producer: MessageProducer }) {
  const { db, clock, producer } = deps;
  const repo = createIntegrationRepository(db);

  /**
   * `within`: a caller's open transaction (a confirmed valet order) — everything is read and written in it and
   * the caller's messenger collects the wake keys, to wake after its commit.
   */
  async function pushOrder(
    body: PushOrderInput,
    within?: { tx: Database; messenger: OrderMessenger },
  ): Promise<PushOrderResult> {
    const reader = within?.tx ?? db;
    const before = await existingPush(repo, reader, body.omsOrderNo);
    if (before) return before;

    const prescription = body.prescription ? checkPrescription(body.prescription) : null;
    const items = await pricedItems(repo, reader, body);
    const { goodsCents, points: pointsUsed } = lineTotals(items);
    const freightCents = body.freightCents ?? 0;
    const discountCents = body.discountCents ?? 0;
    if (discountCents > goodsCents + freightCents)
      throw new AppError(422, 'ORDER_DISCOUNT_TOO_LARGE', INTAKE_TEXT.discountTooLarge);
    const placedStoreId = body.placedStoreCode ? await storeIdOf(repo, reader, body.placedStoreCode) : null;
    const memberId = await repo.memberIdOf(body.customer, reader);
    const candidates = await candidateStores(repo, reader, body.address, body.candidateStoreCodes);

    const now = clock();
    const expiresAt = new Date(now.getTime() + ORDER_TIMING.offerMinutes * 60_000);
    const performancePlanOrderNo = newPerformancePlanOrderNo(now);
    const itemsSummary = itemsSummaryOf(items);
    const messenger = within?.messenger ?? createOrderMessenger(producer);

    const write = async (tx: Database) => {
      // A concurrent push of the same number: the other one wins, this one answers its numbers.
      const order = await repo.insertOmsOrder(
        {
          omsOrderNo: body.omsOrderNo,
          channel: body.channel,
          memberId,
          customerName: body.customer.name,
          customerPhone: body.customer.phone,
          deliveryType: body.deliveryType,
          receiverName: body.address.receiverName,
          receiverPhone: body.address.receiverPhone,
          regionName: body.address.regionName ?? '',
          countyCode: body.address.countyCode ?? '',
          addressDetail: body.address.detail,
          latitude: body.address.latitude,
          longitude: body.address.longitude,
          goodsCents,
          freightCents,
          discountCents,
          payCents: goodsCents + freightCents - discountCents,
          pointsUsed,
          buyerRemark: body.buyerRemark ?? '',
          invoiceType: body.invoice?.type ?? 'none',
          invoiceTitle: body.invoice?.title ?? '',
          invoiceTaxNo: body.invoice?.taxNo ?? '',
          sourceOrderNo: body.sourceOrderNo ?? '',
          placedStoreId,
          orderedAt: body.orderedAt ? new Date(body.orderedAt) : now,
          createdAt: now,
        },
        tx,
      );
      if (!order) return false;
      await repo.insertOrderItems(
        items.map((item) => ({ ...item, omsOrderId: order.id })),
        tx,
      );
      const plan = await repo.insertPlan(
        { performancePlanOrderNo, omsOrderId: order.id, status: 'offering', offeredAt: now, expiresAt },
        tx,
      );
      await repo.insertCandidates(
        candidates.map((c) => ({ planId: plan.id, storeId: c.id, distanceMeters: c.distanceMeters })),
        tx,
      );
      await recordOrderLog(tx, {
        omsOrderId: order.id,
        action: 'pushed',
        toStatus: 'open',
        operator: platformOperator,
        detail: { channel: body.channel, goodsCents, payCents: goodsCents + freightCents - discountCents },
        at: now,
      });
      // The order's prescription (no column for it): what downloadPrescription/add answers.
      if (prescription)
        await recordOrderLog(tx, {
          omsOrderId: order.id,
          action: 'prescription_attached',
          operator: platformOperator,
          detail: prescription,
          at: now,
        });
      await recordOrderLog(tx, {
        omsOrderId: order.id,
        action: 'offered',
        toStatus: 'offering',
        operator: platformOperator,
        detail: {
          performancePlanOrderNo,
          candidateStoreCodes: candidates.map((c) => c.shopCode),
          expiresAt: expiresAt.toISOString(),
        },
        at: now,
      });
      for (const candidate of candidates) {
        if (body.channel === 'online')
          await messenger.send(
            tx,
            'onlineOffered',
            { storeId: candidate.id },
            ORDER_MESSAGE_TEXT.onlineOffered({ omsOrderNo: body.omsOrderNo, itemsSummary, ...candidate }),
            { id: performancePlanOrderNo, performancePlanOrderNo },
          );
        else
          await messenger.send(
            tx,
            'valetOffered',
            { storeId: candidate.id },
            ORDER_MESSAGE_TEXT.valetOffered({ omsOrderNo: body.omsOrderNo, itemsSummary, ...candidate }),
            { performancePlanOrderNo, omsOrderNo: body.omsOrderNo },
          );
      }
      return true;
    };
    const created = within ? await write(within.tx) : await db.transaction(write);
    if (!within) messenger.wake();
    if (!created) return required(await existingPush(repo, reader, body.omsOrderNo));
    return {
      omsOrderNo: body.omsOrderNo,
      performancePlanOrderNo,
      status: 'offering',
      expiresAt: shanghaiDateTime(expiresAt),
      candidateStoreCodes: candidates.map((c) => c.shopCode),
      created: true,
    };
  }

  async function cancelOrder(body: CancelOrderInput): Promise<CancelOrderResult> {
    const messenger = createOrderMessenger(producer);
    const result = await db.transaction(async (tx): Promise<CancelOrderResult> => {
      // Row locks: a grab or a ship running at the same time waits for this decision, then sees it.
      const order = await repo.lockOrder(body.omsOrderNo, tx);
      if (!order) throw notFound(INTAKE_TEXT.orderNotFound, 'ORDER_NOT_FOUND');
      const plan = await repo.lockPlanOf(order.id, tx);
      if (!plan) throw notFound(INTAKE_TEXT.orderNotFound, 'ORDER_NOT_FOUND');
      const performance = await repo.lockPerformanceOf(plan.id, tx);
      const unchanged: CancelOrderResult = {
        omsOrderNo: order.omsOrderNo,
        planStatus: plan.status as PlanStatus,
        performanceOrderNo: performance?.performanceOrderNo ?? null,
        changed: false,
      };
      if (order.status === 'customer_cancelled' || plan.status === 'cancelled') return unchanged;
      const now = clock();

      if (plan.status !== 'taken' || !performance) {
        assertPlanTransition('customerCancel', plan.status as PlanStatus);
        await repo.cancelPlan(plan.id, tx);
        await repo.markCustomerCancelled(order.id, tx);
        await recordOrderLog(tx, {
          omsOrderId: order.id,
          action: 'customer_cancelled',
          fromStatus: plan.status,
          toStatus: 'cancelled',
          operator: platformOperator,
          detail: { reason: body.reason, performancePlanOrderNo: plan.performancePlanOrderNo },
          at: now,
        });
        // A valet order tells its creator (order and customer 3); an online order tells every candidate store
        // that may still be looking at the offer.
        if (order.channel !== 'online')
          await cancelValetOrderUpstream(tx, messenger, {
            omsOrderId: order.id,
            reason: body.reason,
            at: now,
            tellCreator: true,
          });
        else {
          for (const storeId of await repo.candidateStoreIds(plan.id, tx))
            await messenger.send(
              tx,
              'onlineCancelled',
              { storeId },
              ORDER_MESSAGE_TEXT.onlineCancelled({ omsOrderNo: order.omsOrderNo, reason: body.reason }),
              { id: plan.performancePlanOrderNo, performancePlanOrderNo: plan.performancePlanOrderNo },
            );
        }
        return { ...unchanged, planStatus: 'cancelled', changed: true };
      }

      if (performance.status === 'cancelled') return unchanged;
      if (performance.status === 'shipped' || performance.status === 'completed')
        throw new AppError(409, 'ORDER_ALREADY_SHIPPED', INTAKE_TEXT.alreadyShipped);
      await cancelTakenOrder(tx, messenger, {
        transition: 'customerCancel',
        order,
        plan,
        performance,
        reason: body.reason,
        operator: platformOperator,
        at: now,
      });
      return { ...unchanged, changed: true };
    });
    messenger.wake();
    return result;
  }

  async function pushIntention(body: PushIntentionInput): Promise<PushIntentionResult> {
    const existing = await repo.intentionExists(body.omsConsultantsNo);
    if (existing) return { omsConsultantsNo: body.omsConsultantsNo, created: false };
    const storeId = await storeIdOf(repo, db, body.storeCode);
    const memberId = await repo.memberIdOf(body.customer);
    const messenger = createOrderMessenger(producer);
    const created = await db.transaction(async (tx) => {
      const row = await repo.insertIntention(
        {
          omsConsultantsNo: body.omsConsultantsNo,
          storeId,
          memberId,
          customerName: body.customer.name,
          customerPhone: body.customer.phone,
          interest: body.interest,
          createdAt: clock(),
        },
        tx,
      );
      if (!row) return false;
      await messenger.send(
        tx,
        'customerIntention',
        { storeId },
        ORDER_MESSAGE_TEXT.customerIntention({ customerName: body.customer.name, interest: body.interest }),
        { omsConsultantsNo: body.omsConsultantsNo },
      );
      return true;
    });
    messenger.wake();
    return { omsConsultantsNo: body.omsConsultantsNo, created };
  }

  return { pushOrder, cancelOrder, pushIntention };
}

export type OrderIntake = ReturnType<typeof createOrderIntake>;

/**
 * The customer's cancellation of a taken order, on rows the caller has locked (OMS order → plan → performance
 * order): the performance order becomes `cancelled`, the OMS order `customer_cancelled`, the valet order behind
 * it (if any) `cancelled`, a log row names the operator (the platform, or the head-office user who approved a
 * cancel check) and the staff member who took it gets order and customer 4. `transition`: `customerCancel` for
 * the platform's cancellation (only `wait_ship`), `checkedCancel` for an approved cancel check (also `shipped`).
 */
export async function cancelTakenOrder(
  tx: Database,
  messenger: OrderMessenger,
  input: {
    transition: Extract<FulfilmentAction, 'customerCancel' | 'checkedCancel'>;
    order: { id: number; omsOrderNo: string };
    plan: { performancePlanOrderNo: string };
    performance: PerformanceOrderRecord;
    reason: string;
    operator: OrderOperator;
    at: Date;
  },
): Promise<void> {
  const { order, plan, performance, reason, operator, at: now } = input;
  assertFulfilmentTransition(input.transition, performance.status as FulfilmentStatus);
  const repo = createIntegrationRepository(tx);
  await repo.cancelPerformanceOrder(
    performance,
    { cancelledAt: now, cancelReason: `顾客取消：${reason}`.slice(0, 255) },
    tx,
  );
  // A taken valet order's creator is not told (order and customer 4 below goes to the taker).
  await cancelValetOrderUpstream(tx, messenger, {
    omsOrderId: order.id,
    reason,
    at: now,
    tellCreator: false,
  });
  await repo.markCustomerCancelled(order.id, tx);
  await recordOrderLog(tx, {
    omsOrderId: order.id,
    performanceOrderId: performance.id,
    action: 'customer_cancelled',
    fromStatus: performance.status,
    toStatus: 'cancelled',
    operator,
    detail: { reason: reason, performanceOrderNo: performance.performanceOrderNo },
    at: now,
  });
  await messenger.send(
    tx,
    'takenCancelled',
    {
      storeId: performance.storeId,
      ...(performance.takenByUserId ? { receiverIds: [performance.takenByUserId] } : {}),
    },
    ORDER_MESSAGE_TEXT.takenCancelled({
      omsOrderNo: order.omsOrderNo,
      performanceOrderNo: performance.performanceOrderNo,
      reason: reason,
    }),
    {
      performancePlanOrderNo: plan.performancePlanOrderNo,
      omsOrderNo: order.omsOrderNo,
      performanceOrderNo: performance.performanceOrderNo,
    },
  );
}

/** The answer of an order pushed before. */
async function existingPush(
  repo: IntegrationRepository,
  tx: Database,
  omsOrderNo: string,
): Promise<PushOrderResult | null> {
  const row = await repo.existingPush(omsOrderNo, tx);
  if (!row) return null;
  return {
    omsOrderNo,
    performancePlanOrderNo: row.performancePlanOrderNo,
    status: row.status as PlanStatus,
    expiresAt: shanghaiDateTime(row.expiresAt),
    candidateStoreCodes: row.candidateStoreCodes,
    created: false,
  };
}

/** Order lines priced from the SKU table; every SKU must exist, be on sale and suit the channel. */
async function pricedItems(repo: IntegrationRepository, tx: Database, body: PushOrderInput) {
  const allowed = KINDS_OF_CHANNEL[body.channel];
  return priceLines(body.items, await repo.enabledSkus(skuCodesOf(body.items), tx), {
    allows: (kind) => allowed.kinds.includes(kind),
    wrongKind: INTAKE_TEXT.wrongKind(allowed.text),
  });
}

async function storeIdOf(repo: IntegrationRepository, tx: Database, shopCode: string): Promise<number> {
  const id = await repo.enabledStoreId(shopCode, tx);
  if (id === null) throw new AppError(422, 'ORDER_STORE_UNKNOWN', INTAKE_TEXT.unknownStore(shopCode));
  return id;
}

function required<T>(value: T | null): T {
  if (value === null) throw new Error('pushed order vanished');
  return value;
}
