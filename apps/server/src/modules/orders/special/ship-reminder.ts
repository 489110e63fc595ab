import { ORDER_TIMING } from '@console/contract';
import { and, asc, eq, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { omsOrders, orderLogs, performanceOrders, performancePlanOrders } from '../../../db/schema.js';
import type { Clock } from '../../../platform/clock.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { recordOrderLog, systemOperator } from '../order-log.js';
import { createOrderMessenger } from '../plans/offer-messages.js';
import { SPECIAL_TEXT } from './special-texts.js';

/** Orders reminded per sweep transaction; the next sweep takes the rest. */
const REMIND_BATCH = 200;
const HOUR_MS = 3_600_000;
export const SHIP_REMINDED = 'ship_reminded';

/**
 * Order and customer 7 (您有已接单待发货的订单待处理): once per performance order still `wait_ship`
 * ORDER_TIMING.shipReminderHours after it was taken, to the staff member who took it. The `ship_reminded` log
 * row written in the same transaction is what makes it once; rows are locked `skip locked`, so two instances
 * sweeping at once never remind the same order twice.
 */
export function createShipReminder(deps: { db: Database; clock: Clock; producer: MessageProducer }) {
  const { db, clock, producer } = deps;

  async function remindDue(): Promise<number> {
    const now = clock();
    const dueBefore = new Date(now.getTime() - ORDER_TIMING.shipReminderHours * HOUR_MS);
    const messenger = createOrderMessenger(producer);
    const count = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const due = await tx
        .select({
          id: performanceOrders.id,
          performanceOrderNo: performanceOrders.performanceOrderNo,
          storeId: performanceOrders.storeId,
          takenByUserId: performanceOrders.takenByUserId,
          omsOrderId: performanceOrders.omsOrderId,
          omsOrderNo: omsOrders.omsOrderNo,
          performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
        })
        .from(performanceOrders)
        .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
        .leftJoin(performancePlanOrders, eq(performancePlanOrders.id, performanceOrders.planId))
        .where(
          and(
            eq(performanceOrders.status, 'wait_ship'),
            lte(performanceOrders.takenAt, dueBefore),
            isNotNull(performanceOrders.takenByUserId),
            // By oms_order_id first: the log's index is (oms_order_id, id).
            notExists(
              tx
                .select({ one: sql`1` })
                .from(orderLogs)
                .where(
                  and(
                    eq(orderLogs.omsOrderId, performanceOrders.omsOrderId),
                    eq(orderLogs.performanceOrderId, performanceOrders.id),
                    eq(orderLogs.action, SHIP_REMINDED),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(performanceOrders.takenAt), asc(performanceOrders.id))
        .limit(REMIND_BATCH)
        .for('update', { of: performanceOrders, skipLocked: true });
      for (const order of due) {
        await messenger.send(
          tx,
          'takenNotShipped',
          { storeId: order.storeId, receiverIds: [order.takenByUserId!] },
          SPECIAL_TEXT.shipReminder({
            omsOrderNo: order.omsOrderNo,
            performanceOrderNo: order.performanceOrderNo,
            hours: ORDER_TIMING.shipReminderHours,
          }),
          {
            performancePlanOrderNo: order.performancePlanOrderNo ?? '',
            omsOrderNo: order.omsOrderNo,
            performanceOrderNo: order.performanceOrderNo,
          },
        );
        await recordOrderLog(tx, {
          omsOrderId: order.omsOrderId,
          performanceOrderId: order.id,
          action: SHIP_REMINDED,
          operator: systemOperator,
          detail: { receiverId: order.takenByUserId },
          at: now,
        });
      }
      return due.length;
    });
    messenger.wake();
    return count;
  }

  return { remindDue };
}
