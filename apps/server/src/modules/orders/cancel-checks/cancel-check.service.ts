import {
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUS_TEXT,
  type CancelCheckDetail,
  type CancelCheckPage,
  type DeliveryType,
  type FulfilmentStatus,
  type addCancelCheckBodySchema,
  type cancelCheckPageBodySchema,
  type setCancelCheckStateBodySchema,
} from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClientInfo } from '../../../http/client.js';
import type { Database } from '../../../db/client.js';
import {
  cancelChecks,
  omsOrderItems,
  omsOrders,
  performanceOrders,
  performancePlanOrders,
} from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { AuditLog } from '../../audit/audit-log.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import { NoReceiversError, type MessageProducer } from '../../im/message-producer.js';
import { cancelTakenOrder } from '../integration/integration.service.js';
import { changeMessenger } from '../plans/offer-messages.js';
import { recordOrderLog, type OrderOperator } from '../order-log.js';
import { newCancelCheckNo } from '../order-numbers.js';
import { itemsSummaryOf } from '../plans/offer-format.js';
import { runChange } from '../../audit/run-change.js';
import {
  createCancelCheckRepository,
  toCheckRow,
  type CancelCheckRecord,
} from './cancel-check.repository.js';
import { mapPage } from '../../../db/paged-query.js';

type PageBody = z.output<typeof cancelCheckPageBodySchema>;
type AddBody = z.output<typeof addCancelCheckBodySchema>;
type SetStateBody = z.output<typeof setCancelCheckStateBodySchema>;

/** The scoped store and the signed-in user; `canDecide`: the user holds `cancelCheck:setState`. */
export type CheckActor = {
  storeId: number;
  userId: number;
  nickName: string;
  canDecide: boolean;
  client: ClientInfo;
};

/** Fulfilment family (spec 4.9): 1 您有新的履约单取消核查申请. */
export const CANCEL_CHECK_MESSAGE = { businessType: 3, messageType: 1 } as const;

/** Performance-order states a store may ask head office to check a cancellation of. */
const CHECKABLE: readonly FulfilmentStatus[] = ['wait_ship', 'shipped'];

export const CANCEL_CHECK_TEXT = {
  orderNotFound: '订单不存在',
  checkNotFound: '核查不存在',
  notCheckable: (status: FulfilmentStatus) => `该订单${FULFILMENT_STATUS_TEXT[status]}，不能申请取消核查`,
  alreadyPending: '该订单已有待处理的核查',
  alreadyDecided: '该核查已处理，不能重复处理',
  message: (o: { performanceOrderNo: string; omsOrderNo: string; reason: string }) =>
    `订单 ${o.omsOrderNo}（履约单 ${o.performanceOrderNo}）申请取消核查，原因：${o.reason}`,
};

/**
 * Cancel-check help (docs/domain/orders.md "Cancel-check help"): a store asks head office to check a customer's
 * cancellation of one of its performance orders; a decider approves (the order is cancelled as the customer
 * asked, through the same code path as an upstream cancellation) or rejects it. Everything is within the
 * caller's store.
 */
export function createCancelCheckService(deps: {
  db: Database;
  clock: Clock;
  producer: MessageProducer;
  audit: AuditLog;
}) {
  const { db, clock, producer, audit } = deps;
  const checks = createCancelCheckRepository(db);

  async function detailOf(actor: CheckActor, record: CancelCheckRecord): Promise<CancelCheckDetail> {
    const items = await db
      .select({ name: omsOrderItems.name, quantity: omsOrderItems.quantity })
      .from(omsOrderItems)
      .where(eq(omsOrderItems.omsOrderId, record.omsOrderId))
      .orderBy(asc(omsOrderItems.id));
    const row = toCheckRow(record);
    return {
      ...row,
      deliveryTypeText: DELIVERY_TYPE_TEXT[record.deliveryType as DeliveryType],
      receiverName: record.receiverName,
      receiverPhone: record.receiverPhone,
      itemsSummary: itemsSummaryOf(items),
      payCents: record.payCents,
      takenAt: shanghaiDateTime(record.takenAt),
      canDecide: actor.canDecide && row.state === 'pending',
    };
  }

  async function detail(actor: CheckActor, id: number): Promise<CancelCheckDetail> {
    const record = await checks.find(actor.storeId, id);
    if (!record) throw notFound(CANCEL_CHECK_TEXT.checkNotFound, 'CANCEL_CHECK_NOT_FOUND');
    return detailOf(actor, record);
  }

  /**
   * Locks the OMS order, then the plan, then the performance order: the order an upstream cancellation locks
   * them in, so the two never deadlock and each sees the other's decision.
   */
  async function lockOrder(tx: Database, storeId: number, match: { no?: string; id?: number }) {
    const [target] = await tx
      .select({ id: performanceOrders.id, omsOrderId: performanceOrders.omsOrderId })
      .from(performanceOrders)
      .where(
        and(
          eq(performanceOrders.storeId, storeId),
          match.no
            ? eq(performanceOrders.performanceOrderNo, match.no)
            : eq(performanceOrders.id, match.id ?? 0),
        ),
      )
      .limit(1);
    if (!target) throw notFound(CANCEL_CHECK_TEXT.orderNotFound, 'ORDER_NOT_FOUND');
    const [order] = await tx
      .select()
      .from(omsOrders)
      .where(eq(omsOrders.id, target.omsOrderId))
      .for('update');
    const [plan] = await tx
      .select()
      .from(performancePlanOrders)
      .where(eq(performancePlanOrders.omsOrderId, target.omsOrderId))
      .for('update');
    const [performance] = await tx
      .select()
      .from(performanceOrders)
      .where(eq(performanceOrders.id, target.id))
      .for('update');
    return { order: order!, plan: plan ?? null, performance: performance! };
  }

  return {
    async page(storeId: number, body: PageBody): Promise<CancelCheckPage> {
      return mapPage(await checks.page(storeId, body), toCheckRow);
    },

    detail,

    async add(actor: CheckActor, body: AddBody): Promise<CancelCheckDetail> {
      const now = clock();
      const wakeKeys: string[] = [];
      const id = await db.transaction(async (tx) => {
        const { order, performance } = await lockOrder(tx, actor.storeId, { no: body.performanceOrderNo });
        const status = performance.status as FulfilmentStatus;
        if (!CHECKABLE.includes(status))
          throw new AppError(409, 'ORDER_STATE_CONFLICT', CANCEL_CHECK_TEXT.notCheckable(status));
        const checkNo = newCancelCheckNo(now);
        // The partial unique index (one pending check per order) decides; the order's row lock makes it rare.
        const [check] = await tx
          .insert(cancelChecks)
          .values({
            checkNo,
            performanceOrderId: performance.id,
            storeId: actor.storeId,
            reason: body.reason,
            requestedByUserId: actor.userId,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: cancelChecks.id });
        if (!check) throw new AppError(409, 'CANCEL_CHECK_PENDING', CANCEL_CHECK_TEXT.alreadyPending);
        await recordOrderLog(tx, {
          omsOrderId: order.id,
          performanceOrderId: performance.id,
          action: 'cancel_check_requested',
          operator: { id: actor.userId, name: actor.nickName },
          detail: { checkNo, reason: body.reason },
          at: now,
        });
        const deciders = (await checks.decidersOf(tx, actor.storeId)).filter((u) => u !== actor.userId);
        try {
          const outcome = await producer.publish(tx, {
            ...CANCEL_CHECK_MESSAGE,
            storeId: actor.storeId,
            receiverIds: deciders,
            text: CANCEL_CHECK_TEXT.message({
              performanceOrderNo: performance.performanceOrderNo,
              omsOrderNo: order.omsOrderNo,
              reason: body.reason,
            }),
            expandInfo: {
              id: check.id,
              checkNo,
              performanceOrderNo: performance.performanceOrderNo,
            },
            source: 'orders',
          });
          wakeKeys.push(...outcome.wakeKeys);
        } catch (error) {
          // Nobody may decide in this store yet: the check is still recorded and listed.
          if (!(error instanceof NoReceiversError)) throw error;
        }
        return check.id;
      });
      if (wakeKeys.length > 0) producer.wake(wakeKeys);
      return detail(actor, id);
    },

    /**
     * Pending only. Approving cancels the performance order as the customer asked (the fulfilment transition
     * `checkedCancel`: `wait_ship` or `shipped`; a 409 from it rolls everything back and the check stays
     * pending), and the valet order behind it, through the upstream cancellation's code path.
     */
    async setState(actor: CheckActor, body: SetStateBody): Promise<CancelCheckDetail> {
      const now = clock();
      const operator: OrderOperator = { id: actor.userId, name: actor.nickName };
      await runChange(db, {
        lock: {
          read: async (tx) => {
            const check = await checks.lockCheck(tx, actor.storeId, body.id);
            if (!check) throw notFound(CANCEL_CHECK_TEXT.checkNotFound, 'CANCEL_CHECK_NOT_FOUND');
            return { check, ...(await lockOrder(tx, actor.storeId, { id: check.performanceOrderId })) };
          },
          status: ({ check }) => check.state,
        },
        assert: (state) => {
          if (state !== 'pending')
            throw new AppError(409, 'CANCEL_CHECK_DECIDED', CANCEL_CHECK_TEXT.alreadyDecided);
        },
        update: (tx, { check }) =>
          checks.decide(tx, check.id, {
            state: body.state,
            decidedByUserId: actor.userId,
            decisionRemark: body.remark,
            decidedAt: now,
          }),
        changed: { message: CANCEL_CHECK_TEXT.alreadyDecided, code: 'CANCEL_CHECK_DECIDED' },
        record: async (tx, { locked: { check, order, plan, performance }, afterCommit }) => {
          const messenger = changeMessenger(producer, afterCommit);
          await recordOrderLog(tx, {
            omsOrderId: order.id,
            performanceOrderId: performance.id,
            action: body.state === 'approved' ? 'cancel_check_approved' : 'cancel_check_rejected',
            operator,
            detail: { checkNo: check.checkNo, remark: body.remark },
            at: now,
          });
          // A head-office decision on a store's order: audited with the change, in its transaction.
          await audit.change(
            {
              action: 'cancel-check.decide',
              actor: { user: { id: actor.userId } },
              client: actor.client,
              target: check.checkNo,
              before: { state: check.state },
              after: { state: body.state, remark: body.remark },
              detail: { storeId: actor.storeId, performanceOrderId: performance.id },
            },
            tx,
          );
          if (body.state === 'approved')
            await cancelTakenOrder(tx, messenger, {
              transition: 'checkedCancel',
              order,
              plan: { performancePlanOrderNo: plan?.performancePlanOrderNo ?? '' },
              performance,
              reason: check.reason,
              operator,
              at: now,
            });
        },
      });
      return detail(actor, body.id);
    },
  };
}

export type CancelCheckService = ReturnType<typeof createCancelCheckService>;
