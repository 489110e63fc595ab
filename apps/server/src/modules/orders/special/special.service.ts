import {
  CYCLE_PLAN_STATUS_TEXT,
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUS_TEXT,
  MEMBER_LEVEL_WINDOW_DAYS,
  TEA_TREE_ADOPTION_MARK,
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
import { and, asc, desc, eq, exists, ilike, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  cyclePlans,
  deliveryCompanies,
  members,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  skus,
} from '../../../db/schema.js';
import { conflict, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { FULFILMENT_TEXT } from '../fulfilment/fulfilment.messages.js';
import { filterConditions, type FulfilmentRepository } from '../fulfilment/fulfilment.repository.js';
import type { Actor, FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { recordOrderLog } from '../order-log.js';
import { assertFulfilmentTransition } from '../order-states.js';
import { itemsSummaryOf } from '../plans/offer-format.js';
import { levelAfterCancel, thresholdOf } from './member-level.js';
import { SPECIAL_TEXT, yuan } from './special-texts.js';
import { numberedPage } from '../../../db/paged-query.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const statusText = (status: string) => FULFILMENT_STATUS_TEXT[status as FulfilmentStatus] ?? status;
const orderNotFound = () => notFound(FULFILMENT_TEXT.orderNotFound, 'ORDER_NOT_FOUND');
const pattern = `%${TEA_TREE_ADOPTION_MARK}%`;

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

  async function requireOrder(actor: Actor, performanceOrderNo: string) {
    const order = await orders.findOrder(actor.storeId, { performanceOrderNo });
    if (!order) throw orderNotFound();
    return order;
  }

  /** A uEnjoy order: placed as a uEnjoy valet order, or carrying a uEnjoy subscription SKU. */
  async function requireUEnjoy(order: { oms: { id: number; channel: string } }): Promise<void> {
    if (order.oms.channel === 'valet_uenjoy') return;
    const [row] = await db
      .select({ one: sql`1` })
      .from(omsOrderItems)
      .innerJoin(skus, eq(skus.skuCode, omsOrderItems.skuCode))
      .where(and(eq(omsOrderItems.omsOrderId, order.oms.id), eq(skus.kind, 'uenjoy')))
      .limit(1);
    if (!row) throw conflict(SPECIAL_TEXT.notUEnjoy, 'ORDER_NOT_UENJOY');
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
      const where = and(
        ...filterConditions(actor.storeId, {
          status: 'wait_ship',
          deliveryType: 'pickup',
          keyword: body.keyword ?? null,
        }),
      );
      const { list: rows, total } = await numberedPage(body, {
        rows: ({ limit, offset }) =>
          db
            .select({
              performanceOrderNo: performanceOrders.performanceOrderNo,
              omsOrderId: omsOrders.id,
              omsOrderNo: omsOrders.omsOrderNo,
              channel: omsOrders.channel,
              receiverName: omsOrders.receiverName,
              receiverPhone: omsOrders.receiverPhone,
              payCents: omsOrders.payCents,
              takenAt: performanceOrders.takenAt,
            })
            .from(performanceOrders)
            .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
            .where(where)
            .orderBy(asc(performanceOrders.takenAt), asc(performanceOrders.id))
            .limit(limit)
            .offset(offset),
        count: db
          .select({ n: sql<number>`count(*)::int` })
          .from(performanceOrders)
          .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
          .where(where),
      });
      const items = await itemsByOrder(rows.map((r) => r.omsOrderId));
      const now = clock().getTime();
      return {
        list: rows.map((row) => {
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
        }),
        total,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      };
    },

    async expressInfo(actor: Actor, performanceOrderNo: string): Promise<ExpressInfo> {
      const order = await requireOrder(actor, performanceOrderNo);
      const [courier] = order.courierCode
        ? await db
            .select({ name: deliveryCompanies.name })
            .from(deliveryCompanies)
            .where(eq(deliveryCompanies.code, order.courierCode))
        : [];
      const express = order.deliveryType === 'express';
      const courierCode = express ? order.courierCode : '';
      const courierName = express ? (courier?.name ?? order.courierName) : '';
      const periods = await db
        .select({
          period: cyclePlans.period,
          plannedDate: cyclePlans.plannedDate,
          status: cyclePlans.status,
          trackingNo: cyclePlans.trackingNo,
        })
        .from(cyclePlans)
        .where(and(eq(cyclePlans.performanceOrderId, order.id), eq(cyclePlans.status, 'shipped')))
        .orderBy(asc(cyclePlans.period));
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
      const adoption = exists(
        db
          .select({ one: sql`1` })
          .from(omsOrderItems)
          .leftJoin(skus, eq(skus.skuCode, omsOrderItems.skuCode))
          .where(
            and(
              eq(omsOrderItems.omsOrderId, performanceOrders.omsOrderId),
              or(ilike(omsOrderItems.name, pattern), ilike(skus.labelName, pattern)),
            ),
          ),
      );
      const where = and(
        eq(performanceOrders.storeId, actor.storeId),
        body.status === 'all' ? undefined : eq(performanceOrders.status, body.status),
        adoption,
      );
      const { list: rows, total } = await numberedPage(body, {
        rows: ({ limit, offset }) =>
          db
            .select({
              performanceOrderNo: performanceOrders.performanceOrderNo,
              status: performanceOrders.status,
              omsOrderId: omsOrders.id,
              omsOrderNo: omsOrders.omsOrderNo,
              customerName: omsOrders.customerName,
              receiverName: omsOrders.receiverName,
              receiverPhone: omsOrders.receiverPhone,
              payCents: omsOrders.payCents,
              takenAt: performanceOrders.takenAt,
            })
            .from(performanceOrders)
            .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
            .where(where)
            .orderBy(desc(performanceOrders.takenAt), desc(performanceOrders.id))
            .limit(limit)
            .offset(offset),
        count: db
          .select({ n: sql<number>`count(*)::int` })
          .from(performanceOrders)
          .where(where),
      });
      const ids = rows.map((r) => r.omsOrderId);
      const adoptionItems = ids.length
        ? await db
            .select({
              omsOrderId: omsOrderItems.omsOrderId,
              name: omsOrderItems.name,
              quantity: omsOrderItems.quantity,
            })
            .from(omsOrderItems)
            .leftJoin(skus, eq(skus.skuCode, omsOrderItems.skuCode))
            .where(
              and(
                inArray(omsOrderItems.omsOrderId, ids),
                or(ilike(omsOrderItems.name, pattern), ilike(skus.labelName, pattern)),
              ),
            )
            .orderBy(asc(omsOrderItems.id))
        : [];
      return {
        list: rows.map((row) => ({
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
        })),
        total,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      };
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
      const [owner] = await db
        .select({ memberId: omsOrders.memberId, level: members.level })
        .from(omsOrders)
        .innerJoin(members, eq(members.id, omsOrders.memberId))
        .where(eq(omsOrders.id, order.oms.id));
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
      const [paid] = await db
        .select({ cents: sql<number>`coalesce(sum(${omsOrders.payCents}), 0)::int` })
        .from(omsOrders)
        .where(
          and(
            eq(omsOrders.memberId, owner.memberId),
            ne(omsOrders.id, order.oms.id),
            ne(omsOrders.status, 'customer_cancelled'),
            sql`${omsOrders.orderedAt} >= ${since.toISOString()}::timestamptz`,
            notExists(
              db
                .select({ one: sql`1` })
                .from(performanceOrders)
                .where(
                  and(
                    eq(performanceOrders.omsOrderId, omsOrders.id),
                    eq(performanceOrders.status, 'cancelled'),
                  ),
                ),
            ),
          ),
        );
      const remainingCents = paid?.cents ?? 0;
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
      const [attached] = await db
        .select({ detail: orderLogs.detail })
        .from(orderLogs)
        .where(and(eq(orderLogs.omsOrderId, order.oms.id), eq(orderLogs.action, 'prescription_attached')))
        .orderBy(desc(orderLogs.id))
        .limit(1);
      const detail = (attached?.detail ?? {}) as PrescriptionDetail;
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
