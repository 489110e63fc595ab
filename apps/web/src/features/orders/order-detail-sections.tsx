import type { OrderDetail } from '@console/contract';
import { Table } from 'antd';
import { AmountFields, InfoSection, infoField, orNone } from '../../components/detail/info-section';
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
        infoField.text(F.omsOrderNo, order.omsOrderNo),
        infoField.text(F.performanceOrderNo, order.performanceOrderNo),
        infoField.text(F.planOrderNo, order.performancePlanOrderNo),
        infoField.text(F.channel, ORDER_LABELS.channel[order.channel] ?? order.channel),
        infoField.status(F.status, order.statusText, FULFILMENT_STATUS_COLOR[order.status], 'order-status'),
        infoField.time(F.orderedAt, order.orderedAt),
        infoField.time(F.takenAt, order.takenAt),
        infoField.text(F.takenBy, order.takenByName),
        order.shippedAt && infoField.time(F.shippedAt, order.shippedAt),
        order.completedAt && infoField.time(F.completedAt, order.completedAt),
        order.cancelledAt && infoField.time(F.cancelledAt, order.cancelledAt),
        order.cancelledAt && infoField.text(F.cancelReason, order.cancelReason),
        infoField.text(F.remark, order.buyerRemark),
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
        infoField.contact(F.customer, order.customerName, order.customerPhone),
        infoField.contact(F.receiver, address.receiverName, address.receiverPhone),
        infoField.address(F.address, address.regionName, address.detail, { testId: 'order-address' }),
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
          infoField.money(F.goodsAmount, amounts.goodsCents),
          infoField.money(F.freight, amounts.freightCents),
          infoField.money(F.discount, amounts.discountCents),
          amounts.pointsUsed > 0 && infoField.text(F.points, amounts.pointsUsed),
          infoField.money(F.amount, amounts.payCents, true),
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
        infoField.text(F.delivery, delivery.typeText),
        express && infoField.text(F.courier, delivery.courierName),
        express && infoField.text(F.trackingNo, delivery.trackingNo),
        delivery.type === 'store_delivery' &&
          infoField.contact(F.deliverer, delivery.delivererName, delivery.delivererPhone),
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
        infoField.text(F.invoiceType, invoice.invoiceTypeText),
        infoField.text(F.invoiceTitle, invoice.title),
        infoField.text(F.invoiceTaxNo, invoice.taxNo),
        infoField.text(F.invoiceStatus, invoice.statusText),
        infoField.text(F.invoiceNo, invoice.invoiceNo),
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
