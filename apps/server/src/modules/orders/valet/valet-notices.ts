import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { omsOrders, valetOrders } from '../../../db/schema.js';
import type { OrderMessenger } from '../plans/offer-messages.js';

export const VALET_NOTICE_TEXT = {
  notTaken: (o: { valetOrderNo: string; omsOrderNo: string }) =>
    `代客订单 ${o.valetOrderNo}（平台订单 ${o.omsOrderNo}）暂无门店接单，请联系顾客或门店跟进`,
  cancelled: (o: { valetOrderNo: string; reason: string }) =>
    `顾客已取消代客订单 ${o.valetOrderNo}，原因：${o.reason}`,
};

/** The valet orders behind these upstream orders (valet channels only), with their creators. */
async function valetOrdersOf(tx: Database, omsOrderIds: readonly number[]) {
  if (omsOrderIds.length === 0) return [];
  return tx
    .select({
      id: valetOrders.id,
      valetOrderNo: valetOrders.valetOrderNo,
      status: valetOrders.status,
      storeId: valetOrders.storeId,
      createdByUserId: valetOrders.createdByUserId,
      omsOrderNo: omsOrders.omsOrderNo,
    })
    .from(omsOrders)
    .innerJoin(valetOrders, eq(valetOrders.valetOrderNo, omsOrders.sourceOrderNo))
    .where(
      and(
        inArray(omsOrders.id, [...omsOrderIds]),
        inArray(omsOrders.channel, ['valet_integral', 'valet_uenjoy']),
      ),
    );
}

/** Order and customer 2 to each creator: the offer of their valet order lapsed and nobody took it. */
export async function tellValetCreatorsNotTaken(
  tx: Database,
  messenger: OrderMessenger,
  omsOrderIds: readonly number[],
): Promise<void> {
  for (const valet of await valetOrdersOf(tx, omsOrderIds))
    await messenger.send(
      tx,
      'valetNotTaken',
      { storeId: valet.storeId, receiverIds: [valet.createdByUserId] },
      VALET_NOTICE_TEXT.notTaken(valet),
      { sourceOrderNo: valet.valetOrderNo },
    );
}

/**
 * The customer cancelled the upstream order of a valet order: the valet order becomes `cancelled` (the one way
 * out of `confirmed`) and, when it was not taken yet, its creator gets order and customer 3.
 */
export async function cancelValetOrderUpstream(
  tx: Database,
  messenger: OrderMessenger,
  input: { omsOrderId: number; reason: string; at: Date; tellCreator: boolean },
): Promise<void> {
  for (const valet of await valetOrdersOf(tx, [input.omsOrderId])) {
    await tx
      .update(valetOrders)
      .set({
        status: 'cancelled',
        cancelledAt: input.at,
        cancelReason: `顾客取消：${input.reason}`.slice(0, 255),
      })
      .where(and(eq(valetOrders.id, valet.id), eq(valetOrders.status, 'confirmed')));
    if (input.tellCreator)
      await messenger.send(
        tx,
        'valetCancelled',
        { storeId: valet.storeId, receiverIds: [valet.createdByUserId] },
        VALET_NOTICE_TEXT.cancelled({ valetOrderNo: valet.valetOrderNo, reason: input.reason }),
        { sourceOrderNo: valet.valetOrderNo },
      );
  }
}
