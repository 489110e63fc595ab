import type { ValetOrderDetail } from '@console/contract';
import { Table } from 'antd';
import { AmountFields, InfoSection, addressText, infoField } from '../detail/info-section';
import { formatYuan } from '../../lib/format/display';
import { VALET_ORDER_FIELDS as F, VALET_ORDER_SECTIONS as D } from './valet-order-labels';
import { VALET_STATUS_COLOR } from './valet-status';

/** What the sections read of a valet order: the store's detail and head office's 积分订单 detail alike. */
export type ValetOrderRecord = Omit<ValetOrderDetail, 'actions'>;

/** The order's number, state, kind, delivery and times. */
export function OrderSection({ order }: { order: ValetOrderRecord }) {
  return (
    <InfoSection
      title={D.orderTitle}
      fields={[
        infoField.text(F.valetOrderNo, order.valetOrderNo),
        infoField.status(F.status, order.statusText, VALET_STATUS_COLOR[order.status], 'valet-status-tag'),
        infoField.text(F.kind, order.kindText),
        infoField.text(F.delivery, order.deliveryTypeText),
        infoField.text(F.createdBy, order.createdByName),
        infoField.time(F.createdAt, order.createdAt),
        order.confirmedAt && infoField.time(F.confirmedAt, order.confirmedAt),
        order.cancelledAt && infoField.time(F.cancelledAt, order.cancelledAt),
        order.cancelledAt && infoField.text(F.cancelReason, order.cancelReason),
        infoField.text(F.remark, order.remark),
      ]}
    />
  );
}

/** Who it is for and where it goes. */
export function MemberSection({ order }: { order: ValetOrderRecord }) {
  return (
    <InfoSection
      title={D.memberTitle}
      fields={[
        infoField.contact(F.member, order.memberName, order.memberPhoneMasked),
        infoField.text(F.memberNo, order.memberNo),
        infoField.text(F.memberPoints, order.memberPoints),
        infoField.text(F.address, order.address ? addressText(order.address) : D.pickup),
      ]}
    />
  );
}

/** The goods with their points and prices, and the amounts. */
export function ItemsSection({ order }: { order: ValetOrderRecord }) {
  const trialText = typeof order.trial.discountText === 'string' ? order.trial.discountText : '';
  return (
    <InfoSection title={D.itemsTitle}>
      <Table
        size="small"
        rowKey="skuCode"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={order.items}
        columns={[
          { title: F.skuCode, dataIndex: 'skuCode', width: 100 },
          { title: F.name, dataIndex: 'name' },
          { title: F.quantity, dataIndex: 'quantity', width: 70, align: 'right' },
          ...(order.kind === 'integral'
            ? [{ title: F.points, dataIndex: 'points', width: 90, align: 'right' as const }]
            : []),
          {
            title: F.unitPrice,
            dataIndex: 'unitCents',
            width: 110,
            align: 'right' as const,
            render: (cents: number) => formatYuan(cents),
          },
        ]}
      />
      <AmountFields
        fields={[
          infoField.money(F.goods, order.goodsCents),
          infoField.money(F.freight, order.freightCents),
          infoField.text(
            F.discount,
            `${formatYuan(order.discountCents)}${trialText ? `（${trialText}）` : ''}`,
          ),
          order.points > 0 && infoField.text(F.points, order.points),
          infoField.money(F.pay, order.payCents, true),
        ]}
      />
    </InfoSection>
  );
}
