import { cancelCheckEndpoints, type CancelCheckDetail } from '@console/contract';
import { Button, Descriptions, Drawer, Space, Tag } from 'antd';
import { DetailState, useDetailQuery } from '../../components/detail/detail-page';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { COMMON_LABELS } from '../../components/labels';
import { useHasPermission } from '../../components/permission';
import { formatTime, formatYuan } from '../../lib/format/display';
import { call } from '../../lib/http';
import { cancelCheckKeys, DECIDE_PERMISSION } from './cancel-check-keys';
import { CANCEL_CHECK_STATE_COLOR } from './cancel-check-state';
import type { Decision } from './decide-dialog';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS;
const F = L.fields;
const orDash = (text: string | null | undefined) => (text ? text : COMMON_LABELS.none);

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

type Props = {
  storeCode: string;
  checkId: number | undefined;
  onClose(): void;
  onDecide(decision: Decision): void;
};

/** 核查详情: the check and its order; 通过 / 驳回 for those who may decide while it is pending. */
export function CheckDrawer({ storeCode, checkId, onClose, onDecide }: Props) {
  const mayDecide = useHasPermission(DECIDE_PERMISSION);
  const detail = useDetailQuery({
    key: cancelCheckKeys.detail(storeCode),
    recordKey: checkId ?? null,
    // Silent: the drawer shows "not found" or the failure in place.
    load: (id, signal) =>
      call(cancelCheckEndpoints.detail, { storeCode, id }, { signal, flags: { silent: true } }),
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
        check?.canDecide && mayDecide ? (
          <Space>
            <Button data-testid="check-reject" onClick={() => onDecide({ state: 'rejected', id: check.id })}>
              {L.decide.reject}
            </Button>
            <Button
              type="primary"
              danger
              data-testid="check-approve"
              onClick={() => onDecide({ state: 'approved', id: check.id })}
            >
              {L.decide.approve}
            </Button>
          </Space>
        ) : null
      }
    >
      {checkId === undefined ? null : (
        <DetailState detail={detail}>{(data) => <CheckDescriptions check={data} />}</DetailState>
      )}
    </Drawer>
  );
}
