import type { OfferDetail } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Spin, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { Permission } from '../../components/permission';
import { isApiError } from '../../lib/http';
import { timeLeft } from './countdown';
import { CountdownTag } from './countdown-tag';
import { ORDER_LABELS } from './labels';
import { OrderItemsTable } from './order-items-table';
import { distanceText, formatYuan, formatTime } from '../../lib/format/display';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import styles from './orders.module.css';
import { plansApi } from './plans-api';
import { useGrab } from './use-grab';
import { useNow } from './use-now';
import { useStoreCode } from '../../stores/use-store-code';

const L = ORDER_LABELS.robDetail;
const F = ORDER_LABELS.fields;

/** What the page says about an offer that can no longer be grabbed here. */
function OfferOutcome({ offer }: { offer: OfferDetail }) {
  const links = useOrderLinks();
  if (offer.takenByThisStore && offer.performanceOrderNo) {
    const performanceOrderNo = offer.performanceOrderNo;
    const cancelled = offer.status === 'cancelled';
    return (
      <Alert
        type={cancelled ? 'warning' : 'success'}
        showIcon
        data-testid="offer-outcome"
        title={cancelled ? L.cancelledAfterTaken : L.takenHere}
        action={
          <Button
            type="primary"
            data-testid="offer-open-received"
            onClick={() =>
              links.open('receivedOrderDetail', { omsOrderNo: offer.omsOrderNo, performanceOrderNo })
            }
          >
            {L.openReceived}
          </Button>
        }
      />
    );
  }
  if (offer.status === 'taken')
    return <Alert type="warning" showIcon data-testid="offer-outcome" title={L.takenElsewhere} />;
  if (offer.status === 'cancelled')
    return <Alert type="warning" showIcon data-testid="offer-outcome" title={L.cancelled} />;
  if (offer.status === 'expired')
    return (
      <Alert
        type="info"
        showIcon
        data-testid="offer-outcome"
        title={L.expired}
        action={
          offer.canTake ? <Button onClick={() => links.open('UntakenOrders')}>{L.openUntaken}</Button> : null
        }
      />
    );
  return null;
}

/** 抢单详情 (robOrderDetail?performancePlanOrderNo=…): one offer, with the grab button while it is open. */
export function RobOrderDetailPage() {
  const [params] = useSearchParams();
  const planNo = (params.get('performancePlanOrderNo') ?? '').trim();
  const storeCode = useStoreCode();
  const now = useNow();
  const grab = useGrab(storeCode);
  useOrderMessageRefresh();
  const detail = useQuery({
    queryKey: orderKeys.offerDetail(storeCode, planNo),
    queryFn: ({ signal }) => plansApi.detail(storeCode, planNo, signal),
    enabled: Boolean(storeCode && planNo),
    retry: false,
  });

  if (!storeCode) return <Alert type="info" showIcon title={ORDER_LABELS.common.noStore} />;
  if (!planNo) return <Result status="warning" title={L.missingNo} />;
  if (detail.isLoading)
    return (
      <Card>
        <Spin description={ORDER_LABELS.common.loading}>
          <div style={{ minHeight: 160 }} />
        </Spin>
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Result
        status={isApiError(detail.error) && detail.error.status === 404 ? '404' : 'error'}
        title={isApiError(detail.error) ? detail.error.message : ORDER_LABELS.common.loadFailed}
        extra={<Button onClick={() => void detail.refetch()}>{ORDER_LABELS.common.retry}</Button>}
      />
    );

  const offer = detail.data;
  const open = offer.status === 'offering';
  return (
    <div className={styles.page} data-testid="rob-order-detail-page">
      <OfferOutcome offer={offer} />
      <Card
        title={`${ORDER_LABELS.titles.robDetail} ${offer.performancePlanOrderNo}`}
        extra={
          open ? (
            <CountdownTag expiresAtMs={offer.expiresAtMs} now={now} />
          ) : (
            <Tag data-testid="offer-status">{offer.statusText}</Tag>
          )
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { label: F.planOrderNo, children: offer.performancePlanOrderNo },
            { label: F.omsOrderNo, children: offer.omsOrderNo },
            { label: F.channel, children: offer.channelText },
            { label: F.status, children: offer.statusText },
            { label: F.offeredAt, children: formatTime(offer.offeredAt) },
            { label: F.expiresAt, children: formatTime(offer.expiresAt) },
            { label: F.delivery, children: offer.deliveryTypeText },
            { label: F.distance, children: distanceText(offer.distanceMeters) },
            { label: F.customer, children: offer.customerName },
            { label: F.receiver, children: `${offer.receiverName} ${offer.receiverPhone}` },
            { label: F.address, children: `${offer.regionName}${offer.addressDetail}`, span: 2 },
            { label: F.remark, children: offer.buyerRemark || '-' },
            {
              label: F.invoiceTitle,
              children: offer.invoiceTitle || ORDER_LABELS.invoiceType[offer.invoiceType] || '-',
            },
          ]}
        />
      </Card>
      <Card title={L.itemsTitle}>
        <OrderItemsTable items={offer.items} />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          style={{ marginTop: 12 }}
          items={[
            { label: F.goodsAmount, children: formatYuan(offer.goodsCents) },
            { label: F.freight, children: formatYuan(offer.freightCents) },
            { label: F.discount, children: formatYuan(offer.discountCents) },
            {
              label: F.amount,
              children: <span className={styles.amount}>{formatYuan(offer.payCents)}</span>,
            },
          ]}
        />
        {open && offer.canGrab ? (
          <div className={styles.offerFoot}>
            <Permission value={['order:rob']}>
              <Button
                type="primary"
                danger
                size="large"
                data-testid="offer-grab"
                loading={grab.busy}
                disabled={timeLeft(offer.expiresAtMs, now).expired}
                onClick={() => void grab.start(offer.performancePlanOrderNo)}
              >
                {ORDER_LABELS.rob.grab}
              </Button>
            </Permission>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
