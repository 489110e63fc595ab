import type { OrderDetail } from '@console/contract';
import { Card, Descriptions, Table, Tag } from 'antd';
import { ORDER_LABELS } from './labels';
import { OrderItemsTable } from './order-items-table';
import { formatYuan, formatTime } from '../../lib/format/display';
import styles from './orders.module.css';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';

const L = ORDER_LABELS.detail;
const F = ORDER_LABELS.fields;
const COLUMNS = { xs: 1, sm: 2, lg: 3 } as const;
const orDash = (text: string | null | undefined) => (text ? text : '-');

export function OrderSection({ order }: { order: OrderDetail }) {
  return (
    <Card title={L.orderTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.performanceOrderNo, children: order.performanceOrderNo },
          { label: F.omsOrderNo, children: order.omsOrderNo },
          { label: F.planOrderNo, children: orDash(order.performancePlanOrderNo) },
          { label: F.channel, children: ORDER_LABELS.channel[order.channel] ?? order.channel },
          {
            label: F.status,
            children: (
              <Tag color={FULFILMENT_STATUS_COLOR[order.status]} data-testid="order-status">
                {order.statusText}
              </Tag>
            ),
          },
          { label: F.orderedAt, children: formatTime(order.orderedAt) },
          { label: F.takenAt, children: formatTime(order.takenAt) },
          { label: F.takenBy, children: orDash(order.takenByName) },
          ...(order.shippedAt ? [{ label: F.shippedAt, children: formatTime(order.shippedAt) }] : []),
          ...(order.completedAt ? [{ label: F.completedAt, children: formatTime(order.completedAt) }] : []),
          ...(order.cancelledAt
            ? [
                { label: F.cancelledAt, children: formatTime(order.cancelledAt) },
                { label: F.cancelReason, children: orDash(order.cancelReason) },
              ]
            : []),
          { label: F.remark, children: orDash(order.buyerRemark) },
        ]}
      />
    </Card>
  );
}

export function CustomerSection({ order }: { order: OrderDetail }) {
  const { address } = order;
  return (
    <Card title={L.customerTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.customer, children: `${order.customerName} ${order.customerPhone}` },
          { label: F.receiver, children: `${address.receiverName} ${address.receiverPhone}` },
          {
            label: F.address,
            children: <span data-testid="order-address">{`${address.regionName} ${address.detail}`}</span>,
          },
        ]}
      />
    </Card>
  );
}

export function ItemsSection({ order }: { order: OrderDetail }) {
  const { amounts } = order;
  return (
    <Card title={L.itemsTitle} size="small">
      <OrderItemsTable items={order.items} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 5 }}
        style={{ marginTop: 12 }}
        items={[
          { label: F.goodsAmount, children: formatYuan(amounts.goodsCents) },
          { label: F.freight, children: formatYuan(amounts.freightCents) },
          { label: F.discount, children: formatYuan(amounts.discountCents) },
          ...(amounts.pointsUsed > 0 ? [{ label: F.points, children: String(amounts.pointsUsed) }] : []),
          {
            label: F.amount,
            children: <span className={styles.amount}>{formatYuan(amounts.payCents)}</span>,
          },
        ]}
      />
    </Card>
  );
}

export function DeliverySection({ order }: { order: OrderDetail }) {
  const { delivery } = order;
  return (
    <Card title={L.deliveryTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        data-testid="order-delivery"
        items={[
          { label: F.delivery, children: delivery.typeText },
          ...(delivery.type === 'express'
            ? [
                { label: F.courier, children: orDash(delivery.courierName) },
                { label: F.trackingNo, children: orDash(delivery.trackingNo) },
              ]
            : []),
          ...(delivery.type === 'store_delivery'
            ? [
                {
                  label: F.deliverer,
                  children: orDash([delivery.delivererName, delivery.delivererPhone].join(' ').trim()),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

export function InvoiceSection({ order }: { order: OrderDetail }) {
  const { invoice } = order;
  if (invoice.invoiceType === 'none') return null;
  return (
    <Card title={L.invoiceTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.invoiceType, children: invoice.invoiceTypeText },
          { label: F.invoiceTitle, children: orDash(invoice.title) },
          { label: F.invoiceTaxNo, children: orDash(invoice.taxNo) },
          { label: F.invoiceStatus, children: invoice.statusText },
          { label: F.invoiceNo, children: orDash(invoice.invoiceNo) },
        ]}
      />
    </Card>
  );
}

export function CyclePlanSection({ order }: { order: OrderDetail }) {
  if (order.cyclePlans.length === 0) return null;
  return (
    <Card title={L.cyclePlanTitle} size="small">
      <Table
        size="small"
        rowKey="period"
        pagination={false}
        dataSource={order.cyclePlans}
        // On a phone the table scrolls sideways rather than breaking 计划配送日期 over two lines.
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: F.period,
            dataIndex: 'period',
            width: 70,
            render: (period: number) => ORDER_LABELS.cyclePlan.periodLabel(period),
          },
          { title: F.plannedDate, dataIndex: 'plannedDate' },
          { title: F.planStatus, dataIndex: 'statusText', width: 100 },
          { title: F.trackingNo, dataIndex: 'trackingNo', render: (no: string) => orDash(no) },
        ]}
      />
    </Card>
  );
}
