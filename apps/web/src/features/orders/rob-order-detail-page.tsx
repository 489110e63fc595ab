import { planEndpoints, type OfferDetail } from '@console/contract';
import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { DetailPage, useDetailQuery, useListReturn } from '../../components/detail/detail-page';
import { call } from '../../lib/http';
import { timeLeft } from './countdown';
import { CountdownTag } from './countdown-tag';
import { ORDER_LABELS } from './labels';
import { OrderItemsTable } from './order-items-table';
import { distanceText, formatYuan, formatTime } from '../../lib/format/display';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import styles from './orders.module.css';
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

/** 抢单详情 (robOrderDetail?performancePlanOrderNo=…): one offer, with 抢单 while it is open. */
export function RobOrderDetailPage() {
  const [params] = useSearchParams();
  const storeCode = useStoreCode();
  const now = useNow();
  const links = useOrderLinks();
  const backTo = useListReturn(links.href('RobOrders'));
  const grab = useGrab(storeCode);
  useOrderMessageRefresh();
  const detail = useDetailQuery({
    key: orderKeys.offerDetail(storeCode),
    recordKey: (params.get('performancePlanOrderNo') ?? '').trim() || null,
    // Silent: the page shows "not found" in place.
    load: (performancePlanOrderNo, signal) =>
      call(
        planEndpoints.offerDetail,
        { storeCode, performancePlanOrderNo },
        { signal, flags: { silent: true } },
      ),
  });

  return (
    <DetailPage
      title={ORDER_LABELS.titles.robDetail}
      testId="rob-order-detail-page"
      detail={detail}
      recordNo={(offer) => offer.performancePlanOrderNo}
      backTo={backTo}
      actionTestId="offer"
      actions={(offer) => [
        {
          key: 'grab',
          label: ORDER_LABELS.rob.grab,
          allowed: offer.status === 'offering' && offer.canGrab && !timeLeft(offer.expiresAtMs, now).expired,
          permission: ['order:rob'],
          primary: true,
          danger: true,
          onClick: () => void grab.start(offer.performancePlanOrderNo),
        },
      ]}
      idle={(offer) => <Tag data-testid="offer-status">{offer.statusText}</Tag>}
      extraBusy={grab.busy}
      onRefresh={() => void detail.refetch()}
    >
      {(offer) => (
        <>
          <OfferOutcome offer={offer} />
          <Card
            title={L.orderTitle}
            extra={
              offer.status === 'offering' ? <CountdownTag expiresAtMs={offer.expiresAtMs} now={now} /> : null
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
          </Card>
        </>
      )}
    </DetailPage>
  );
}
