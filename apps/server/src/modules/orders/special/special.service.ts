import {
  CYCLE_PLAN_STATUS_TEXT,
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUS_TEXT,
  MEMBER_LEVEL_WINDOW_DAYS,
  type ArriveAtStoreListBody,
  type ArriveAtStorePage,
  type ExpressInfo,
  type FulfilmentStatus,
  type KeepLevelCheck,
  type OrderActionResult,
  type Prescription,
  type StoreCancelBody,
  type TeaTreeListBody,
  type TeaTreePage,
} from '@console/contract';
import type { Database } from '../../../db/client.js';
import { mapPage } from '../../../db/paged-query.js';
import { conflict, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { FULFILMENT_TEXT } from '../fulfilment/fulfilment.messages.js';
import type { FulfilmentRepository } from '../fulfilment/fulfilment.repository.js';
import type { Actor, FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { recordOrderLog } from '../order-log.js';
import { assertFulfilmentTransition } from '../order-states.js';
import { itemsSummaryOf } from '../plans/offer-format.js';
import { levelAfterCancel, thresholdOf } from './member-level.js';
import { createSpecialRepository } from './special.repository.js';
import { SPECIAL_TEXT, yuan } from './special-texts.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const statusText = (status: string) => FULFILMENT_STATUS_TEXT[status as FulfilmentStatus] ?? status;
const orderNotFound = () => notFound(FULFILMENT_TEXT.orderNotFound, 'ORDER_NOT_FOUND');

/** A prescription the upstream order carries: an `order_logs` row `prescription_attached` (see the docs). */
type PrescriptionDetail = { fileName?: unknown; dataUrl?: unknown };

/**
 * The special-order calls (docs/domain/orders.md "Special orders"). Everything reads through the store's own
 * orders (`FulfilmentRepository.findOrder`), so another store's order answers 404 like an unknown one.
 */
export function createSpecialOrderService(deps: {
  db: Database;
  clock: Clock;
  orders: FulfilmentRepository;
  fulfilment: FulfilmentService;
}) {
  const { db, clock, orders, fulfilment } = deps;
  const special = createSpecialRepository(db);

  async function requireOrder(actor: Actor, performanceOrderNo: string) {
    const order = await orders.findOrder(actor.storeId, { performanceOrderNo });
    if (!order) throw orderNotFound();
    return order;
  }

  /** A uEnjoy order: placed as a uEnjoy valet order, or carrying a uEnjoy subscription SKU. */
  async function requireUEnjoy(order: { oms: { id: number; channel: string } }): Promise<void> {
    if (order.oms.channel === 'valet_uenjoy') return;
    if (!(await special.hasUEnjoyItem(order.oms.id)))
      throw conflict(SPECIAL_TEXT.notUEnjoy, 'ORDER_NOT_UENJOY');
  }

  async function itemsByOrder(omsOrderIds: number[]) {
    const items = await orders.itemsOf(omsOrderIds);
    const byOrder = new Map<number, typeof items>();
    for (const item of items) byOrder.set(item.omsOrderId, [...(byOrder.get(item.omsOrderId) ?? []), item]);
    return byOrder;
  }

  return {
    /** Pickup orders waiting for the customer, longest waiting first; a store has few, so an exact count. */
    async arriveAtStoreList(
      actor: Actor,
      body: ArriveAtStoreListBody,
      canWriteOff: boolean,
    ): Promise<ArriveAtStorePage> {
      const page = await special.pickupWaitingPage(actor.storeId, body);
      const items = await itemsByOrder(page.list.map((r) => r.omsOrderId));
      const now = clock().getTime();
      return mapPage(page, (row) => {
        const own = items.get(row.omsOrderId) ?? [];
        return {
          performanceOrderNo: row.performanceOrderNo,
          omsOrderNo: row.omsOrderNo,
          channel: row.channel as ArriveAtStorePage['list'][number]['channel'],
          receiverName: row.receiverName,
          receiverPhone: row.receiverPhone,
          itemsSummary: itemsSummaryOf(own),
          itemCount: own.reduce((sum, item) => sum + item.quantity, 0),
          payCents: row.payCents,
          takenAt: row.takenAt.toISOString(),
          waitingHours: Math.max(0, Math.floor((now - row.takenAt.getTime()) / HOUR_MS)),
          writeOffHint: SPECIAL_TEXT.writeOffHint,
          canWriteOff,
        };
      });
    },

    async expressInfo(actor: Actor, performanceOrderNo: string): Promise<ExpressInfo> {
      const order = await requireOrder(actor, performanceOrderNo);
      const registeredName = order.courierCode ? await special.courierName(order.courierCode) : null;
      const express = order.deliveryType === 'express';
      const courierCode = express ? order.courierCode : '';
      const courierName = express ? (registeredName ?? order.courierName) : '';
      const periods = await special.shippedPeriods(order.id);
      return {
        performanceOrderNo: order.performanceOrderNo,
        status: order.status,
        statusText: statusText(order.status),
        deliveryType: order.deliveryType,
        deliveryTypeText: DELIVERY_TYPE_TEXT[order.deliveryType],
        shipped: express && Boolean(order.trackingNo),
        shippedAt: iso(order.shippedAt),
        courierCode,
        courierName,
        trackingNo: express ? order.trackingNo : '',
        periods: periods.map((p) => ({
          period: p.period,
          plannedDate: p.plannedDate,
          statusText: CYCLE_PLAN_STATUS_TEXT[p.status] ?? p.status,
          courierCode,
          courierName,
          trackingNo: p.trackingNo,
        })),
      };
    },

    /** Orders with an item named, or a SKU labelled, as a tea-tree adoption; newest first, exact count. */
    async teaTreeAdoptionList(actor: Actor, body: TeaTreeListBody): Promise<TeaTreePage> {
      const page = await special.teaTreePage(actor.storeId, body);
      const adoptionItems = await special.adoptionItems(page.list.map((r) => r.omsOrderId));
      return mapPage(page, (row) => ({
        performanceOrderNo: row.performanceOrderNo,
        omsOrderNo: row.omsOrderNo,
        status: row.status as FulfilmentStatus,
        statusText: statusText(row.status),
        customerName: row.customerName,
        receiverName: row.receiverName,
        receiverPhone: row.receiverPhone,
        adoptionItems: itemsSummaryOf(adoptionItems.filter((i) => i.omsOrderId === row.omsOrderId)),
        payCents: row.payCents,
        takenAt: row.takenAt.toISOString(),
      }));
    },

    /** The uEnjoy line's cancel: the received orders' cancel (same transition, log and 409s) for uEnjoy only. */
    async cancelPerformanceOrder(actor: Actor, body: StoreCancelBody): Promise<OrderActionResult> {
      await requireUEnjoy(await requireOrder(actor, body.performanceOrderNo));
      return fulfilment.cancel(actor, body);
    },

    /**
     * Would cancelling this order drop the member's level? The member keeps it when what they paid in the last
     * MEMBER_LEVEL_WINDOW_DAYS days without this order — orders neither cancelled by the customer nor cancelled
     * by the store that took them — still reaches the threshold of their level.
     */
    async keepLevelCheck(actor: Actor, performanceOrderNo: string): Promise<KeepLevelCheck> {
      const order = await requireOrder(actor, performanceOrderNo);
      await requireUEnjoy(order);
      assertFulfilmentTransition('storeCancel', order.status);
      const owner = await special.memberOf(order.oms.id);
      if (!owner?.memberId)
        return {
          keepsLevel: true,
          currentLevel: null,
          levelAfter: null,
          remainingCents: 0,
          thresholdCents: 0,
          reason: SPECIAL_TEXT.noMember,
        };
      const since = new Date(clock().getTime() - MEMBER_LEVEL_WINDOW_DAYS * DAY_MS);
      const remainingCents = await special.paidSince(owner.memberId, order.oms.id, since);
      const currentLevel = owner.level;
      const levelAfter = levelAfterCancel(currentLevel, remainingCents);
      const threshold = thresholdOf(currentLevel);
      const keepsLevel = levelAfter >= currentLevel;
      return {
        keepsLevel,
        currentLevel,
        levelAfter,
        remainingCents,
        thresholdCents: threshold,
        reason: keepsLevel
          ? SPECIAL_TEXT.keepsLevel(yuan(remainingCents), currentLevel, yuan(threshold))
          : SPECIAL_TEXT.dropsLevel(yuan(remainingCents), currentLevel, yuan(threshold), levelAfter),
      };
    },

    /** Answers the order's prescription and records who downloaded it; none → 404 该订单没有处方. */
    async downloadPrescription(actor: Actor, performanceOrderNo: string): Promise<Prescription> {
      const order = await requireOrder(actor, performanceOrderNo);
      const detail = ((await special.prescriptionOf(order.oms.id)) ?? {}) as PrescriptionDetail;
      if (typeof detail.dataUrl !== 'string' || !detail.dataUrl.startsWith('data:'))
        throw notFound(SPECIAL_TEXT.noPrescription, 'ORDER_NO_PRESCRIPTION');
      const fileName = typeof detail.fileName === 'string' && detail.fileName ? detail.fileName : '处方';
      const downloadedAt = clock();
      await recordOrderLog(db, {
        omsOrderId: order.oms.id,
        performanceOrderId: order.id,
        action: 'prescription_downloaded',
        operator: { id: actor.userId, name: actor.nickName },
        detail: { fileName },
        at: downloadedAt,
      });
      return {
        performanceOrderNo: order.performanceOrderNo,
        fileName,
        dataUrl: detail.dataUrl,
        downloadedAt: downloadedAt.toISOString(),
      };
    },
  };
}
