import { ORDER_TIMING, type ExpandInfo } from '@console/contract';
import type { Database } from '../../../db/client.js';
import type { AfterCommit } from '../../audit/run-change.js';
import { NoReceiversError, type MessageProducer } from '../../im/message-producer.js';

/** Business type and message type of each order event (spec 4.9, docs/domain/orders.md "Messages"). */
export const ORDER_MESSAGES = {
  onlineOffered: { businessType: 1, messageType: 1 },
  onlineCancelled: { businessType: 1, messageType: 2 },
  valetOffered: { businessType: 2, messageType: 1 },
  valetNotTaken: { businessType: 2, messageType: 2 },
  valetCancelled: { businessType: 2, messageType: 3 },
  takenCancelled: { businessType: 2, messageType: 4 },
  waitingToShip: { businessType: 2, messageType: 5 },
  customerIntention: { businessType: 2, messageType: 6 },
  takenNotShipped: { businessType: 2, messageType: 7 },
} as const;

export type OrderMessageKind = keyof typeof ORDER_MESSAGES;
const SOURCE = 'orders';

/**
 * Publishes inside the business transaction and collects the wake keys for after commit. A store without
 * enabled staff simply gets no message: the order itself must not fail for it.
 */
export function createOrderMessenger(producer: Pick<MessageProducer, 'publish' | 'wake'>) {
  const wakeKeys: string[] = [];
  return {
    async send(
      tx: Database,
      kind: OrderMessageKind,
      to: { storeId: number; receiverIds?: number[] },
      text: string,
      expandInfo: ExpandInfo,
    ): Promise<void> {
      try {
        const outcome = await producer.publish(tx, {
          ...ORDER_MESSAGES[kind],
          storeId: to.storeId,
          ...(to.receiverIds ? { receiverIds: to.receiverIds } : {}),
          text,
          expandInfo,
          source: SOURCE,
        });
        wakeKeys.push(...outcome.wakeKeys);
      } catch (error) {
        if (!(error instanceof NoReceiversError)) throw error;
      }
    },
    /** After commit. */
    wake(): void {
      if (wakeKeys.length > 0) producer.wake(wakeKeys);
    },
  };
}

export type OrderMessenger = ReturnType<typeof createOrderMessenger>;

/** The order messenger of one `runChange`: its messages are written in the change, woken after its commit. */
export function changeMessenger(
  producer: Pick<MessageProducer, 'publish' | 'wake'>,
  afterCommit: AfterCommit,
): OrderMessenger {
  const messenger = createOrderMessenger(producer);
  afterCommit(messenger.wake);
  return messenger;
}

const km = (meters: number) => (meters / 1000).toFixed(1);

export const ORDER_MESSAGE_TEXT = {
  onlineOffered: (o: { omsOrderNo: string; itemsSummary: string; distanceMeters: number }) =>
    `线上订单 ${o.omsOrderNo} 待抢单：${o.itemsSummary}，距门店${km(o.distanceMeters)}公里，` +
    `${ORDER_TIMING.offerMinutes}分钟内有效`,
  // Messages name the customer's order number (omsOrderNo), the one every card, list and detail shows first.
  valetOffered: (o: { omsOrderNo: string; itemsSummary: string; distanceMeters: number }) =>
    `代客订单 ${o.omsOrderNo} 待接单：${o.itemsSummary}，距门店${km(o.distanceMeters)}公里`,
  onlineCancelled: (o: { omsOrderNo: string; reason: string }) =>
    `顾客已取消线上订单 ${o.omsOrderNo}，原因：${o.reason}`,
  takenCancelled: (o: { omsOrderNo: string; performanceOrderNo: string; reason: string }) =>
    `顾客已取消订单 ${o.omsOrderNo}（履约单 ${o.performanceOrderNo}），请勿发货。原因：${o.reason}`,
  waitingToShip: (o: { omsOrderNo: string; deliveryTypeText: string; itemsSummary: string }) =>
    `订单 ${o.omsOrderNo} 已接单（${o.deliveryTypeText}）：${o.itemsSummary}，请尽快发货`,
  customerIntention: (o: { customerName: string; interest: string }) =>
    `客户 ${o.customerName} 有新的意向：${o.interest}`,
};
