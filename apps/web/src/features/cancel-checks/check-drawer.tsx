import type { CancelCheckDetail } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { formatYuan, formatTime } from '../../lib/format/display';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { CANCEL_CHECK_STATE_COLOR } from './cancel-check-state';
import { cancelCheckKeys, cancelChecksApi } from './cancel-checks-api';
import { DecideDialog, type Decision } from './decide-dialog';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS;
const F = L.fields;
const orDash = (text: string | null | undefined) => (text ? text : L.common.none);

function CheckDescriptions({ check }: { check: CancelCheckDetail }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { label: F.checkNo, children: check.checkNo },
        {
          label: F.state,
          children: (
            <Tag color={CANCEL_CHECK_STATE_COLOR[check.state]} data-testid="check-state">
              {check.stateText}
            </Tag>
          ),
        },
        { label: F.reason, children: check.reason },
        { label: F.requestedBy, children: check.requestedByName },
        { label: F.createdAt, children: formatTime(check.createdAt) },
        { label: F.performanceOrderNo, children: check.performanceOrderNo },
        { label: F.omsOrderNo, children: check.omsOrderNo },
        {
          label: F.orderStatus,
          children: <Tag color={FULFILMENT_STATUS_COLOR[check.orderStatus]}>{check.orderStatusText}</Tag>,
        },
        { label: F.receiver, children: `${check.receiverName} ${check.receiverPhone}` },
        { label: F.delivery, children: check.deliveryTypeText },
        { label: F.items, children: check.itemsSummary },
        { label: F.amount, children: formatYuan(check.payCents) },
        { label: F.takenAt, children: formatTime(check.takenAt) },
        ...(check.decidedAt
          ? [
              { label: F.decidedBy, children: orDash(check.decidedByName) },
              { label: F.decidedAt, children: formatTime(check.decidedAt) },
              { label: F.decisionRemark, children: orDash(check.decisionRemark) },
            ]
          : []),
      ]}
    />
  );
}

type Props = { storeCode: string; checkId: number | undefined; onClose(): void };

/** 核查详情: the check and its order; 通过 / 驳回 for those who may decide while it is pending. */
export function CheckDrawer({ storeCode, checkId, onClose }: Props) {
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const detail = useQuery({
    queryKey: cancelCheckKeys.detail(storeCode, checkId ?? 0),
    queryFn: ({ signal }) => cancelChecksApi.detail(storeCode, checkId ?? 0, signal),
    enabled: Boolean(storeCode && checkId),
    retry: false,
  });
  const check = detail.data;

  return (
    <Drawer
      open={checkId !== undefined}
      title={L.detail.title}
      size="min(480px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      data-testid="check-drawer"
      extra={
        check?.canDecide ? (
          <Space>
            <Button data-testid="check-reject" onClick={() => setDecision('rejected')}>
              {L.decide.reject}
            </Button>
            <Button type="primary" danger data-testid="check-approve" onClick={() => setDecision('approved')}>
              {L.decide.approve}
            </Button>
          </Space>
        ) : null
      }
    >
      {detail.isLoading ? <Spin description={L.common.loading} /> : null}
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(detail.error) ? detail.error.message : L.common.loadFailed}
        />
      ) : null}
      {check ? <CheckDescriptions check={check} /> : null}
      {check ? (
        <DecideDialog
          decision={decision}
          storeCode={storeCode}
          checkId={check.id}
          onClose={() => setDecision(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: cancelCheckKeys.all })}
        />
      ) : null}
    </Drawer>
  );
}
