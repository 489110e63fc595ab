import { valetEndpoints, type ValetOrderDetail } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DetailPage, useDetailQuery, useListReturn } from '../../components/detail/detail-page';
import { formatYuan, formatTime } from '../../lib/format/display';
import { call } from '../../lib/http';
import { useStoreCode } from '../../stores/use-store-code';
import { VALET_LABELS } from './labels';
import { valetKeys } from './valet-api';
import { ValetCancelDialog } from './valet-cancel-dialog';
import { confirmValetOrder } from './valet-confirm';
import { useValetLinks } from './valet-links';
import styles from './valet-orders.module.css';
import { VALET_STATUS_COLOR } from './valet-status';

const F = VALET_LABELS.fields;
const D = VALET_LABELS.detail;
const A = VALET_LABELS.actions;
const COLUMNS = { xs: 1, sm: 2, lg: 3 } as const;
const orDash = (text: string | null | undefined) => (text ? text : '-');

function FulfilmentSection({ order }: { order: ValetOrderDetail }) {
  const links = useValetLinks();
  if (!order.omsOrderNo) {
    return (
      <Card title={D.fulfilmentTitle} size="small">
        <span className={styles.muted}>{D.notConfirmed}</span>
      </Card>
    );
  }
  const plan = order.performancePlanOrderNo;
  const offerHref = plan ? links.href('robOrderDetail', { performancePlanOrderNo: plan }) : null;
  const receivedHref = links.href('receivedOrderDetail', { omsOrderNo: order.omsOrderNo });
  return (
    <Card title={D.fulfilmentTitle} size="small" data-testid="valet-fulfilment">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.omsOrderNo, children: order.omsOrderNo },
          { label: F.planOrderNo, children: orDash(plan) },
          {
            label: F.planStatus,
            children: <Tag data-testid="valet-plan-status">{orDash(order.planStatusText)}</Tag>,
          },
          { label: F.takenStore, children: orDash(order.takenStoreName) },
        ]}
      />
      <div className={styles.actions}>
        {offerHref && order.planStatus !== 'taken' ? (
          <Button
            size="small"
            onClick={() => links.open('robOrderDetail', { performancePlanOrderNo: plan! })}
          >
            {D.openOffer}
          </Button>
        ) : null}
        {order.planStatus === 'taken' && receivedHref ? (
          <Button
            size="small"
            onClick={() => links.open('receivedOrderDetail', { omsOrderNo: order.omsOrderNo })}
          >
            {D.openReceived}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** The valet order a detail URL names (`?id=`, as messages open it), or null. */
export function valetOrderNoOf(params: URLSearchParams): string | null {
  return params.get('id')?.trim() || null;
}

/** 代客订单详情 (valetOrderManagerDetail?id=<valet order no>): the order, member, items, trial, fulfilment. */
export function ValetOrderDetailPage() {
  const [params] = useSearchParams();
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const links = useValetLinks();
  const backTo = useListReturn(links.href('ValetOrders'));
  const [cancelling, setCancelling] = useState(false);
  const detail = useDetailQuery({
    key: valetKeys.detail(storeCode),
    recordKey: valetOrderNoOf(params),
    // Silent: the page shows "not found" or the failure in place.
    load: (valetOrderNo, signal) =>
      call(valetEndpoints.detail, { storeCode, valetOrderNo }, { signal, flags: { silent: true } }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: valetKeys.all });

  return (
    <DetailPage
      title={VALET_LABELS.titles.detail}
      testId="valet-detail-page"
      detail={detail}
      recordNo={(order) => order.valetOrderNo}
      backTo={backTo}
      actionTestId="detail"
      onRefresh={refresh}
      idle={(order) => order.statusText}
      actions={(order) => [
        {
          key: 'confirm',
          label: A.confirm,
          allowed: order.actions.confirm,
          permission: ['valetOrder:confirm'],
          primary: true,
          onClick: () =>
            void confirmValetOrder(order.kind, storeCode, order.valetOrderNo).then(
              (done) => done && refresh(),
            ),
        },
        {
          key: 'cancel',
          label: A.cancel,
          allowed: order.actions.cancel,
          permission: ['valetOrder:cancel'],
          danger: true,
          onClick: () => setCancelling(true),
        },
      ]}
    >
      {(order) => (
        <>
          <OrderSection order={order} />
          <MemberSection order={order} />
          <ItemsSection order={order} />
          <FulfilmentSection order={order} />
          {cancelling ? (
            <ValetCancelDialog
              storeCode={storeCode}
              kind={order.kind}
              valetOrderNo={order.valetOrderNo}
              onClose={() => setCancelling(false)}
              onDone={refresh}
            />
          ) : null}
        </>
      )}
    </DetailPage>
  );
}

function OrderSection({ order }: { order: ValetOrderDetail }) {
  return (
    <Card title={D.orderTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.valetOrderNo, children: order.valetOrderNo },
          {
            label: F.status,
            children: (
              <Tag color={VALET_STATUS_COLOR[order.status]} data-testid="valet-status-tag">
                {order.statusText}
              </Tag>
            ),
          },
          { label: F.kind, children: order.kindText },
          { label: F.delivery, children: order.deliveryTypeText },
          { label: F.createdBy, children: order.createdByName },
          { label: F.createdAt, children: formatTime(order.createdAt) },
          ...(order.confirmedAt ? [{ label: F.confirmedAt, children: formatTime(order.confirmedAt) }] : []),
          ...(order.cancelledAt
            ? [
                { label: F.cancelledAt, children: formatTime(order.cancelledAt) },
                { label: F.cancelReason, children: orDash(order.cancelReason) },
              ]
            : []),
          { label: F.remark, children: orDash(order.remark) },
        ]}
      />
    </Card>
  );
}

function MemberSection({ order }: { order: ValetOrderDetail }) {
  return (
    <Card title={D.memberTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.member, children: `${order.memberName} ${order.memberPhoneMasked}` },
          { label: F.memberNo, children: order.memberNo },
          { label: F.memberPoints, children: String(order.memberPoints) },
          {
            label: F.address,
            children: order.address
              ? `${order.address.receiverName} ${order.address.receiverPhone} ${order.address.regionName} ${order.address.detail}`
              : D.pickup,
          },
        ]}
      />
    </Card>
  );
}

function ItemsSection({ order }: { order: ValetOrderDetail }) {
  const trialText = typeof order.trial.discountText === 'string' ? order.trial.discountText : '';
  return (
    <Card title={D.itemsTitle} size="small">
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
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 5 }}
        style={{ marginTop: 12 }}
        items={[
          { label: F.goods, children: formatYuan(order.goodsCents) },
          { label: F.freight, children: formatYuan(order.freightCents) },
          {
            label: F.discount,
            children: `${formatYuan(order.discountCents)}${trialText ? `（${trialText}）` : ''}`,
          },
          ...(order.points > 0 ? [{ label: F.points, children: String(order.points) }] : []),
          { label: F.pay, children: <span className={styles.amount}>{formatYuan(order.payCents)}</span> },
        ]}
      />
    </Card>
  );
}
