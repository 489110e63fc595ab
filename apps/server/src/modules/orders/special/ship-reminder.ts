import { ORDER_TIMING } from '@console/contract';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../platform/clock.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { recordOrderLog, systemOperator } from '../order-log.js';
import { createOrderMessenger } from '../plans/offer-messages.js';
import { SPECIAL_TEXT } from './special-texts.js';
import { SHIP_REMINDED, createSpecialRepository } from './special.repository.js';

/** Orders reminded per sweep transaction; the next sweep takes the rest. */
const REMIND_BATCH = 200;
const HOUR_MS = 3_600_000;
export { SHIP_REMINDED };

/**
 * Order and customer 7 (您有已接单待发货的订单待处理): once per performance order still `wait_ship`
 * ORDER_TIMING.shipReminderHours after it was taken, to the staff member who took it. The `ship_reminded` log
 * row written in the same transaction is what makes it once; rows are locked `skip locked` and checked again
 * once locked, so two instances sweeping at once never remind the same order twice.
 */
export function createShipReminder(deps: { db: Database; clock: Clock; producer: MessageProducer }) {
  const { db, clock, producer } = deps;
  const reminders = createSpecialRepository(db);

  async function remindDue(): Promise<number> {
    const now = clock();
    const dueBefore = new Date(now.getTime() - ORDER_TIMING.shipReminderHours * HOUR_MS);
    const messenger = createOrderMessenger(producer);
    const count = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const locked = await reminders.dueShipReminders(tx, dueBefore, REMIND_BATCH);
      const reminded = await reminders.remindedAmong(tx, locked);
      const due = locked.filter((order) => !reminded.has(order.id));
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
