import { VALET_FREIGHT, VALET_KIND_TEXT, type DeliveryType, type ValetKind } from '@console/contract';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { lineTotals, priceLines, skuCodesOf } from '../order-lines.js';
import { isLocated, metersBetween, type Coordinates } from '../../stores/geo.js';
import type { MemberRow } from '../lookups/member-access.js';
import type { MemberLookups } from '../lookups/member-lookups.js';
import { VALET_TEXT } from './valet-texts.js';
import { createValetRepository } from './valet.repository.js';

export type BasketInput = {
  kind: ValetKind;
  /** Resolved by the caller from the public id, for a store that serves the member. */
  member: MemberRow;
  deliveryType: DeliveryType;
  addressId?: number | undefined;
  items: readonly { skuCode: string; quantity: number }[];
};

/**
 * Prices a valet basket from the SKU table: the member, the address (not for pickup; store delivery within the
 * store's bike distance), the lines, goods, points and freight (the points mall ships free).
 */
export async function priceBasket(
  tx: Database,
  memberLookups: MemberLookups,
  store: Coordinates & { bikeDistanceMeters: number },
  input: BasketInput,
) {
  const { member } = input;
  const address =
    input.deliveryType === 'pickup'
      ? null
      : input.addressId === undefined
        ? missingAddress()
        : await memberLookups.requireAddress(member.id, input.addressId, tx);
  const distanceMeters =
    address && isLocated(address) && isLocated(store) ? metersBetween(store, address) : null;
  if (input.deliveryType === 'store_delivery') {
    if (distanceMeters === null)
      throw new AppError(422, 'VALET_ADDRESS_UNLOCATED', VALET_TEXT.addressUnlocated);
    if (distanceMeters > store.bikeDistanceMeters)
      throw new AppError(
        422,
        'VALET_OUT_OF_RANGE',
        VALET_TEXT.outOfBikeRange((store.bikeDistanceMeters / 1000).toFixed(1)),
      );
  }

  const enabledSkus = await createValetRepository(tx).enabledSkus(skuCodesOf(input.items), tx);
  const lines = priceLines(input.items, enabledSkus, {
    allows: (kind) => kind === input.kind,
    wrongKind: VALET_TEXT.wrongKind(VALET_KIND_TEXT[input.kind]),
  });
  return {
    member,
    address,
    distanceMeters,
    lines,
    ...lineTotals(lines),
    freightCents: input.kind === 'integral' ? 0 : freightOf(input.deliveryType, distanceMeters ?? 0),
  };
}

/** uEnjoy freight: a flat courier fee; store delivery free nearby, a small fee farther out; pickup free. */
export function freightOf(deliveryType: DeliveryType, distanceMeters: number): number {
  if (deliveryType === 'express') return VALET_FREIGHT.express;
  if (deliveryType === 'store_delivery')
    return distanceMeters <= VALET_FREIGHT.storeDeliveryFreeMeters ? 0 : VALET_FREIGHT.storeDeliveryFarCents;
  return VALET_FREIGHT.pickup;
}

function missingAddress(): never {
  throw new AppError(422, 'VALET_ADDRESS_REQUIRED', VALET_TEXT.addressRequired);
}
