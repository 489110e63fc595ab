import {
  RECEIVED_COUNT_CAP,
  type DeliveryType,
  type FulfilmentStatus,
  type OrderChannel,
  type OrderDetail,
  type ReceivedListBody,
} from '@console/contract';
import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { likeLiteral } from '../../../db/like-pattern.js';
import {
  cappedCountQuery as cappedCountOf,
  inline,
  keysetBefore,
  preparedRunner,
  splitPeek,
  type Bind,
  type Preparable,
} from '../../../db/paged-query.js';
import {
  cyclePlans,
  omsOrderItems,
  omsOrders,
  orderLogs,
  performanceOrders,
  performancePlanOrders,
  users,
} from '../../../db/schema.js';
import type { ReceivedCursor } from './received-cursor.js';

const SHANGHAI_OFFSET = '+08:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/** How a store names one of its orders (exactly one is used, in this order). */
export type OrderKey = {
  performanceOrderNo?: string | undefined;
  omsOrderNo?: string | undefined;
  performancePlanOrderNo?: string | undefined;
};

/** `taken_at` as text to the microsecond, the keyset the cursor carries. */
const takenAtKey = sql<string>`to_char(${performanceOrders.takenAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const orderColumns = {
  id: performanceOrders.id,
  performanceOrderNo: performanceOrders.performanceOrderNo,
  storeId: performanceOrders.storeId,
  status: performanceOrders.status,
  version: performanceOrders.version,
  deliveryType: performanceOrders.deliveryType,
  courierCode: performanceOrders.courierCode,
  courierName: performanceOrders.courierName,
  trackingNo: performanceOrders.trackingNo,
  delivererName: performanceOrders.delivererName,
  delivererPhone: performanceOrders.delivererPhone,
  writeOffCode: performanceOrders.writeOffCode,
  invoiceStatus: performanceOrders.invoiceStatus,
  invoiceNo: performanceOrders.invoiceNo,
  takenAt: performanceOrders.takenAt,
  shippedAt: performanceOrders.shippedAt,
  completedAt: performanceOrders.completedAt,
  cancelledAt: performanceOrders.cancelledAt,
  cancelReason: performanceOrders.cancelReason,
  takenByName: users.nickName,
  performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
  oms: {
    id: omsOrders.id,
    omsOrderNo: omsOrders.omsOrderNo,
    channel: omsOrders.channel,
    customerName: omsOrders.customerName,
    customerPhone: omsOrders.customerPhone,
    receiverName: omsOrders.receiverName,
    receiverPhone: omsOrders.receiverPhone,
    regionName: omsOrders.regionName,
    countyCode: omsOrders.countyCode,
    addressDetail: omsOrders.addressDetail,
    goodsCents: omsOrders.goodsCents,
    freightCents: omsOrders.freightCents,
    discountCents: omsOrders.discountCents,
    payCents: omsOrders.payCents,
    pointsUsed: omsOrders.pointsUsed,
    buyerRemark: omsOrders.buyerRemark,
    invoiceType: omsOrders.invoiceType,
    invoiceTitle: omsOrders.invoiceTitle,
    invoiceTaxNo: omsOrders.invoiceTaxNo,
    orderedAt: omsOrders.orderedAt,
  },
};

function selectStoreOrders(tx: Database) {
  return tx
    .select(orderColumns)
    .from(performanceOrders)
    .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
    .leftJoin(performancePlanOrders, eq(performancePlanOrders.id, performanceOrders.planId))
    .leftJoin(users, eq(users.id, performanceOrders.takenByUserId))
    .$dynamic();
}
type RawOrder = Awaited<ReturnType<typeof selectStoreOrders>>[number];

/** A performance order of the store with its upstream order, as the actions and the detail need it. */
export type StoreOrder = Omit<RawOrder, 'status' | 'deliveryType' | 'oms'> & {
  status: FulfilmentStatus;
  deliveryType: DeliveryType;
  oms: Omit<RawOrder['oms'], 'channel'> & { channel: OrderChannel };
};

export type ReceivedRow = {
  id: number;
  takenAtKey: string;
  performanceOrderNo: string;
  omsOrderId: number;
  omsOrderNo: string;
  performancePlanOrderNo: string | null;
  channel: OrderChannel;
  status: FulfilmentStatus;
  deliveryType: DeliveryType;
  receiverName: string;
  receiverPhone: string;
  regionName: string;
  payCents: number;
  invoiceStatus: string;
  takenAt: Date;
};

/** An order's line as the detail answers it, and the order it belongs to. */
export type OrderItemRow = OrderDetail['items'][number] & { omsOrderId: number };

export type CyclePlanRow = {
  id: number;
  period: number;
  plannedDate: string;
  status: string;
  trackingNo: string;
};

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;

/** The first instant of a Shanghai day (or of the day `plusDays` later), as an ISO timestamp. */
function shanghaiDayStart(day: string, plusDays = 0): string {
  return new Date(Date.parse(`${day}T00:00:00${SHANGHAI_OFFSET}`) + plusDays * DAY_MS).toISOString();
}

const pageColumns = {
  id: performanceOrders.id,
  takenAtKey,
  performanceOrderNo: performanceOrders.performanceOrderNo,
  omsOrderId: omsOrders.id,
  omsOrderNo: omsOrders.omsOrderNo,
  performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
  channel: omsOrders.channel,
  status: performanceOrders.status,
  deliveryType: performanceOrders.deliveryType,
  receiverName: omsOrders.receiverName,
  receiverPhone: omsOrders.receiverPhone,
  regionName: omsOrders.regionName,
  payCents: omsOrders.payCents,
  invoiceStatus: performanceOrders.invoiceStatus,
  takenAt: performanceOrders.takenAt,
};

/** The received-orders page: the filters, the keyset after `cursor`, and LIMIT/OFFSET, each value through `bind`. */
function pageQuery(
  db: Database,
  storeId: number,
  filter: ReceivedListBody,
  cursor: ReceivedCursor | null,
  bind: Bind,
) {
  const where = [...filterConditions(storeId, filter, bind)];
  if (cursor)
    where.push(
      keysetBefore(
        performanceOrders.takenAt,
        performanceOrders.id,
        { key: bind('cursorTakenAt', cursor.takenAt), id: bind('cursorId', cursor.id) },
        'timestamptz',
      ),
    );
  return db
    .select(pageColumns)
    .from(performanceOrders)
    .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
    .leftJoin(performancePlanOrders, eq(performancePlanOrders.id, performanceOrders.planId))
    .where(and(...where))
    .orderBy(desc(performanceOrders.takenAt), desc(performanceOrders.id))
    .limit(bind('limit', filter.pageSize + 1))
    .offset(bind('offset', cursor ? 0 : (filter.pageNum - 1) * filter.pageSize));
}

/** Matching rows up to RECEIVED_COUNT_CAP + 1, each value through `bind`. */
function cappedCountQuery(db: Database, storeId: number, filter: ReceivedListBody, bind: Bind) {
  const limited = db
    .select({ one: sql`1` })
    .from(performanceOrders)
    .where(and(...filterConditions(storeId, filter, bind)))
    .limit(bind('cap', RECEIVED_COUNT_CAP + 1));
  return cappedCountOf(db, limited);
}

/** The store's order by one of its numbers (the first given), each value through `bind`. */
function findOrderQuery(db: Database, storeId: number, key: OrderKey, bind: Bind) {
  const match = key.performanceOrderNo
    ? eq(performanceOrders.performanceOrderNo, bind('no', key.performanceOrderNo))
    : key.omsOrderNo
      ? eq(omsOrders.omsOrderNo, bind('omsNo', key.omsOrderNo))
      : key.performancePlanOrderNo
        ? eq(performancePlanOrders.performancePlanOrderNo, bind('planNo', key.performancePlanOrderNo))
        : sql`false`;
  return selectStoreOrders(db)
    .where(and(eq(performanceOrders.storeId, bind('storeId', storeId)), match))
    .orderBy(desc(performanceOrders.id))
    .limit(bind('limit', 1));
}

const itemColumns = {
  omsOrderId: omsOrderItems.omsOrderId,
  skuCode: omsOrderItems.skuCode,
  name: omsOrderItems.name,
  spec: omsOrderItems.spec,
  quantity: omsOrderItems.quantity,
  unitCents: omsOrderItems.unitCents,
  amountCents: omsOrderItems.amountCents,
  points: omsOrderItems.points,
};

const cyclePlanColumns = {
  id: cyclePlans.id,
  period: cyclePlans.period,
  plannedDate: cyclePlans.plannedDate,
  status: cyclePlans.status,
  trackingNo: cyclePlans.trackingNo,
};

export function createFulfilmentRepository(db: Database) {
  const runPage = preparedRunner<ReceivedRow>('received_page');
  const runCount = preparedRunner<{ n: number }>('received_count');
  const runKeywordPage = preparedRunner<ReceivedRow>('received_page', { planEachTime: true });
  const runKeywordCount = preparedRunner<{ n: number }>('received_count', { planEachTime: true });
  const runFindOrder = preparedRunner<StoreOrder>('store_order');
  const runItems = preparedRunner<OrderItemRow>('order_items');
  const runCyclePlans = preparedRunner<CyclePlanRow>('cycle_plans');
  return {
    /** The store's order by one of its numbers; null when missing or another store's (never tell which). */
    async findOrder(storeId: number, key: OrderKey, tx: Database = db): Promise<StoreOrder | null> {
      if (!key.performanceOrderNo && !key.omsOrderNo && !key.performancePlanOrderNo) return null;
      // Inside a transaction the statement runs on the transaction's connection, unprepared.
      const rows =
        tx === db
          ? await runFindOrder(
              (bind) => findOrderQuery(db, storeId, key, bind) as unknown as Preparable<StoreOrder>,
            )
          : await findOrderQuery(tx, storeId, key, inline);
      return (rows[0] as StoreOrder | undefined) ?? null;
    },

    /** Open pickup orders of the store carrying this write-off code (normally one). */
    async findByWriteOffCode(storeId: number, code: string, tx: Database = db): Promise<StoreOrder[]> {
      const rows = await selectStoreOrders(tx)
        .where(
          and(
            eq(performanceOrders.storeId, storeId),
            eq(performanceOrders.deliveryType, 'pickup'),
            eq(performanceOrders.writeOffCode, code),
          ),
        )
        .orderBy(desc(performanceOrders.id))
        .limit(5);
      return rows as StoreOrder[];
    },

    /**
     * One page newest first by (taken_at, id): by keyset after `cursor`, else by OFFSET for `pageNum`. Reads
     * one row more than asked to know whether another page follows.
     */
    async page(
      storeId: number,
      filter: ReceivedListBody,
      cursor: ReceivedCursor | null,
    ): Promise<{ rows: ReceivedRow[]; hasMore: boolean }> {
      const run = filter.keyword ? runKeywordPage : runPage;
      const rows = await run(
        (bind) => pageQuery(db, storeId, filter, cursor, bind) as unknown as Preparable<ReceivedRow>,
      );
      return splitPeek(rows, filter.pageSize);
    },

    /**
     * Matching rows counted up to RECEIVED_COUNT_CAP + 1 (a bounded index scan, never a full exact count of a
     * large store); the caller reports the cap when it is exceeded.
     */
    async cappedCount(storeId: number, filter: ReceivedListBody): Promise<number> {
      const run = filter.keyword ? runKeywordCount : runCount;
      const [row] = await run((bind) => cappedCountQuery(db, storeId, filter, bind));
      return row?.n ?? 0;
    },

    /** Items of several upstream orders, in their order of entry. */
    async itemsOf(omsOrderIds: readonly number[], tx: Database = db): Promise<OrderItemRow[]> {
      if (omsOrderIds.length === 0) return [];
      if (tx !== db)
        return tx
          .select(itemColumns)
          .from(omsOrderItems)
          .where(inArray(omsOrderItems.omsOrderId, [...omsOrderIds]))
          .orderBy(asc(omsOrderItems.id));
      return runItems((bind) =>
        db
          .select(itemColumns)
          .from(omsOrderItems)
          .where(sql`${omsOrderItems.omsOrderId} = any(${bind('ids', [...omsOrderIds])}::bigint[])`)
          .orderBy(asc(omsOrderItems.id)),
      );
    },

    async cyclePlansOf(performanceOrderId: number, tx: Database = db): Promise<CyclePlanRow[]> {
      const query = (database: Database, bind: Bind) =>
        database
          .select(cyclePlanColumns)
          .from(cyclePlans)
          .where(eq(cyclePlans.performanceOrderId, bind('orderId', performanceOrderId)))
          .orderBy(asc(cyclePlans.period));
      return tx === db ? runCyclePlans((bind) => query(db, bind)) : query(tx, inline);
    },

    /**
     * The log of an upstream order as one store may see it: the platform's own rows (no performance order)
     * and the rows of this store's performance orders, never another store's, oldest first.
     */
    async logsOf(omsOrderId: number, ownOrderIds: readonly number[]) {
      return db
        .select({
          id: orderLogs.id,
          action: orderLogs.action,
          fromStatus: orderLogs.fromStatus,
          toStatus: orderLogs.toStatus,
          operatorName: orderLogs.operatorName,
          // A prescription's file stays out of the log (downloadPrescription answers it).
          detail: sql<Record<string, unknown>>`${orderLogs.detail} - 'dataUrl'`,
          createdAt: orderLogs.createdAt,
          performanceOrderId: orderLogs.performanceOrderId,
        })
        .from(orderLogs)
        .where(
          and(
            eq(orderLogs.omsOrderId, omsOrderId),
            or(
              isNull(orderLogs.performanceOrderId),
              ownOrderIds.length ? inArray(orderLogs.performanceOrderId, [...ownOrderIds]) : sql`false`,
            ),
          ),
        )
        .orderBy(asc(orderLogs.id));
    },

    /** Ids of the store's performance orders of an upstream order (normally one). */
    async ownOrderIds(storeId: number, omsOrderNo: string): Promise<{ omsOrderId: number; ids: number[] }> {
      const rows = await db
        .select({ id: performanceOrders.id, omsOrderId: performanceOrders.omsOrderId })
        .from(performanceOrders)
        .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
        .where(and(eq(performanceOrders.storeId, storeId), eq(omsOrders.omsOrderNo, omsOrderNo)));
      return { omsOrderId: rows[0]?.omsOrderId ?? 0, ids: rows.map((r) => r.id) };
    },

    /** Orders of the store waiting to be shipped (the dashboard card). */
    async countWaitingToShip(storeId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(performanceOrders)
        .where(and(eq(performanceOrders.storeId, storeId), eq(performanceOrders.status, 'wait_ship')));
      return row?.n ?? 0;
    },
  };
}

/** The received-orders filters as SQL conditions (also what an export of the list runs). */
export function filterConditions(
  storeId: number,
  filter: Omit<ReceivedListBody, 'storeCode' | 'pageNum' | 'pageSize' | 'cursor'>,
  bind: Bind = inline,
): SQL[] {
  const where: SQL[] = [eq(performanceOrders.storeId, bind('storeId', storeId))];
  if (filter.status !== 'all') where.push(eq(performanceOrders.status, bind('status', filter.status)));
  if (filter.deliveryType)
    where.push(eq(performanceOrders.deliveryType, bind('deliveryType', filter.deliveryType)));
  if (filter.dateFrom)
    where.push(
      sql`${performanceOrders.takenAt} >= ${bind('dateFrom', shanghaiDayStart(filter.dateFrom))}::timestamptz`,
    );
  if (filter.dateTo)
    where.push(
      sql`${performanceOrders.takenAt} < ${bind('dateTo', shanghaiDayStart(filter.dateTo, 1))}::timestamptz`,
    );
  if (filter.keyword) {
    // Each alternative reads one index of the store (docs/domain/orders.md, "Received orders").
    const keyword = bind('keyword', filter.keyword);
    where.push(
      or(
        eq(performanceOrders.performanceOrderNo, keyword),
        eq(performanceOrders.receiverPhone, keyword),
        like(performanceOrders.receiverName, bind('namePrefix', `${likeLiteral(filter.keyword)}%`)),
        // A scalar subquery (OMS numbers are unique) is a constant to the planner, so this arm is an index read too.
        sql`${performanceOrders.omsOrderId} = (select ${omsOrders.id} from ${omsOrders} where ${omsOrders.omsOrderNo} = ${keyword})`,
      )!,
    );
  }
  return where;
}
