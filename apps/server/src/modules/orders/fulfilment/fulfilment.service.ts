import {
  CYCLE_PLAN_STATUS_TEXT,
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUS_TEXT,
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_TEXT,
  MOBILE_PATTERN,
  ORDER_LOG_ACTION_TEXT,
  PLAN_STATUS_TEXT,
  RECEIVED_COUNT_CAP,
  type StoreCancelBody,
  type DeliverBody,
  type FinishInvoiceBody,
  type FulfilmentStatus,
  type InvoiceDetail,
  type ModifyAddressBody,
  type ModifyCyclePlanBody,
  type OrderActionResult,
  type OrderActions,
  type OrderDetail,
  type OrderLogRow,
  type ReceivedListBody,
  type ReceivedPage,
  type WriteOffBody,
} from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { cyclePlans, deliveryCompanies, omsOrders, performanceOrders } from '../../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDay } from '../../dashboard/daily-metrics.js';
import { resolveRegion, type AreaCatalogue, type Region } from '../../stores/area-tree.js';
import { recordOrderLog, type OrderLogAction, type OrderOperator } from '../order-log.js';
import type { OrderPermission } from '../order-permission.js';
import {
  FULFILMENT_TRANSITIONS,
  assertFulfilmentTransition,
  canFulfil,
  type FulfilmentAction,
} from '../order-states.js';
import { areaNamesAsWritten } from '@console/contract';
import { checkCyclePlanChanges } from './cycle-plan-rules.js';
import { FULFILMENT_TEXT } from './fulfilment.messages.js';
import type { FulfilmentRepository, OrderKey, StoreOrder } from './fulfilment.repository.js';
import { cappedTotal } from '../../../db/paged-query.js';
import { decodeCursor, encodeCursor } from './received-cursor.js';
import { runChange } from '../../audit/run-change.js';

/** Who acts, in which store, with which permissions (the session's roles: role and button permissions). */
export type Actor = { storeId: number; userId: number; nickName: string; roles: readonly string[] };

const unprocessable = (message: string, code: string) => new AppError(422, code, message);
const orderNotFound = () => notFound(FULFILMENT_TEXT.orderNotFound, 'ORDER_NOT_FOUND');
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const operatorOf = (actor: Actor): OrderOperator => ({ id: actor.userId, name: actor.nickName });
const statusText = (status: string) =>
  FULFILMENT_STATUS_TEXT[status as FulfilmentStatus] ??
  PLAN_STATUS_TEXT[status as keyof typeof PLAN_STATUS_TEXT] ??
  status;

type PerformanceOrderChange = Partial<typeof performanceOrders.$inferInsert>;

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

export function createFulfilmentService(deps: {
  db: Database;
  clock: Clock;
  orders: FulfilmentRepository;
  areas: AreaCatalogue;
}) {
  const { db, clock, orders, areas } = deps;

  async function requireOrder(actor: Actor, key: OrderKey, tx: Database = db): Promise<StoreOrder> {
    const order = await orders.findOrder(actor.storeId, key, tx);
    if (!order) throw orderNotFound();
    return order;
  }

  /**
   * The one way an order changes: checks the transition, then updates only if nobody changed the order since
   * it was read (`status` and `version`), so a concurrent second attempt gets the same 409 as a late one.
   * Writes the log row in the same transaction and answers the new state.
   */
  async function change(
    actor: Actor,
    order: StoreOrder,
    step: {
      action: FulfilmentAction;
      log: OrderLogAction;
      set?: PerformanceOrderChange;
      detail?: Record<string, unknown>;
      alsoInTransaction?: (tx: Database) => Promise<void>;
    },
  ): Promise<OrderActionResult> {
    const to = FULFILMENT_TRANSITIONS[step.action].to ?? order.status;
    await runChange(db, {
      from: order.status,
      assert: (status) => assertFulfilmentTransition(step.action, status),
      update: (tx) =>
        tx
          .update(performanceOrders)
          .set({ ...step.set, status: to, version: sql`${performanceOrders.version} + 1` })
          .where(
            and(
              eq(performanceOrders.id, order.id),
              eq(performanceOrders.status, order.status),
              eq(performanceOrders.version, order.version),
            ),
          )
          .returning({ id: performanceOrders.id }),
      current: async (tx) => {
        const [now] = await tx
          .select({ status: performanceOrders.status })
          .from(performanceOrders)
          .where(eq(performanceOrders.id, order.id));
        return now?.status as FulfilmentStatus | undefined;
      },
      changed: { message: FULFILMENT_TEXT.concurrentChange, code: 'ORDER_CHANGED' },
      record: async (tx) => {
        await step.alsoInTransaction?.(tx);
        await recordOrderLog(tx, {
          omsOrderId: order.oms.id,
          performanceOrderId: order.id,
          action: step.log,
          fromStatus: order.status,
          toStatus: to,
          operator: operatorOf(actor),
          ...(step.detail ? { detail: step.detail } : {}),
          at: clock(),
        });
      },
    });
    return { performanceOrderNo: order.performanceOrderNo, status: to, statusText: statusText(to) };
  }

  function actionsFor(actor: Actor, order: StoreOrder, hasPendingPeriods: boolean): OrderActions {
    const may = (permission: OrderPermission) => actor.roles.includes(permission);
    const pickup = order.deliveryType === 'pickup';
    return {
      deliver: !pickup && canFulfil('deliver', order.status) && may('order:ship'),
      modifyAddress: !pickup && canFulfil('modifyAddress', order.status) && may('order:modifyAddress'),
      modifyCyclePlan:
        hasPendingPeriods && canFulfil('modifyCyclePlan', order.status) && may('order:modifyCyclePlan'),
      cancel: canFulfil('storeCancel', order.status) && may('order:cancel'),
      finishInvoice:
        order.oms.invoiceType !== 'none' &&
        order.invoiceStatus !== 'issued' &&
        canFulfil('finishInvoice', order.status) &&
        may('order:invoice'),
      writeOff: pickup && canFulfil('writeOff', order.status) && may('order:writeOff'),
    };
  }

  function invoiceOf(order: StoreOrder): InvoiceDetail {
    return {
      performanceOrderNo: order.performanceOrderNo,
      invoiceType: order.oms.invoiceType,
      invoiceTypeText: INVOICE_TYPE_TEXT[order.oms.invoiceType] ?? order.oms.invoiceType,
      title: order.oms.invoiceTitle,
      taxNo: order.oms.invoiceTaxNo,
      amountCents: order.oms.payCents,
      status: order.invoiceStatus,
      statusText: INVOICE_STATUS_TEXT[order.invoiceStatus] ?? order.invoiceStatus,
      invoiceNo: order.invoiceNo,
    };
  }

  return {
    async list(actor: Actor, filter: ReceivedListBody): Promise<ReceivedPage> {
      const cursor = filter.cursor ? decodeCursor(filter.cursor) : null;
      if (filter.cursor && !cursor) throw badRequest(FULFILMENT_TEXT.badCursor, 'ORDER_CURSOR_INVALID');
      const [{ rows, next }, counted] = await Promise.all([
        orders.page(actor.storeId, filter, cursor),
        cursor ? null : orders.cappedCount(actor.storeId, filter),
      ]);
      return {
        list: rows,
        ...cappedTotal(counted, RECEIVED_COUNT_CAP),
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
        nextCursor: next ? encodeCursor(next) : null,
      };
    },

    async detail(actor: Actor, key: OrderKey): Promise<OrderDetail> {
      const order = await requireOrder(actor, key);
      const [items, plans] = await Promise.all([
        orders.itemsOf([order.oms.id]),
        orders.cyclePlansOf(order.id),
      ]);
      const hasPendingPeriods = plans.some((p) => p.status === 'pending');
      return {
        performanceOrderNo: order.performanceOrderNo,
        omsOrderNo: order.oms.omsOrderNo,
        performancePlanOrderNo: order.performancePlanOrderNo,
        channel: order.oms.channel,
        status: order.status,
        statusText: statusText(order.status),
        customerName: order.oms.customerName,
        customerPhone: order.oms.customerPhone,
        buyerRemark: order.oms.buyerRemark,
        orderedAt: order.oms.orderedAt.toISOString(),
        takenAt: order.takenAt.toISOString(),
        takenByName: order.takenByName ?? '',
        shippedAt: iso(order.shippedAt),
        completedAt: iso(order.completedAt),
        cancelledAt: iso(order.cancelledAt),
        cancelReason: order.cancelReason,
        items: items.map(({ omsOrderId: _omsOrderId, ...item }) => item),
        amounts: {
          goodsCents: order.oms.goodsCents,
          freightCents: order.oms.freightCents,
          discountCents: order.oms.discountCents,
          payCents: order.oms.payCents,
          pointsUsed: order.oms.pointsUsed,
        },
        address: {
          receiverName: order.oms.receiverName,
          receiverPhone: order.oms.receiverPhone,
          regionName: order.oms.regionName,
          countyCode: order.oms.countyCode,
          detail: order.oms.addressDetail,
        },
        delivery: {
          type: order.deliveryType,
          typeText: DELIVERY_TYPE_TEXT[order.deliveryType],
          courierCode: order.courierCode,
          courierName: order.courierName,
          trackingNo: order.trackingNo,
          delivererName: order.delivererName,
          delivererPhone: order.delivererPhone,
        },
        invoice: invoiceOf(order),
        cyclePlans: plans.map((p) => ({
          period: p.period,
          plannedDate: p.plannedDate,
          status: p.status,
          statusText: CYCLE_PLAN_STATUS_TEXT[p.status] ?? p.status,
          trackingNo: p.trackingNo,
        })),
        actions: actionsFor(actor, order, hasPendingPeriods),
      };
    },

    async logList(actor: Actor, omsOrderNo: string): Promise<OrderLogRow[]> {
      const { omsOrderId, ids } = await orders.ownOrderIds(actor.storeId, omsOrderNo);
      if (ids.length === 0) throw orderNotFound();
      const rows = await orders.logsOf(omsOrderId, ids);
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        actionText: ORDER_LOG_ACTION_TEXT[row.action] ?? row.action,
        fromStatus: row.fromStatus,
        toStatus: row.toStatus,
        fromStatusText: row.fromStatus ? statusText(row.fromStatus) : '',
        toStatusText: row.toStatus ? statusText(row.toStatus) : '',
        operatorName: row.operatorName,
        detail: row.detail,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async deliver(actor: Actor, body: DeliverBody): Promise<OrderActionResult> {
      const order = await requireOrder(actor, body);
      if (order.deliveryType === 'pickup')
        throw conflict(FULFILMENT_TEXT.pickupNotDelivered, 'ORDER_PICKUP_NOT_DELIVERED');
      assertFulfilmentTransition('deliver', order.status);
      const shippedAt = clock();
      if (order.deliveryType === 'express') {
        const courierCode = body.courierCode?.trim();
        const trackingNo = body.trackingNo?.trim() ?? '';
        if (!courierCode) throw unprocessable(FULFILMENT_TEXT.courierRequired, 'ORDER_COURIER_REQUIRED');
        const [courier] = await db
          .select()
          .from(deliveryCompanies)
          .where(eq(deliveryCompanies.code, courierCode))
          .limit(1);
        if (!courier) throw unprocessable(FULFILMENT_TEXT.courierUnknown, 'ORDER_COURIER_UNKNOWN');
        if (!trackingPatternOf(courier.trackingPattern).test(trackingNo))
          throw unprocessable(FULFILMENT_TEXT.trackingNoInvalid, 'ORDER_TRACKING_NO_INVALID');
        return change(actor, order, {
          action: 'deliver',
          log: 'shipped',
          set: { courierCode: courier.code, courierName: courier.name, trackingNo, shippedAt },
          detail: {
            deliveryType: 'express',
            courierCode: courier.code,
            courierName: courier.name,
            trackingNo,
          },
        });
      }
      const delivererName = body.delivererName?.trim() ?? '';
      const delivererPhone = body.delivererPhone?.trim() ?? '';
      if (!delivererName || !delivererPhone)
        throw unprocessable(FULFILMENT_TEXT.delivererRequired, 'ORDER_DELIVERER_REQUIRED');
      if (!MOBILE_PATTERN.test(delivererPhone))
        throw unprocessable(FULFILMENT_TEXT.delivererPhoneInvalid, 'ORDER_DELIVERER_PHONE_INVALID');
      // The store's own deliverer in the deliverer columns (no courier); the log's detail keeps them too.
      return change(actor, order, {
        action: 'deliver',
        log: 'shipped',
        set: { courierCode: '', courierName: '', trackingNo: '', delivererName, delivererPhone, shippedAt },
        detail: { deliveryType: 'store_delivery', delivererName, delivererPhone },
      });
    },

    async modifyAddress(actor: Actor, body: ModifyAddressBody): Promise<OrderActionResult> {
      const order = await requireOrder(actor, body);
      if (order.deliveryType === 'pickup')
        throw conflict(FULFILMENT_TEXT.pickupNoAddress, 'ORDER_PICKUP_NO_ADDRESS');
      assertFulfilmentTransition('modifyAddress', order.status);
      const region = resolveRegion(areas.regions(), body);
      if (!region) throw unprocessable(FULFILMENT_TEXT.regionInvalid, 'ORDER_REGION_INVALID');
      const before = {
        receiverName: order.oms.receiverName,
        receiverPhone: order.oms.receiverPhone,
        regionName: order.oms.regionName,
        countyCode: order.oms.countyCode,
        detail: order.oms.addressDetail,
      };
      const after = {
        receiverName: body.receiverName,
        receiverPhone: body.receiverPhone,
        regionName: regionNameOf(region),
        countyCode: region.countyCode,
        detail: body.detail,
      };
      return change(actor, order, {
        action: 'modifyAddress',
        log: 'address_modified',
        detail: { before, after },
        alsoInTransaction: async (tx) => {
          await tx
            .update(omsOrders)
            .set({
              receiverName: after.receiverName,
              receiverPhone: after.receiverPhone,
              regionName: after.regionName,
              countyCode: after.countyCode,
              addressDetail: after.detail,
            })
            .where(eq(omsOrders.id, order.oms.id));
          await tx
            .update(performanceOrders)
            .set({ receiverName: after.receiverName, receiverPhone: after.receiverPhone })
            .where(eq(performanceOrders.omsOrderId, order.oms.id));
        },
      });
    },

    async modifyCyclePlan(actor: Actor, body: ModifyCyclePlanBody): Promise<OrderActionResult> {
      const order = await requireOrder(actor, body);
      const plans = await orders.cyclePlansOf(order.id);
      if (plans.length === 0) throw conflict(FULFILMENT_TEXT.noCyclePlan, 'ORDER_NO_CYCLE_PLAN');
      assertFulfilmentTransition('modifyCyclePlan', order.status);
      const checked = checkCyclePlanChanges(plans, body.periods, shanghaiDay(clock()));
      if ('refusal' in checked) throw unprocessable(checked.refusal, 'ORDER_CYCLE_PLAN_INVALID');
      const previous = new Map(plans.map((p) => [p.period, p]));
      return change(actor, order, {
        action: 'modifyCyclePlan',
        log: 'cycle_plan_modified',
        detail: {
          changes: checked.changes.map((c) => ({
            period: c.period,
            from: previous.get(c.period)!.plannedDate,
            to: c.plannedDate,
          })),
        },
        alsoInTransaction: async (tx) => {
          for (const c of checked.changes)
            await tx
              .update(cyclePlans)
              .set({ plannedDate: c.plannedDate })
              .where(and(eq(cyclePlans.id, previous.get(c.period)!.id), eq(cyclePlans.status, 'pending')));
        },
      });
    },

    async cancel(actor: Actor, body: StoreCancelBody): Promise<OrderActionResult> {
      const order = await requireOrder(actor, body);
      return change(actor, order, {
        action: 'storeCancel',
        log: 'cancelled',
        set: { cancelledAt: clock(), cancelReason: body.reason },
        detail: { reason: body.reason },
      });
    },

    async finishInvoice(actor: Actor, body: FinishInvoiceBody): Promise<OrderActionResult> {
      const order = await requireOrder(actor, body);
      if (order.oms.invoiceType === 'none')
        throw conflict(FULFILMENT_TEXT.invoiceNotRequested, 'ORDER_INVOICE_NOT_REQUESTED');
      if (order.invoiceStatus === 'issued')
        throw conflict(FULFILMENT_TEXT.invoiceAlreadyIssued, 'ORDER_INVOICE_ISSUED');
      return change(actor, order, {
        action: 'finishInvoice',
        log: 'invoice_finished',
        set: { invoiceStatus: 'issued', invoiceNo: body.invoiceNo },
        detail: { invoiceNo: body.invoiceNo, amountCents: order.oms.payCents },
      });
    },

    async invoiceDetail(actor: Actor, performanceOrderNo: string): Promise<InvoiceDetail> {
      return invoiceOf(await requireOrder(actor, { performanceOrderNo }));
    },

    async writeOff(actor: Actor, body: WriteOffBody): Promise<OrderActionResult> {
      let order: StoreOrder;
      if (body.performanceOrderNo) {
        order = await requireOrder(actor, { performanceOrderNo: body.performanceOrderNo });
        if (order.deliveryType !== 'pickup') throw conflict(FULFILMENT_TEXT.notPickup, 'ORDER_NOT_PICKUP');
        assertFulfilmentTransition('writeOff', order.status);
        if (order.writeOffCode !== body.writeOffCode)
          throw unprocessable(FULFILMENT_TEXT.writeOffCodeWrong, 'ORDER_WRITE_OFF_CODE_WRONG');
      } else {
        const found = await orders.findByWriteOffCode(actor.storeId, body.writeOffCode);
        const open = found.filter((o) => canFulfil('writeOff', o.status));
        if (found.length === 0)
          throw unprocessable(FULFILMENT_TEXT.writeOffCodeWrong, 'ORDER_WRITE_OFF_CODE_WRONG');
        if (open.length > 1)
          throw unprocessable(FULFILMENT_TEXT.writeOffCodeAmbiguous, 'ORDER_WRITE_OFF_CODE_AMBIGUOUS');
        // A code used before answers why it cannot be used again (已完成 / 已取消).
        order = open[0] ?? found[0]!;
      }
      const completedAt = clock();
      return change(actor, order, {
        action: 'writeOff',
        log: 'written_off',
        set: { completedAt },
        detail: { writeOffCode: body.writeOffCode },
        alsoInTransaction: async (tx) => {
          await tx.update(omsOrders).set({ status: 'completed' }).where(eq(omsOrders.id, order.oms.id));
        },
      });
    },
  };
}

/** A courier's pattern anchored to the whole number; a broken pattern in the table refuses every number. */
function trackingPatternOf(pattern: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern.replace(/^\^|\$$/g, '')})$`);
  } catch {
    return /$^/;
  }
}

/** How an address names its region: 北京市东城区, 浙江省杭州市西湖区. */
export function regionNameOf(region: Region): string {
  return areaNamesAsWritten([region.provinceName, region.cityName, region.countyName]).join('');
}
