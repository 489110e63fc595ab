import {
  DELIVERY_TYPE_TEXT,
  PLAN_STATUS_TEXT,
  VALET_KIND_TEXT,
  VALET_STATUS_TEXT,
  type DeliveryType,
  type PlanStatus,
  type ValetKind,
  type ValetOrderDetail,
  type ValetOrderSummary,
  type ValetStatus,
} from '@console/contract';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  memberAddresses,
  members,
  omsOrders,
  performancePlanOrders,
  stores,
  users,
  valetOrders,
} from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import { likeContains } from '../../stores/geo.js';
import { itemsSummaryOf, maskPhone } from '../plans/offer-format.js';
import { canValet } from './valet-states.js';
import { VALET_TEXT } from './valet-texts.js';
import { mapPage, numberedPage } from '../../../db/paged-query.js';

export type ValetFilter = {
  status: 'all' | ValetStatus;
  keyword?: string | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
  pageNum: number;
  pageSize: number;
};

const DAY_MS = 86_400_000;
const dayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * DAY_MS).toISOString();

const summaryColumns = {
  order: valetOrders,
  memberName: members.name,
  memberPhone: members.phone,
  createdByName: users.nickName,
};
type SummaryRow = {
  order: typeof valetOrders.$inferSelect;
  memberName: string;
  memberPhone: string;
  createdByName: string;
};

function summaryOf(row: SummaryRow): ValetOrderSummary {
  const o = row.order;
  return {
    valetOrderNo: o.valetOrderNo,
    kind: o.kind as ValetKind,
    kindText: VALET_KIND_TEXT[o.kind as ValetKind],
    status: o.status as ValetStatus,
    statusText: VALET_STATUS_TEXT[o.status as ValetStatus],
    memberName: row.memberName,
    memberPhoneMasked: maskPhone(row.memberPhone),
    deliveryType: o.deliveryType as DeliveryType,
    deliveryTypeText: DELIVERY_TYPE_TEXT[o.deliveryType as DeliveryType],
    itemsSummary: itemsSummaryOf(o.items),
    goodsCents: o.goodsCents,
    freightCents: o.freightCents,
    payCents: o.payCents,
    points: o.points,
    omsOrderNo: o.omsOrderNo,
    createdByName: row.createdByName,
    createdAt: shanghaiDateTime(o.createdAt),
  };
}

/** The store's valet orders: a filtered page, and one order with its upstream offer. */
export function createValetQueries(db: Database) {
  return {
    async list(storeId: number, kind: ValetKind, filter: ValetFilter) {
      const keyword = filter.keyword?.trim();
      const where = and(
        eq(valetOrders.storeId, storeId),
        eq(valetOrders.kind, kind),
        filter.status === 'all' ? undefined : eq(valetOrders.status, filter.status),
        filter.dateFrom
          ? sql`${valetOrders.createdAt} >= ${dayStart(filter.dateFrom)}::timestamptz`
          : undefined,
        filter.dateTo
          ? sql`${valetOrders.createdAt} < ${dayStart(filter.dateTo, 1)}::timestamptz`
          : undefined,
        keyword
          ? or(
              eq(valetOrders.valetOrderNo, keyword),
              eq(valetOrders.omsOrderNo, keyword),
              eq(members.phone, keyword),
              ilike(members.name, likeContains(keyword)),
            )
          : undefined,
      );
      const page = await numberedPage(filter, {
        rows: ({ limit, offset }) =>
          db
            .select(summaryColumns)
            .from(valetOrders)
            .innerJoin(members, eq(members.id, valetOrders.memberId))
            .innerJoin(users, eq(users.id, valetOrders.createdByUserId))
            .where(where)
            .orderBy(desc(valetOrders.createdAt), desc(valetOrders.id))
            .limit(limit)
            .offset(offset),
        count: db
          .select({ n: count() })
          .from(valetOrders)
          .innerJoin(members, eq(members.id, valetOrders.memberId))
          .where(where),
      });
      return mapPage(page, summaryOf);
    },

    /** Either kind, by number; another store's order is 404 like an unknown one. */
    async detail(
      storeId: number,
      valetOrderNo: string,
      may: { confirm: boolean; cancel: boolean },
    ): Promise<ValetOrderDetail> {
      const [row] = await db
        .select({
          ...summaryColumns,
          memberNo: members.memberNo,
          memberPoints: members.points,
          address: {
            receiverName: memberAddresses.receiverName,
            receiverPhone: memberAddresses.receiverPhone,
            regionName: memberAddresses.regionName,
            detail: memberAddresses.detail,
          },
        })
        .from(valetOrders)
        .innerJoin(members, eq(members.id, valetOrders.memberId))
        .innerJoin(users, eq(users.id, valetOrders.createdByUserId))
        .leftJoin(memberAddresses, eq(memberAddresses.id, valetOrders.addressId))
        .where(and(eq(valetOrders.valetOrderNo, valetOrderNo), eq(valetOrders.storeId, storeId)))
        .limit(1);
      if (!row) throw notFound(VALET_TEXT.notFound, 'VALET_ORDER_NOT_FOUND');
      const o = row.order;
      const [plan] = o.omsOrderNo
        ? await db
            .select({
              performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
              status: performancePlanOrders.status,
              takenStoreName: stores.shopName,
            })
            .from(omsOrders)
            .innerJoin(performancePlanOrders, eq(performancePlanOrders.omsOrderId, omsOrders.id))
            .leftJoin(stores, eq(stores.id, performancePlanOrders.takenStoreId))
            .where(eq(omsOrders.omsOrderNo, o.omsOrderNo))
            .limit(1)
        : [];
      const status = o.status as ValetStatus;
      return {
        ...summaryOf(row),
        memberId: o.memberId,
        memberNo: row.memberNo,
        memberPoints: row.memberPoints,
        address: row.address?.receiverName ? row.address : null,
        items: o.items.map(({ skuCode, name, quantity, unitCents, points }) => ({
          skuCode,
          name,
          quantity,
          unitCents,
          points,
        })),
        discountCents: o.goodsCents + o.freightCents - o.payCents,
        trial: o.trial,
        remark: o.remark,
        confirmedAt: o.confirmedAt ? shanghaiDateTime(o.confirmedAt) : null,
        cancelledAt: o.cancelledAt ? shanghaiDateTime(o.cancelledAt) : null,
        cancelReason: o.cancelReason,
        performancePlanOrderNo: plan?.performancePlanOrderNo ?? null,
        planStatus: (plan?.status as PlanStatus | undefined) ?? null,
        planStatusText: plan ? PLAN_STATUS_TEXT[plan.status as PlanStatus] : null,
        takenStoreName: plan?.takenStoreName ?? null,
        actions: {
          confirm: may.confirm && canValet('confirm', status),
          cancel: may.cancel && canValet('cancel', status),
        },
      };
    },
  };
}
