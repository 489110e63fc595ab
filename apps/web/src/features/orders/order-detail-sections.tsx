import type { OrderDetail } from '@console/contract';
import { Table } from 'antd';
import {
  AmountFields,
  InfoSection,
  addressText,
  contactField,
  moneyField,
  orNone,
  statusField,
  textField,
  timeField,
} from '../../components/detail/info-section';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { ORDER_LABELS } from './labels';
import { OrderItemsTable } from './order-items-table';

const L = ORDER_LABELS.detail;
const F = ORDER_LABELS.fields;

export function OrderSection({ order }: { order: OrderDetail }) {
  return (
    <InfoSection
      title={L.orderTitle}
      fields={[
        textField(F.performanceOrderNo, order.performanceOrderNo),
        textField(F.omsOrderNo, order.omsOrderNo),
        textField(F.planOrderNo, order.performancePlanOrderNo),
        textField(F.channel, ORDER_LABELS.channel[order.channel] ?? order.channel),
        statusField(F.status, {
          text: order.statusText,
          color: FULFILMENT_STATUS_COLOR[order.status],
          testId: 'order-status',
        }),
        timeField(F.orderedAt, order.orderedAt),
        timeField(F.takenAt, order.takenAt),
        textField(F.takenBy, order.takenByName),
        order.shippedAt && timeField(F.shippedAt, order.shippedAt),
        order.completedAt && timeField(F.completedAt, order.completedAt),
        order.cancelledAt && timeField(F.cancelledAt, order.cancelledAt),
        order.cancelledAt && textField(F.cancelReason, order.cancelReason),
        textField(F.remark, order.buyerRemark),
      ]}
    />
  );
}

export function CustomerSection({ order }: { order: OrderDetail }) {
  const { address } = order;
  return (
    <InfoSection
      title={L.customerTitle}
      fields={[
        contactField(F.customer, { name: order.customerName, phone: order.customerPhone }),
        contactField(F.receiver, { name: address.receiverName, phone: address.receiverPhone }),
        textField(F.address, addressText({ regionName: address.regionName, detail: address.detail }), {
          testId: 'order-address',
        }),
      ]}
    />
  );
}

export function ItemsSection({ order }: { order: OrderDetail }) {
  const { amounts } = order;
  return (
    <InfoSection title={L.itemsTitle}>
      <OrderItemsTable items={order.items} />
      <AmountFields
        fields={[
          moneyField(F.goodsAmount, amounts.goodsCents),
          moneyField(F.freight, amounts.freightCents),
          moneyField(F.discount, amounts.discountCents),
          amounts.pointsUsed > 0 && textField(F.points, amounts.pointsUsed),
          moneyField(F.amount, amounts.payCents, true),
        ]}
      />
    </InfoSection>
  );
}

export function DeliverySection({ order }: { order: OrderDetail }) {
  const { delivery } = order;
  const express = delivery.type === 'express';
  return (
    <InfoSection
      title={L.deliveryTitle}
      fieldsTestId="order-delivery"
      fields={[
        textField(F.delivery, delivery.typeText),
        express && textField(F.courier, delivery.courierName),
        express && textField(F.trackingNo, delivery.trackingNo),
        delivery.type === 'store_delivery' &&
          contactField(F.deliverer, { name: delivery.delivererName, phone: delivery.delivererPhone }),
      ]}
    />
  );
}

export function InvoiceSection({ order }: { order: OrderDetail }) {
  const { invoice } = order;
  if (invoice.invoiceType === 'none') return null;
  return (
    <InfoSection
      title={L.invoiceTitle}
      fields={[
        textField(F.invoiceType, invoice.invoiceTypeText),
        textField(F.invoiceTitle, invoice.title),
        textField(F.invoiceTaxNo, invoice.taxNo),
        textField(F.invoiceStatus, invoice.statusText),
        textField(F.invoiceNo, invoice.invoiceNo),
      ]}
    />
  );
}

export function CyclePlanSection({ order }: { order: OrderDetail }) {
  if (order.cyclePlans.length === 0) return null;
  return (
    <InfoSection title={L.cyclePlanTitle}>
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
          { title: F.trackingNo, dataIndex: 'trackingNo', render: orNone },
        ]}
      />
    </InfoSection>
  );
}
