import { planEndpoints, type OfferDetail } from '@console/contract';
import { Alert, Button, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { DetailPage, useDetailQuery, useListReturn, loadDetail } from '../../components/detail/detail-page';
import { AmountFields, InfoSection, infoField } from '../../components/detail/info-section';
import { timeLeft } from './countdown';
import { CountdownTag } from './countdown-tag';
import { ORDER_LABELS } from './labels';
import { OrderItemsTable } from './order-items-table';
import { distanceText } from '../../lib/format/display';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
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
    load: loadDetail(planEndpoints.offerDetail, (performancePlanOrderNo: string) => ({
      storeCode,
      performancePlanOrderNo,
    })),
  });

  return (
    <DetailPage
      title={ORDER_LABELS.titles.robDetail}
      testId="rob-order-detail-page"
      detail={detail}
      recordNo={(offer) => offer.omsOrderNo}
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
          <InfoSection
            title={L.orderTitle}
            extra={
              offer.status === 'offering' ? <CountdownTag expiresAtMs={offer.expiresAtMs} now={now} /> : null
            }
            fields={[
              infoField.text(F.omsOrderNo, offer.omsOrderNo),
              infoField.text(F.planOrderNo, offer.performancePlanOrderNo),
              infoField.text(F.channel, offer.channelText),
              infoField.text(F.status, offer.statusText),
              infoField.time(F.offeredAt, offer.offeredAt),
              infoField.time(F.expiresAt, offer.expiresAt),
              infoField.text(F.delivery, offer.deliveryTypeText),
              infoField.text(F.distance, distanceText(offer.distanceMeters)),
              infoField.text(F.customer, offer.customerName),
              infoField.contact(F.receiver, offer.receiverName, offer.receiverPhone),
              infoField.address(F.address, offer.regionName, offer.addressDetail, { span: 2 }),
              infoField.text(F.remark, offer.buyerRemark),
              infoField.text(
                F.invoiceTitle,
                offer.invoiceTitle || ORDER_LABELS.invoiceType[offer.invoiceType],
              ),
            ]}
          />
          <InfoSection title={L.itemsTitle}>
            <OrderItemsTable items={offer.items} />
            <AmountFields
              perRow={4}
              fields={[
                infoField.money(F.goodsAmount, offer.goodsCents),
                infoField.money(F.freight, offer.freightCents),
                infoField.money(F.discount, offer.discountCents),
                infoField.money(F.amount, offer.payCents, true),
              ]}
            />
          </InfoSection>
        </>
      )}
    </DetailPage>
  );
}
