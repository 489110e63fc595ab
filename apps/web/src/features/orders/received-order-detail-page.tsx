import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Spin } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { AddressDialog } from './address-dialog';
import { CyclePlanDialog } from './cycle-plan-dialog';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { primaryAction, visibleActions, type OrderAction } from './order-actions';
import {
  CustomerSection,
  CyclePlanSection,
  DeliverySection,
  InvoiceSection,
  ItemsSection,
  OrderSection,
} from './order-detail-sections';
import { orderKeys } from './order-keys';
import { OrderLogTimeline } from './order-log-timeline';
import { useOrderMessageRefresh } from './order-message-refresh';
import styles from './orders.module.css';
import { receivedApi, type OrderRef } from './received-api';
import { ShipDialog } from './ship-dialog';
import { CancelDialog, InvoiceDialog, WriteOffDialog } from './simple-action-dialogs';
import { useStoreCode } from './use-store-code';

const L = ORDER_LABELS.detail;
const DIALOGS: Record<OrderAction, (props: OrderDialogProps) => React.ReactNode> = {
  deliver: ShipDialog,
  modifyAddress: AddressDialog,
  modifyCyclePlan: CyclePlanDialog,
  cancel: CancelDialog,
  finishInvoice: InvoiceDialog,
  writeOff: WriteOffDialog,
};

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
  const ref = orderRefOf(params);
  const storeCode = useStoreCode();
  const roles = useSessionStore((state) => state.roles);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<OrderAction | null>(null);
  useOrderMessageRefresh();

  const detail = useQuery({
    queryKey: orderKeys.detail(storeCode, ref),
    queryFn: ({ signal }) => receivedApi.detail(storeCode, ref ?? {}, signal),
    enabled: Boolean(storeCode && ref),
    retry: false,
  });
  const omsOrderNo = detail.data?.omsOrderNo ?? '';
  const log = useQuery({
    queryKey: orderKeys.log(storeCode, omsOrderNo),
    queryFn: ({ signal }) => receivedApi.log(storeCode, omsOrderNo, signal),
    enabled: Boolean(storeCode && omsOrderNo),
  });

  if (!storeCode) return <Alert type="info" showIcon title={ORDER_LABELS.common.noStore} />;
  if (!ref) return <Result status="warning" title={L.missingNo} />;
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

  const order = detail.data;
  const actions = visibleActions(order.actions, roles);
  const primary = primaryAction(actions);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  const Dialog = dialog ? DIALOGS[dialog] : null;

  return (
    <div className={styles.page} data-testid="received-order-detail-page">
      <Card
        size="small"
        title={`${ORDER_LABELS.titles.receivedDetail} ${order.performanceOrderNo}`}
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={detail.isFetching || log.isFetching}
            onClick={refresh}
            aria-label={ORDER_LABELS.common.refresh}
          />
        }
      >
        {actions.length > 0 ? (
          <div className={styles.actions} data-testid="order-actions">
            {actions.map((action) => (
              <Button
                key={action}
                type={action === primary ? 'primary' : 'default'}
                danger={action === 'cancel'}
                data-testid={`order-action-${action}`}
                onClick={() => setDialog(action)}
              >
                {ORDER_LABELS.actions[action]}
              </Button>
            ))}
          </div>
        ) : (
          <span className={styles.hint}>{order.statusText}</span>
        )}
      </Card>
      <OrderSection order={order} />
      <CustomerSection order={order} />
      <ItemsSection order={order} />
      <DeliverySection order={order} />
      <InvoiceSection order={order} />
      <CyclePlanSection order={order} />
      <Card title={L.logTitle} size="small" loading={log.isLoading}>
        <OrderLogTimeline rows={log.data ?? []} />
      </Card>
      {Dialog ? (
        <Dialog open order={order} storeCode={storeCode} onClose={() => setDialog(null)} onDone={refresh} />
      ) : null}
    </div>
  );
}
