import { ReloadOutlined } from '@ant-design/icons';
import type { ValetOrderDetail } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../components/permission';
import { isApiError } from '../../lib/http';
import { formatYuan, formatTime } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { VALET_LABELS } from './labels';
import { valetApi, valetKeys } from './valet-api';
import { ValetCancelDialog } from './valet-cancel-dialog';
import { confirmValetOrder } from './valet-confirm';
import { useValetLinks } from './valet-links';
import styles from './valet-orders.module.css';
import { VALET_STATUS_COLOR } from './valet-orders-page';

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

/** 代客订单详情 (valetOrderManagerDetail?id=<valet order no>): the order, member, items, trial, fulfilment. */
export function ValetOrderDetailPage() {
  const [params] = useSearchParams();
  const no = params.get('id')?.trim() ?? '';
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const mayConfirm = useHasPermission(['valetOrder:confirm']);
  const mayCancel = useHasPermission(['valetOrder:cancel']);
  const [cancelling, setCancelling] = useState(false);
  const detail = useQuery({
    queryKey: valetKeys.detail(storeCode, no),
    queryFn: ({ signal }) => valetApi.detail(storeCode, no, signal),
    enabled: Boolean(storeCode && no),
    retry: false,
  });

  if (!storeCode) return <Alert type="info" showIcon title={VALET_LABELS.common.noStore} />;
  if (!no) return <Result status="warning" title={D.missingNo} />;
  if (detail.isLoading)
    return (
      <Card>
        <Spin description={VALET_LABELS.common.loading}>
          <div style={{ minHeight: 160 }} />
        </Spin>
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Result
        status={isApiError(detail.error) && detail.error.status === 404 ? '404' : 'error'}
        title={isApiError(detail.error) ? detail.error.message : VALET_LABELS.common.loadFailed}
        extra={<Button onClick={() => void detail.refetch()}>{VALET_LABELS.common.retry}</Button>}
      />
    );

  const order = detail.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: valetKeys.all });
  const trialText = typeof order.trial.discountText === 'string' ? order.trial.discountText : '';
  const showConfirm = order.actions.confirm && mayConfirm;
  const showCancel = order.actions.cancel && mayCancel;

  return (
    <div className={styles.page} data-testid="valet-detail-page">
      <Card
        size="small"
        title={`${VALET_LABELS.titles.detail} ${order.valetOrderNo}`}
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={detail.isFetching}
            onClick={refresh}
            aria-label={VALET_LABELS.common.refresh}
          />
        }
      >
        <div className={styles.actions}>
          <Tag color={VALET_STATUS_COLOR[order.status]} data-testid="valet-status-tag">
            {order.statusText}
          </Tag>
          {showConfirm ? (
            <Button
              type="primary"
              data-testid="detail-confirm"
              onClick={() =>
                void confirmValetOrder(order.kind, storeCode, order.valetOrderNo).then(
                  (done) => done && refresh(),
                )
              }
            >
              {A.confirm}
            </Button>
          ) : null}
          {showCancel ? (
            <Button danger data-testid="detail-cancel" onClick={() => setCancelling(true)}>
              {A.cancel}
            </Button>
          ) : null}
        </div>
      </Card>
      <Card title={D.orderTitle} size="small">
        <Descriptions
          size="small"
          column={COLUMNS}
          items={[
            { label: F.valetOrderNo, children: order.valetOrderNo },
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
    </div>
  );
}
