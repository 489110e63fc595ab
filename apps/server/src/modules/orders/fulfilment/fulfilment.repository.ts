import {
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUS_TEXT,
  INVOICE_STATUS_TEXT,
  ORDER_CHANNEL_TEXT,
  RECEIVED_COLUMN_TITLES,
  RECEIVED_COUNT_CAP,
  type DeliveryType,
  type FulfilmentStatus,
  type OrderChannel,
  type OrderDetail,
  type ReceivedColumn,
  type ReceivedListBody,
  type ReceivedOrderRow,
} from '@console/contract';
import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { titledColumns, type SheetSource } from '../../exports/sheet-writer.js';
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

/** A text column read as the contract's type (the schema types these columns as plain text). */
const typed = <T>(column: AnyPgColumn) => sql<T>`${column}`;
/** An instant as `Date.toISOString()` writes it, so a row needs no mapping. */
const isoInstant = <T extends string | null = string>(column: AnyPgColumn) =>
  sql<T>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * 已接订单's row (ReceivedOrderRow) as SQL reads it: a plain field is one line here and one in the contract.
 * The paging keys ride along; the texts and the item summary are added by `receivedRowOf`.
 */
const receivedColumns = {
  id: performanceOrders.id,
  takenAtKey,
  omsOrderId: omsOrders.id,
  performanceOrderNo: performanceOrders.performanceOrderNo,
  omsOrderNo: omsOrders.omsOrderNo,
  performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
  channel: typed<OrderChannel>(omsOrders.channel),
  status: typed<FulfilmentStatus>(performanceOrders.status),
  deliveryType: typed<DeliveryType>(performanceOrders.deliveryType),
  receiverName: omsOrders.receiverName,
  receiverPhone: omsOrders.receiverPhone,
  regionName: omsOrders.regionName,
  payCents: omsOrders.payCents,
  invoiceStatus: performanceOrders.invoiceStatus,
  takenAt: isoInstant(performanceOrders.takenAt),
};

/** What only the workbook shows besides the list's row. */
const exportOnlyColumns = {
  addressDetail: omsOrders.addressDetail,
  goodsCents: omsOrders.goodsCents,
  freightCents: omsOrders.freightCents,
  discountCents: omsOrders.discountCents,
  courierName: performanceOrders.courierName,
  trackingNo: performanceOrders.trackingNo,
  delivererName: performanceOrders.delivererName,
  delivererPhone: performanceOrders.delivererPhone,
  buyerRemark: omsOrders.buyerRemark,
  shippedAt: isoInstant<string | null>(performanceOrders.shippedAt),
};

type ReceivedRead = { id: number; takenAtKey: string; omsOrderId: number } & Omit<
  ReceivedOrderRow,
  'statusText' | 'deliveryTypeText' | 'firstItemName' | 'itemCount'
>;

/** The workbook's own columns of some received orders, by id. */
function exportOnlyQuery(db: Database, ids: number[]) {
  return db
    .select({ id: performanceOrders.id, ...exportOnlyColumns })
    .from(performanceOrders)
    .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
    .where(inArray(performanceOrders.id, ids));
}
type ExportOnlyRead = Awaited<ReturnType<typeof exportOnlyQuery>>[number];

export type ReceivedExportRow = ReceivedOrderRow & Omit<ExportOnlyRead, 'id'> & { items: OrderItemRow[] };

/** The filters of the list and its export (the export has no paging). */
export type ReceivedFilter = Omit<ReceivedListBody, 'storeCode' | 'pageNum' | 'pageSize' | 'cursor'>;

/**
 * The workbook of 已接订单, headed by the list's column titles (RECEIVED_COLUMN_TITLES), in this order: a row
 * field the workbook shows is one line here.
 */
const RECEIVED_EXPORT_COLUMNS = titledColumns<ReceivedExportRow, ReceivedColumn>(RECEIVED_COLUMN_TITLES, [
  { key: 'performanceOrderNo', width: 26, cell: (row) => row.performanceOrderNo },
  { key: 'omsOrderNo', width: 26, cell: (row) => row.omsOrderNo },
  { key: 'performancePlanOrderNo', width: 26, cell: (row) => row.performancePlanOrderNo ?? '' },
  { key: 'channel', width: 16, cell: (row) => ORDER_CHANNEL_TEXT[row.channel] ?? row.channel },
  { key: 'status', width: 10, cell: (row) => row.statusText },
  { key: 'deliveryType', width: 10, cell: (row) => row.deliveryTypeText },
  { key: 'receiverName', width: 12, cell: (row) => row.receiverName },
  { key: 'receiverPhone', width: 14, cell: (row) => row.receiverPhone },
  { key: 'address', width: 40, cell: (row) => `${row.regionName}${row.addressDetail}` },
  {
    key: 'items',
    width: 40,
    cell: (row) =>
      row.items
        .map((item) => `${item.name}${item.spec ? `（${item.spec}）` : ''}×${item.quantity}`)
        .join('，'),
  },
  { key: 'itemCount', width: 10, cell: (row) => row.itemCount },
  { key: 'goodsCents', width: 14, format: 'yuan', cell: (row) => row.goodsCents },
  { key: 'freightCents', width: 12, format: 'yuan', cell: (row) => row.freightCents },
  { key: 'discountCents', width: 12, format: 'yuan', cell: (row) => row.discountCents },
  { key: 'payCents', width: 14, format: 'yuan', cell: (row) => row.payCents },
  { key: 'courierName', width: 12, cell: (row) => row.courierName },
  { key: 'trackingNo', width: 20, cell: (row) => row.trackingNo },
  { key: 'deliverer', width: 20, cell: (row) => `${row.delivererName} ${row.delivererPhone}`.trim() },
  {
    key: 'invoiceStatus',
    width: 10,
    cell: (row) => INVOICE_STATUS_TEXT[row.invoiceStatus] ?? row.invoiceStatus,
  },
  { key: 'buyerRemark', width: 24, cell: (row) => row.buyerRemark },
  { key: 'takenAt', width: 20, format: 'time', cell: (row) => row.takenAt },
  { key: 'shippedAt', width: 20, format: 'time', cell: (row) => row.shippedAt },
]);

/** A row as the contract shows it: what SQL read, its texts, and the summary of its items. */
function receivedRowOf(
  { id: _id, takenAtKey: _takenAtKey, omsOrderId: _omsOrderId, ...read }: ReceivedRead,
  items: readonly OrderItemRow[],
): ReceivedOrderRow {
  return {
    ...read,
    statusText: FULFILMENT_STATUS_TEXT[read.status] ?? read.status,
    deliveryTypeText: DELIVERY_TYPE_TEXT[read.deliveryType] ?? read.deliveryType,
    firstItemName: items[0]?.name ?? '',
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** Items grouped by their upstream order. */
function itemsByOrder(items: readonly OrderItemRow[]): Map<number, OrderItemRow[]> {
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.omsOrderId, [...(byOrder.get(item.omsOrderId) ?? []), item]);
  return byOrder;
}

/** The paging keys of a read row, which the next page starts after. */
const cursorOf = (row: ReceivedRead): ReceivedCursor => ({ takenAt: row.takenAtKey, id: row.id });

/**
 * Received orders matching the filters, newest first by (taken_at, id), after `cursor` when given; the list
 * and the export both read through it. Each value goes through `bind`.
 */
function receivedQuery(
  db: Database,
  storeId: number,
  filter: ReceivedFilter,
  cursor: ReceivedCursor | null,
  bind: Bind,
) {
  const where = filterConditions(storeId, filter, bind);
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
    .select(receivedColumns)
    .from(performanceOrders)
    .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
    .leftJoin(performancePlanOrders, eq(performancePlanOrders.id, performanceOrders.planId))
    .where(and(...where))
    .orderBy(desc(performanceOrders.takenAt), desc(performanceOrders.id));
}

/** The received-orders page: the filters, the keyset after `cursor`, and LIMIT/OFFSET, each value through `bind`. */
function pageQuery(
  db: Database,
  storeId: number,
  filter: ReceivedListBody,
  cursor: ReceivedCursor | null,
  bind: Bind,
) {
  return receivedQuery(db, storeId, filter, cursor, bind)
    .limit(bind('limit', filter.pageSize + 1))
    .offset(bind('offset', cursor ? 0 : (filter.pageNum - 1) * filter.pageSize));
}

/**
 * Matching rows up to `cap`, each value through `bind`. The upstream order is left-joined so a filter may name
 * its columns; PostgreSQL drops the join (unique key, nothing read) when none does.
 */
function cappedCountQuery(db: Database, storeId: number, filter: ReceivedFilter, cap: number, bind: Bind) {
  const limited = db
    .select({ one: sql`1` })
    .from(performanceOrders)
    .leftJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
    .where(and(...filterConditions(storeId, filter, bind)))
    .limit(bind('cap', cap));
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
  const runPage = preparedRunner<ReceivedRead>('received_page');
  const runCount = preparedRunner<{ n: number }>('received_count');
  const runKeywordPage = preparedRunner<ReceivedRead>('received_page', { planEachTime: true });
  const runKeywordCount = preparedRunner<{ n: number }>('received_count', { planEachTime: true });
  const runFindOrder = preparedRunner<StoreOrder>('store_order');
  const runItems = preparedRunner<OrderItemRow>('order_items');
  const runCyclePlans = preparedRunner<CyclePlanRow>('cycle_plans');

  /** Items of several upstream orders, in their order of entry. */
  async function itemsOf(omsOrderIds: readonly number[], tx: Database = db): Promise<OrderItemRow[]> {
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
  }

  /** Read rows with the items of their orders. */
  async function withItems<Read extends ReceivedRead>(reads: Read[]) {
    const items = itemsByOrder(await itemsOf(reads.map((read) => read.omsOrderId)));
    return reads.map((read) => ({ read, items: items.get(read.omsOrderId) ?? [] }));
  }

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
     * One page of 已接订单 newest first by (taken_at, id): by keyset after `cursor`, else by OFFSET for
     * `pageNum`. Reads one row more than asked to know whether another page follows (`next`: its cursor).
     */
    async page(
      storeId: number,
      filter: ReceivedListBody,
      cursor: ReceivedCursor | null,
    ): Promise<{ rows: ReceivedOrderRow[]; next: ReceivedCursor | null }> {
      const run = filter.keyword ? runKeywordPage : runPage;
      const read = await run(
        (bind) => pageQuery(db, storeId, filter, cursor, bind) as unknown as Preparable<ReceivedRead>,
      );
      const { rows, hasMore } = splitPeek(read, filter.pageSize);
      const last = rows.at(-1);
      return {
        rows: (await withItems(rows)).map(({ read, items }) => receivedRowOf(read, items)),
        next: hasMore && last ? cursorOf(last) : null,
      };
    },

    /**
     * Matching rows counted up to RECEIVED_COUNT_CAP + 1 (a bounded index scan, never a full exact count of a
     * large store); the caller reports the cap when it is exceeded.
     */
    async cappedCount(storeId: number, filter: ReceivedListBody): Promise<number> {
      const run = filter.keyword ? runKeywordCount : runCount;
      const [row] = await run((bind) => cappedCountQuery(db, storeId, filter, RECEIVED_COUNT_CAP + 1, bind));
      return row?.n ?? 0;
    },

    /**
     * The export of 已接订单 with the list's filters: the list's rows and the workbook's own columns, read in
     * keyset pages (never OFFSET) newest first.
     */
    receivedExport(storeId: number, filter: ReceivedFilter): SheetSource<ReceivedExportRow> {
      return {
        columns: RECEIVED_EXPORT_COLUMNS,
        async countUpTo(limit: number): Promise<number> {
          const [row] = await cappedCountQuery(db, storeId, filter, limit, inline);
          return row?.n ?? 0;
        },
        async *pages(pageSize: number): AsyncGenerator<ReceivedExportRow[]> {
          for (let cursor: ReceivedCursor | null = null; ;) {
            const reads: ReceivedRead[] = await receivedQuery(db, storeId, filter, cursor, inline).limit(
              pageSize,
            );
            if (reads.length === 0) return;
            const ids = reads.map((read) => read.id);
            const [rows, extras] = await Promise.all([withItems(reads), exportOnlyQuery(db, ids)]);
            const extraOf = new Map(extras.map(({ id, ...extra }) => [id, extra]));
            yield rows.map(({ read, items }) => ({
              ...receivedRowOf(read, items),
              ...extraOf.get(read.id)!,
              items,
            }));
            if (reads.length < pageSize) return;
            cursor = cursorOf(reads.at(-1)!);
          }
        },
      };
    },

    itemsOf,

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
export function filterConditions(storeId: number, filter: ReceivedFilter, bind: Bind = inline): SQL[] {
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
