import {
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUS_TEXT,
  INVOICE_STATUS_TEXT,
  type DeliveryType,
  type FulfilmentStatus,
  type OrderChannel,
  type ReceivedOrdersExportBody,
} from '@console/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { omsOrders, performanceOrders, performancePlanOrders } from '../../db/schema.js';
import { createFulfilmentRepository, filterConditions } from '../orders/fulfilment/fulfilment.repository.js';
import { shanghaiDateTime, yuanOf } from './export-cells.js';
import type { SheetColumn, SheetSource } from './sheet-writer.js';

export type ReceivedOrdersFilter = Omit<ReceivedOrdersExportBody, 'storeCode'>;

const CHANNEL_TEXT: Record<OrderChannel, string> = {
  online: '线上订单',
  valet_integral: '积分商城代客下单',
  valet_uenjoy: 'uEnjoy代客下单',
};

/** The keyset as PostgreSQL text to the microsecond (a JS Date would round it and skip or repeat rows). */
const takenAtKey = sql<string>`to_char(${performanceOrders.takenAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Cursor = { takenAt: string; id: number };

export type ReceivedExportRow = {
  performanceOrderNo: string;
  omsOrderNo: string;
  performancePlanOrderNo: string;
  channel: string;
  status: string;
  deliveryType: string;
  receiverName: string;
  receiverPhone: string;
  address: string;
  items: string;
  itemCount: number;
  goodsYuan: number;
  freightYuan: number;
  discountYuan: number;
  payYuan: number;
  courier: string;
  trackingNo: string;
  deliverer: string;
  invoice: string;
  buyerRemark: string;
  takenAt: string;
  shippedAt: string;
};

/** The columns of the received-orders workbook, in the order of the list page. */
export const RECEIVED_EXPORT_COLUMNS: SheetColumn<ReceivedExportRow>[] = [
  { header: '履约单号', key: 'performanceOrderNo', width: 26 },
  { header: '订单号', key: 'omsOrderNo', width: 26 },
  { header: '履约计划单号', key: 'performancePlanOrderNo', width: 26 },
  { header: '订单来源', key: 'channel', width: 16 },
  { header: '订单状态', key: 'status', width: 10 },
  { header: '配送方式', key: 'deliveryType', width: 10 },
  { header: '收货人', key: 'receiverName', width: 12 },
  { header: '收货电话', key: 'receiverPhone', width: 14 },
  { header: '收货地址', key: 'address', width: 40 },
  { header: '商品', key: 'items', width: 40 },
  { header: '商品件数', key: 'itemCount', width: 10 },
  { header: '商品金额（元）', key: 'goodsYuan', width: 14, money: true },
  { header: '运费（元）', key: 'freightYuan', width: 12, money: true },
  { header: '优惠（元）', key: 'discountYuan', width: 12, money: true },
  { header: '实付金额（元）', key: 'payYuan', width: 14, money: true },
  { header: '快递公司', key: 'courier', width: 12 },
  { header: '快递单号', key: 'trackingNo', width: 20 },
  { header: '配送员', key: 'deliverer', width: 20 },
  { header: '开票状态', key: 'invoice', width: 10 },
  { header: '买家备注', key: 'buyerRemark', width: 24 },
  { header: '接单时间', key: 'takenAt', width: 20 },
  { header: '发货时间', key: 'shippedAt', width: 20 },
];

/**
 * The store's received orders matching the list's filters (the same SQL conditions as the list), newest first,
 * read in keyset pages so a large export never uses OFFSET.
 */
export function receivedOrdersSource(
  db: Database,
  storeId: number,
  filter: ReceivedOrdersFilter,
): SheetSource<ReceivedExportRow> {
  const fulfilment = createFulfilmentRepository(db);
  const matching = (): SQL[] => filterConditions(storeId, filter);

  return {
    columns: RECEIVED_EXPORT_COLUMNS,

    async countUpTo(limit: number): Promise<number> {
      const limited = db
        .select({ one: sql`1` })
        .from(performanceOrders)
        .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
        .where(and(...matching()))
        .limit(limit);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited.as('matching'));
      return row?.n ?? 0;
    },

    async *pages(pageSize: number): AsyncGenerator<ReceivedExportRow[]> {
      let cursor: Cursor | null = null;
      for (;;) {
        const where = matching();
        if (cursor)
          where.push(
            sql`(${performanceOrders.takenAt}, ${performanceOrders.id}) < (${cursor.takenAt}::timestamptz, ${cursor.id})`,
          );
        const rows = await db
          .select({
            id: performanceOrders.id,
            takenAtKey,
            performanceOrderNo: performanceOrders.performanceOrderNo,
            performancePlanOrderNo: performancePlanOrders.performancePlanOrderNo,
            status: performanceOrders.status,
            deliveryType: performanceOrders.deliveryType,
            courierName: performanceOrders.courierName,
            trackingNo: performanceOrders.trackingNo,
            delivererName: performanceOrders.delivererName,
            delivererPhone: performanceOrders.delivererPhone,
            invoiceStatus: performanceOrders.invoiceStatus,
            takenAt: performanceOrders.takenAt,
            shippedAt: performanceOrders.shippedAt,
            omsOrderId: omsOrders.id,
            omsOrderNo: omsOrders.omsOrderNo,
            channel: omsOrders.channel,
            receiverName: omsOrders.receiverName,
            receiverPhone: omsOrders.receiverPhone,
            regionName: omsOrders.regionName,
            addressDetail: omsOrders.addressDetail,
            goodsCents: omsOrders.goodsCents,
            freightCents: omsOrders.freightCents,
            discountCents: omsOrders.discountCents,
            payCents: omsOrders.payCents,
            buyerRemark: omsOrders.buyerRemark,
          })
          .from(performanceOrders)
          .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
          .leftJoin(performancePlanOrders, eq(performancePlanOrders.id, performanceOrders.planId))
          .where(and(...where))
          .orderBy(desc(performanceOrders.takenAt), desc(performanceOrders.id))
          .limit(pageSize);
        if (rows.length === 0) return;

        const items = await fulfilment.itemsOf(rows.map((r) => r.omsOrderId));
        const itemsOf = new Map<number, typeof items>();
        for (const item of items)
          itemsOf.set(item.omsOrderId, [...(itemsOf.get(item.omsOrderId) ?? []), item]);

        yield rows.map((row) => {
          const own = itemsOf.get(row.omsOrderId) ?? [];
          return {
            performanceOrderNo: row.performanceOrderNo,
            omsOrderNo: row.omsOrderNo,
            performancePlanOrderNo: row.performancePlanOrderNo ?? '',
            channel: CHANNEL_TEXT[row.channel as OrderChannel] ?? row.channel,
            status: FULFILMENT_STATUS_TEXT[row.status as FulfilmentStatus] ?? row.status,
            deliveryType: DELIVERY_TYPE_TEXT[row.deliveryType as DeliveryType] ?? row.deliveryType,
            receiverName: row.receiverName,
            receiverPhone: row.receiverPhone,
            address: `${row.regionName}${row.addressDetail}`,
            items: own
              .map((item) => `${item.name}${item.spec ? `（${item.spec}）` : ''}×${item.quantity}`)
              .join('，'),
            itemCount: own.reduce((sum, item) => sum + item.quantity, 0),
            goodsYuan: yuanOf(row.goodsCents),
            freightYuan: yuanOf(row.freightCents),
            discountYuan: yuanOf(row.discountCents),
            payYuan: yuanOf(row.payCents),
            courier: row.courierName,
            trackingNo: row.trackingNo,
            deliverer: `${row.delivererName} ${row.delivererPhone}`.trim(),
            invoice: INVOICE_STATUS_TEXT[row.invoiceStatus] ?? row.invoiceStatus,
            buyerRemark: row.buyerRemark,
            takenAt: shanghaiDateTime(row.takenAt),
            shippedAt: shanghaiDateTime(row.shippedAt),
          };
        });
        if (rows.length < pageSize) return;
        const last = rows.at(-1)!;
        cursor = { takenAt: last.takenAtKey, id: last.id };
      }
    },
  };
}
