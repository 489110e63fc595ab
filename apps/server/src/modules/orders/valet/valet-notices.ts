import type { Database } from '../../../db/client.js';
import type { OrderMessenger } from '../plans/offer-messages.js';
import { returnToShelf } from '../../points-mall/redemption-terms.js';
import { createValetRepository } from './valet.repository.js';

export const VALET_NOTICE_TEXT = {
  notTaken: (o: { valetOrderNo: string; omsOrderNo: string }) =>
    `代客订单 ${o.valetOrderNo}（平台订单 ${o.omsOrderNo}）暂无门店接单，请联系顾客或门店跟进`,
  cancelled: (o: { valetOrderNo: string; reason: string }) =>
    `顾客已取消代客订单 ${o.valetOrderNo}，原因：${o.reason}`,
};

/** Order and customer 2 to each creator: the offer of their valet order lapsed and nobody took it. */
export async function tellValetCreatorsNotTaken(
  tx: Database,
  messenger: OrderMessenger,
  omsOrderIds: readonly number[],
): Promise<void> {
  for (const valet of await createValetRepository(tx).behindUpstream(tx, omsOrderIds))
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
 * out of `confirmed`), a points order's goods go back on the store's shelf, and, when it was not taken yet, its
 * creator gets order and customer 3.
 */
export async function cancelValetOrderUpstream(
  tx: Database,
  messenger: OrderMessenger,
  input: { omsOrderId: number; reason: string; at: Date; tellCreator: boolean },
): Promise<void> {
  const valets = createValetRepository(tx);
  for (const valet of await valets.behindUpstream(tx, [input.omsOrderId])) {
    const cancelled = await valets.setStatus(tx, valet.id, 'confirmed', {
      status: 'cancelled',
      cancelledAt: input.at,
      cancelReason: `顾客取消：${input.reason}`.slice(0, 255),
    });
    if (cancelled.length && valet.kind === 'integral')
      await returnToShelf(tx, { storeId: valet.storeId, lines: valet.items });
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
