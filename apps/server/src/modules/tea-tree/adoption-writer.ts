import { TEA_TREE_ADOPTION_MARK, type TeaTreePrice } from '@console/contract';
import type { Database } from '../../db/client.js';
import { omsOrderItems, omsOrders, performanceOrders, teaTreeAdoptions } from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import type { MemberRow } from '../orders/lookups/member-access.js';
import type { TeaTreeActivityRow } from './tea-tree.repository.js';
import { TEA_TREE_TEXT } from './tea-tree-texts.js';

export type AdoptionWrite = {
  activity: Pick<TeaTreeActivityRow, 'id' | 'activityNo' | 'name' | 'season' | 'deliveries' | 'signUpEnd'>;
  store: { id: number; shopName: string };
  member: Pick<MemberRow, 'id' | 'name' | 'phone' | 'level'>;
  price: Pick<
    TeaTreePrice,
    'trees' | 'unitCents' | 'goodsCents' | 'discountPercent' | 'discountCents' | 'payCents'
  >;
  numbers: { adoptionNo: string; omsOrderNo: string; performanceOrderNo: string; writeOffCode: string };
  clerk: { id: number | null; name: string };
  remark: string;
  at: Date;
};

/**
 * Writes one adoption at the counter with the order that pays for it: the adoption order (completed, a pickup
 * at the store, listed by teaTreeAdoptionOrderList), its line, its store's performance order and the adoption
 * itself. The caller has taken the trees and writes the log and audit rows.
 */
export async function writeAdoption(tx: Database, w: AdoptionWrite) {
  const { activity, member, price, numbers, at } = w;
  const [order] = await tx
    .insert(omsOrders)
    .values({
      omsOrderNo: numbers.omsOrderNo,
      channel: 'valet_uenjoy',
      memberId: member.id,
      customerName: member.name,
      customerPhone: member.phone,
      deliveryType: 'pickup',
      receiverName: member.name,
      receiverPhone: member.phone,
      regionName: '',
      addressDetail: TEA_TREE_TEXT.pickupAddress(w.store.shopName),
      goodsCents: price.goodsCents,
      discountCents: price.discountCents,
      payCents: price.payCents,
      buyerRemark: w.remark,
      sourceOrderNo: numbers.adoptionNo,
      placedStoreId: w.store.id,
      status: 'completed',
      orderedAt: at,
    })
    .returning({ id: omsOrders.id });
  await tx.insert(omsOrderItems).values({
    omsOrderId: order!.id,
    skuCode: `TT-${activity.activityNo}`.slice(0, 32),
    name: `${TEA_TREE_ADOPTION_MARK}·${activity.name}`.slice(0, 128),
    spec: activity.season.slice(0, 64),
    quantity: price.trees,
    unitCents: price.unitCents,
    amountCents: price.goodsCents,
  });
  const [performance] = await tx
    .insert(performanceOrders)
    .values({
      performanceOrderNo: numbers.performanceOrderNo,
      omsOrderId: order!.id,
      storeId: w.store.id,
      status: 'completed',
      deliveryType: 'pickup',
      receiverName: member.name,
      receiverPhone: member.phone,
      // Every pickup order carries its counter code; this one is completed already.
      writeOffCode: numbers.writeOffCode,
      takenByUserId: w.clerk.id,
      takenAt: at,
      completedAt: at,
    })
    .returning({ id: performanceOrders.id });
  const [adoption] = await tx
    .insert(teaTreeAdoptions)
    .values({
      adoptionNo: numbers.adoptionNo,
      activityId: activity.id,
      storeId: w.store.id,
      memberId: member.id,
      memberLevel: member.level,
      trees: price.trees,
      unitCents: price.unitCents,
      goodsCents: price.goodsCents,
      discountPercent: price.discountPercent,
      discountCents: price.discountCents,
      payCents: price.payCents,
      performanceOrderId: performance!.id,
      clerkUserId: w.clerk.id,
      clerkName: w.clerk.name,
      remark: w.remark,
      confirmedBy: 'sms_code',
      lastDeliveryDate: activity.deliveries.at(-1)?.plannedDate ?? shanghaiDay(activity.signUpEnd),
      adoptedAt: at,
    })
    .returning({ id: teaTreeAdoptions.id });
  return { orderId: order!.id, performanceOrderId: performance!.id, adoptionId: adoption!.id };
}
