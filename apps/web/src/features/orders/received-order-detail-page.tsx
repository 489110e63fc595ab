import { fulfilmentEndpoints, type OrderDetailQuery } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DetailPage,
  LogTimeline,
  useDetailQuery,
  useListReturn,
  loadDetail,
} from '../../components/detail/detail-page';
import { call } from '../../lib/http';
import { useStoreCode } from '../../stores/use-store-code';
import { AddressDialog } from './address-dialog';
import { CyclePlanDialog } from './cycle-plan-dialog';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import {
  ACTION_PERMISSION,
  ORDER_ACTIONS,
  primaryAction,
  visibleActions,
  type OrderAction,
} from './order-actions';
import {
  CustomerSection,
  CyclePlanSection,
  DeliverySection,
  InvoiceSection,
  ItemsSection,
  OrderSection,
} from './order-detail-sections';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { logEntriesOf } from './order-log-timeline';
import { useOrderMessageRefresh } from './order-message-refresh';
import { ShipDialog } from './ship-dialog';
import { CancelDialog, InvoiceDialog, WriteOffDialog } from './simple-action-dialogs';
import { useSessionStore } from '../../stores/session-store';
import { useRefresh } from '../../lib/use-refresh';

const L = ORDER_LABELS.detail;
const DIALOGS: Record<OrderAction, (props: OrderDialogProps) => React.ReactNode> = {
  deliver: ShipDialog,
  modifyAddress: AddressDialog,
  modifyCyclePlan: CyclePlanDialog,
  cancel: CancelDialog,
  finishInvoice: InvoiceDialog,
  writeOff: WriteOffDialog,
};

/** Names the order of a detail page: any one of the numbers a list row or a message carries. */
export type OrderRef = Pick<OrderDetailQuery, 'performanceOrderNo' | 'omsOrderNo'>;

/** The order a detail URL names: the performance order number when present, else the upstream one. */
export function orderRefOf(params: URLSearchParams): OrderRef | null {
  const performanceOrderNo = params.get('performanceOrderNo')?.trim();
  if (performanceOrderNo) return { performanceOrderNo };
  const omsOrderNo = params.get('omsOrderNo')?.trim();
  return omsOrderNo ? { omsOrderNo } : null;
}

/** 已接订单详情 (receivedOrderDetail?omsOrderNo=…&performanceOrderNo=…): sections, actions and the log. */
export function ReceivedOrderDetailPage() {
  const [params] = useSearchParams();
  const storeCode = useStoreCode();
  const roles = useSessionStore((state) => state.roles);
  const links = useOrderLinks();
  const backTo = useListReturn(links.href('ReceivedCustomerOrders'));
  const [dialog, setDialog] = useState<OrderAction | null>(null);
  useOrderMessageRefresh();

  const detail = useDetailQuery({
    key: orderKeys.detail(storeCode),
    recordKey: orderRefOf(params),
    load: loadDetail(fulfilmentEndpoints.detail, (ref: OrderRef) => ({ storeCode, ...ref })),
  });
  const omsOrderNo = detail.data?.omsOrderNo ?? '';
  const log = useQuery({
    queryKey: orderKeys.log(storeCode, omsOrderNo),
    queryFn: ({ signal }) => call(fulfilmentEndpoints.logList, { storeCode, omsOrderNo }, { signal }),
    enabled: Boolean(storeCode && omsOrderNo),
  });
  const refresh = useRefresh(orderKeys.all);
  const Dialog = dialog ? DIALOGS[dialog] : null;

  return (
    <DetailPage
      title={ORDER_LABELS.titles.receivedDetail}
      testId="received-order-detail-page"
      detail={detail}
      recordNo={(order) => order.omsOrderNo}
      backTo={backTo}
      extraBusy={log.isFetching}
      actionTestId="order-action"
      onRefresh={refresh}
      idle={(order) => order.statusText}
      actions={(order) => {
        const shown = visibleActions(order.actions, roles);
        const primary = primaryAction(shown);
        return ORDER_ACTIONS.map((action) => ({
          key: action,
          label: ORDER_LABELS.actions[action],
          allowed: shown.includes(action),
          permission: [ACTION_PERMISSION[action]],
          primary: action === primary,
          danger: action === 'cancel',
          onClick: () => setDialog(action),
        }));
      }}
    >
      {(order) => (
        <>
          <OrderSection order={order} />
          <CustomerSection order={order} />
          <ItemsSection order={order} />
          <DeliverySection order={order} />
          <InvoiceSection order={order} />
          <CyclePlanSection order={order} />
          <Card title={L.logTitle} size="small" loading={log.isLoading}>
            <LogTimeline entries={logEntriesOf(log.data ?? [])} testId="order-log" />
          </Card>
          {Dialog ? (
            <Dialog
              open
              order={order}
              storeCode={storeCode}
              onClose={() => setDialog(null)}
              onDone={refresh}
            />
          ) : null}
        </>
      )}
    </DetailPage>
  );
}
