import {
  DELIVERY_TYPE_TEXT,
  PLAN_STATUS_TEXT,
  type DeliveryType,
  type OfferSummary,
  type OrderChannel,
  type PlanStatus,
} from '@console/contract';
import { shanghaiDateTime } from '../../im/message-format.js';

export const CHANNEL_TEXT: Record<OrderChannel, string> = {
  online: '线上订单',
  valet_integral: '积分商城代客单',
  valet_uenjoy: '优享代客单',
};

/** 王小明 → 王**: a store that has not taken the order sees no full name. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 2))}`;
}

/** 13812345678 → 138****5678. */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

/** `鲜肉月饼×2，蛋黄酥×1`, at most three names then `等N件`. */
export function itemsSummaryOf(items: readonly { name: string; quantity: number }[]): string {
  const shown = items.slice(0, 3).map((i) => `${i.name}×${i.quantity}`);
  const rest = items.length > 3 ? `等${items.reduce((sum, i) => sum + i.quantity, 0)}件` : '';
  return `${shown.join('，')}${rest}`;
}

export type OfferRow = {
  performancePlanOrderNo: string;
  status: string;
  offeredAt: Date;
  expiresAt: Date;
  omsOrderNo: string;
  channel: string;
  deliveryType: string;
  customerName: string;
  regionName: string;
  goodsCents: number;
  payCents: number;
  pointsUsed: number;
  distanceMeters: number;
};

/**
 * A plan as a candidate store sees it. An `offering` plan past its expiry reads as `expired` even before the
 * sweep has written it, so the list never offers what the grab would refuse.
 */
export function offerSummaryOf(
  row: OfferRow,
  items: readonly { name: string; quantity: number }[],
  now: Date,
): OfferSummary {
  const lapsed = row.status === 'offering' && row.expiresAt.getTime() <= now.getTime();
  const status = (lapsed ? 'expired' : row.status) as PlanStatus;
  const channel = row.channel as OrderChannel;
  const deliveryType = row.deliveryType as DeliveryType;
  return {
    performancePlanOrderNo: row.performancePlanOrderNo,
    omsOrderNo: row.omsOrderNo,
    channel,
    channelText: CHANNEL_TEXT[channel] ?? row.channel,
    deliveryType,
    deliveryTypeText: DELIVERY_TYPE_TEXT[deliveryType] ?? row.deliveryType,
    status,
    statusText: PLAN_STATUS_TEXT[status],
    customerName: maskName(row.customerName),
    regionName: row.regionName,
    itemsSummary: itemsSummaryOf(items),
    itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    goodsCents: row.goodsCents,
    payCents: row.payCents,
    pointsUsed: row.pointsUsed,
    distanceMeters: row.distanceMeters,
    offeredAt: shanghaiDateTime(row.offeredAt),
    expiresAt: shanghaiDateTime(row.expiresAt),
    expiresAtMs: row.expiresAt.getTime(),
    secondsLeft:
      status === 'offering' ? Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000)) : 0,
  };
}
