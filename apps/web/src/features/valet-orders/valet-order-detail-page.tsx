import { valetEndpoints, type ValetOrderDetail } from '@console/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DetailPage, useDetailQuery, useListReturn, loadDetail } from '../../components/detail/detail-page';
import { InfoSection, infoField } from '../../components/detail/info-section';
import { useStoreCode } from '../../stores/use-store-code';
import { VALET_LABELS } from './labels';
import { valetKeys } from './valet-api';
import { useValetConfirm } from './use-valet-confirm';
import { ValetCancelDialog } from './valet-cancel-dialog';
import { useValetLinks } from './valet-links';
import styles from './valet-orders.module.css';
import { ItemsSection, MemberSection, OrderSection } from '../../components/valet-order/valet-order-sections';
import { useRefresh } from '../../lib/use-refresh';

const F = VALET_LABELS.fields;
const D = VALET_LABELS.detail;
const A = VALET_LABELS.actions;

function FulfilmentSection({ order }: { order: ValetOrderDetail }) {
  const links = useValetLinks();
  if (!order.omsOrderNo) {
    return (
      <InfoSection title={D.fulfilmentTitle}>
        <span className={styles.muted}>{D.notConfirmed}</span>
      </InfoSection>
    );
  }
  const plan = order.performancePlanOrderNo;
  const offerHref = plan ? links.href('robOrderDetail', { performancePlanOrderNo: plan }) : null;
  const receivedHref = links.href('receivedOrderDetail', { omsOrderNo: order.omsOrderNo });
  return (
    <InfoSection
      title={D.fulfilmentTitle}
      testId="valet-fulfilment"
      fields={[
        infoField.text(F.omsOrderNo, order.omsOrderNo),
        infoField.text(F.planOrderNo, plan),
        infoField.status(F.planStatus, order.planStatusText, undefined, 'valet-plan-status'),
        infoField.text(F.takenStore, order.takenStoreName),
      ]}
    >
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
    </InfoSection>
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
  const links = useValetLinks();
  const backTo = useListReturn(links.href('ValetOrders'));
  const [cancelling, setCancelling] = useState(false);
  const detail = useDetailQuery({
    key: valetKeys.detail(storeCode),
    recordKey: valetOrderNoOf(params),
    load: loadDetail(valetEndpoints.detail, (valetOrderNo: string) => ({ storeCode, valetOrderNo })),
  });
  const refresh = useRefresh(valetKeys.all);
  const confirmer = useValetConfirm(storeCode, refresh);

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
          // A points order opens the member's consent dialog; any other is asked about first.
          onClick: () => void confirmer.confirm(order),
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
          {confirmer.dialog}
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
